#!/usr/bin/env node
/**
 * Account deletion bench (issue 40, docs/account.md), on loopback, bounded in count and time.
 *   npm run bench:account-deletion
 *   (= npm run build -w api-server && node tools/postgres.js -- node api-server/bench/account-deletion.js)
 *
 * - Starts api-server's production build on the throwaway PostgreSQL of tools/postgres.js
 *   (DATABASE_URL); the seed is loaded at its start.
 * - Gives test user 3 (Kabir) BENCH_POSTS posts (default 10,000) with four likes each from other
 *   members, and BENCH_POSTS likes of their own on as many posts of another member: 50,000
 *   likes in all at the default. Loaded with SQL (triggers off, counts recounted after).
 * - Another member (test user 1) meanwhile likes and dislikes the posts Kabir liked (the rows
 *   the deletion changes counts on) and reads the explore feed, one request at a time: first
 *   for BASELINE_MS alone, then while Kabir's account is deleted through the API.
 * - Reports the deletion's time and the other member's request times (p50, p99, max) alone
 *   and during the deletion, and checks nothing of Kabir's is left.
 * Writes api-server/bench/latest-account-deletion.json and .md.
 */
const fs = require('fs');
const path = require('path');
const { Client } = require('pg');
const { freePort } = require('../../tools/free-port');
const { request, startApi, summary } = require('./kit');

const DATABASE_URL = process.env.DATABASE_URL;
const POSTS = Math.min(Number(process.env.BENCH_POSTS ?? 10_000), 50_000);
const LIKERS = ['u1-adarsh', 'u2-meera', 'u4-sara', 'u5-rohan'];
const MEMBER = { id: 'u3-kabir', username: 'kabir@socialmfe.dev', password: 'kabir1234' };
const OTHER = { username: 'adarsh@socialmfe.dev', password: 'adarsh123' };
const BASELINE_MS = 3000;
const DELETION_LIMIT_MS = 60_000;
const PROBE_MAX_REQUESTS = 20_000;
// Issue 40's goals.
const GOALS = { deletionMs: 10_000, blockedMs: 100 };
const JSON_REPORT = path.join(__dirname, 'latest-account-deletion.json');
const MD_REPORT = path.join(__dirname, 'latest-account-deletion.md');

if (!DATABASE_URL) throw new Error('DATABASE_URL is not set: run `npm run bench:account-deletion`.');

/** Kabir's posts, their likes, and Kabir's likes on Meera's bench posts; counts recounted. */
async function load(client) {
  const iso = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')`;
  await client.query('begin');
  await client.query('set local session_replication_role = replica');
  await client.query(
    `insert into posts (id, numeric_id, author_id, content, created_at, created_iso, updated_iso)
     select 'bench-k-' || i, 'bench-k-' || i, $1, 'Bench post ' || i, now() - i * interval '1 second', ${iso}, ${iso} from generate_series(1, $2::int) i`,
    [MEMBER.id, POSTS],
  );
  await client.query(
    `insert into posts (id, numeric_id, author_id, content, created_at, created_iso, updated_iso)
     select 'bench-o-' || i, 'bench-o-' || i, 'u2-meera', 'Other post ' || i, now() - i * interval '1 second', ${iso}, ${iso} from generate_series(1, $1::int) i`,
    [POSTS],
  );
  await client.query(
    `insert into post_reactions (post_id, member_id, kind) select 'bench-k-' || i, m, 'like' from generate_series(1, $1::int) i, unnest($2::text[]) m`,
    [POSTS, LIKERS],
  );
  await client.query(
    `insert into post_reactions (post_id, member_id, kind) select 'bench-o-' || i, $1, 'like' from generate_series(1, $2::int) i`,
    [MEMBER.id, POSTS],
  );
  await client.query(`update posts p set like_count = (select count(*) from post_reactions r where r.post_id = p.id and r.kind = 'like')
    where p.id like 'bench-%'`);
  await client.query(`update members m set post_count = (select count(*) from posts p where p.author_id = m.id)`);
  await client.query('commit');
  await client.query('analyze');
  const likes = await client.query(
    `select count(*)::int as n from post_reactions where member_id = $1 or post_id in (select id from posts where author_id = $1)`,
    [MEMBER.id],
  );
  return likes.rows[0].n;
}

/** The other member's requests, one at a time, until `until()` says stop: their times in ms. */
async function probe(port, token, until) {
  const times = [];
  for (let i = 0; i < PROBE_MAX_REQUESTS && !until(); i += 1) {
    const post = `bench-o-${1 + (i % POSTS)}`;
    const call =
      i % 3 === 2
        ? () => request(port, 'GET', '/api/v2/feed/explore?limit=20', undefined, token)
        : () => request(port, 'POST', `/api/v2/posts/${i % 3 === 0 ? 'like' : 'dislike'}/${post}`, {}, token);
    const started = performance.now();
    const answer = await call();
    times.push(performance.now() - started);
    if (answer.status >= 500) throw new Error(`probe request answered ${answer.status}`);
  }
  return times;
}

function markdownOf(report) {
  const n = (value) => value.toLocaleString('en-US');
  const met = (ok) => (ok ? 'met' : 'NOT met');
  const row = (name, s) => `| ${name} | ${n(s.requests)} | ${s.p50Ms} | ${s.p99Ms} | ${s.maxMs} |`;
  return [
    `# Account deletion bench (\`npm run bench:account-deletion\`), ${report.date}`,
    '',
    `One api-server (production build) and one throwaway PostgreSQL on 127.0.0.1. Load average when the run ended (1, 5, 15 min): ${report.load}.`,
    `The member had ${n(report.posts)} posts and ${n(report.likes)} likes (given and received).`,
    '',
    '| Figure | Goal | Measured | |',
    '|---|---:|---:|---|',
    `| Deleting the account (the request) | ≤ ${GOALS.deletionMs / 1000} s | ${(report.deletionMs / 1000).toFixed(2)} s | ${met(report.deletionMs <= GOALS.deletionMs)} |`,
    `| Another member's slowest request during it, less their slowest alone | ≤ ${GOALS.blockedMs} ms | ${report.blockedMs} ms | ${met(report.blockedMs <= GOALS.blockedMs)} |`,
    '',
    "The other member's requests (likes and dislikes on posts the deleted member liked, and the explore feed), one at a time:",
    '',
    '| | Requests | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|',
    row('Alone', report.baseline),
    row('During the deletion', report.during),
    '',
    `Left of the member afterwards: ${report.leftovers} rows in members, posts, post_reactions and sessions.`,
    '',
  ].join('\n');
}

async function main() {
  const port = await freePort();
  const api = await startApi(port, { API_REQUEST_TIMEOUT_MS: String(DELETION_LIMIT_MS) });
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const likes = await load(client);
    const member = (await request(port, 'POST', '/api/v2/auth/login', MEMBER)).body.encodedToken;
    const other = (await request(port, 'POST', '/api/v2/auth/login', OTHER)).body.encodedToken;
    const baselineEnd = performance.now() + BASELINE_MS;
    const baseline = await probe(port, other, () => performance.now() > baselineEnd);

    let done = false;
    const started = performance.now();
    const deletion = request(port, 'POST', '/api/v2/me/delete', { password: MEMBER.password }, member, DELETION_LIMIT_MS).then((answer) => {
      done = true;
      return answer;
    });
    const during = await probe(port, other, () => done);
    const answer = await deletion;
    const deletionMs = Math.round(performance.now() - started);
    if (answer.status !== 200) throw new Error(`deletion answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const left = await client.query(
      `select (select count(*) from members where id = $1) + (select count(*) from posts where author_id = $1)
        + (select count(*) from post_reactions where member_id = $1) + (select count(*) from sessions where member_id = $1) as n`,
      [MEMBER.id],
    );
    const b = summary(baseline);
    const d = summary(during);
    const report = {
      date: new Date().toISOString().slice(0, 10),
      load: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
      posts: POSTS,
      likes,
      deletionMs,
      baseline: b,
      during: d,
      blockedMs: Math.max(0, Math.round(d.maxMs - b.maxMs)),
      leftovers: Number(left.rows[0].n),
    };
    fs.writeFileSync(JSON_REPORT, `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(MD_REPORT, markdownOf(report));
    console.log(markdownOf(report));
  } finally {
    await client.end();
    api.kill();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
