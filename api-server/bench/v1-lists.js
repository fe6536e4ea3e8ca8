#!/usr/bin/env node
/**
 * v1 lists on a public server (issue 53, finding 5; docs/api-server-security.md), on loopback,
 * bounded in count and time.
 *   npm run bench:v1-lists
 *   (= npm run build -w api-server && node tools/postgres.js -- node api-server/bench/v1-lists.js)
 *
 * - Starts api-server's production build in public mode (API_PUBLIC_MODE=1: what production
 *   always runs) on the throwaway PostgreSQL of tools/postgres.js (DATABASE_URL); the seed is
 *   loaded at its start. Read limits are set out of reach, so that the readers below are always
 *   answered: the figure is what the bounded, cached list costs, not what the budget refuses.
 * - Adds BENCH_POSTS posts (default 20,000) by the seed's members, two likes each (SQL, triggers
 *   off, counts recounted after).
 * - Another member (test user 1) reads the explore feed (GET /api/v2/feed/explore?limit=20), one
 *   request at a time: for PROBE_MS alone, then for PROBE_MS while READERS clients (4) each read
 *   GET /api/posts in a loop without a token, accepting br and gzip as browsers do (each loop
 *   at most READER_MAX_REQUESTS requests and until the probe ends). The readers run in a worker
 *   thread, so their answers never delay the probe's timing in this thread.
 * - Reports the explore p50 and p99 alone and under the readers (goal ≤ 20 ms and ≤ 100 ms under
 *   them), the readers' requests and answers (items, JSON and wire bytes), and the load average.
 * Writes api-server/bench/latest-v1-lists.json and .md.
 */
const fs = require('fs');
const http = require('http');
const path = require('path');
const { Client } = require('pg');
const { isMainThread, parentPort, Worker, workerData } = require('worker_threads');
const { freePort } = require('../../tools/free-port');
const { request, startApi, summary } = require('./kit');

const DATABASE_URL = process.env.DATABASE_URL;
const POSTS = Math.min(Number(process.env.BENCH_POSTS ?? 20_000), 200_000);
const READERS = 4;
const PROBE_MS = Number(process.env.BENCH_PROBE_MS ?? 10_000);
const PROBE_MAX_REQUESTS = 20_000;
const READER_MAX_REQUESTS = 200_000;
const EXPLORE = '/api/v2/feed/explore?limit=20';
const OTHER = { username: 'adarsh@socialmfe.dev', password: 'adarsh123' };
const AUTHORS = ['u2-meera', 'u3-kabir', 'u4-sara', 'u5-rohan'];
// Issue 53's goals for the other member's explore under the readers.
const GOALS = { p50Ms: 20, p99Ms: 100 };
const JSON_REPORT = path.join(__dirname, 'latest-v1-lists.json');
const MD_REPORT = path.join(__dirname, 'latest-v1-lists.md');

if (isMainThread && !DATABASE_URL) throw new Error('DATABASE_URL is not set: run `npm run bench:v1-lists`.');

/** The bench's posts, two likes each; counts recounted. */
async function load(client) {
  const iso = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')`;
  await client.query('begin');
  await client.query('set local session_replication_role = replica');
  await client.query(
    `insert into posts (id, numeric_id, author_id, content, created_at, created_iso, updated_iso)
     select 'bench-v1-' || i, 'bench-v1-' || i, ($1::text[])[1 + i % 4], 'Bench post ' || i || ': ' || repeat('words ', 15),
       now() - i * interval '1 second', ${iso}, ${iso} from generate_series(1, $2::int) i`,
    [AUTHORS, POSTS],
  );
  await client.query(
    `insert into post_reactions (post_id, member_id, kind)
     select 'bench-v1-' || i, m, 'like' from generate_series(1, $1::int) i, unnest(array['u1-adarsh', 'u6-lena']) m`,
    [POSTS],
  );
  await client.query(`update posts p set like_count = (select count(*) from post_reactions r where r.post_id = p.id and r.kind = 'like')
    where p.id like 'bench-v1-%'`);
  await client.query(`update members m set post_count = (select count(*) from posts p where p.author_id = m.id)`);
  await client.query('commit');
  await client.query('analyze');
}

/** One GET's status and its bytes on the wire (not decoded). */
function wire(port, pathname) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${pathname} timed out`)));
    req.on('error', reject);
  });
}

/** The other member's explore reads, one at a time, for `ms`: their times in ms. */
async function probe(port, token, ms) {
  const times = [];
  const end = performance.now() + ms;
  for (let i = 0; i < PROBE_MAX_REQUESTS && performance.now() < end; i += 1) {
    const started = performance.now();
    const answer = await request(port, 'GET', EXPLORE, undefined, token);
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`explore answered ${answer.status}`);
  }
  return times;
}

/** One reader's loop until `stop()`: its statuses and wire bytes. */
async function reader(port, stop) {
  const tally = { requests: 0, ok: 0, refused: 0, bytes: 0 };
  for (let i = 0; i < READER_MAX_REQUESTS && !stop(); i += 1) {
    const answer = await wire(port, '/api/posts');
    tally.requests += 1;
    tally.bytes += answer.bytes;
    if (answer.status === 200) tally.ok += 1;
    else if (answer.status === 429) tally.refused += 1;
    else throw new Error(`GET /api/posts answered ${answer.status}`);
  }
  return tally;
}

function markdownOf(r) {
  const n = (value) => value.toLocaleString('en-US');
  const met = (ok) => (ok ? 'met' : 'NOT met');
  const row = (name, s) => `| ${name} | ${n(s.requests)} | ${s.p50Ms} | ${s.p99Ms} | ${s.maxMs} |`;
  return [
    `# v1 lists on a public server (\`npm run bench:v1-lists\`), ${r.date}`,
    '',
    `One api-server (production build, public mode) and one throwaway PostgreSQL on 127.0.0.1, ${n(r.posts)} posts. Load average when the run ended (1, 5, 15 min): ${r.load}.`,
    `\`GET /api/posts\` answered ${n(r.answer.items)} posts (API_V1_MAX_ITEMS): ${n(r.answer.jsonBytes)} bytes of JSON, ${n(r.answer.wireBytes)} on the wire (${r.answer.encoding}).`,
    '',
    '| Figure | Goal | Measured | |',
    '|---|---:|---:|---|',
    `| Another member's explore p50 under ${READERS} readers | ≤ ${GOALS.p50Ms} ms | ${r.during.p50Ms} ms | ${met(r.during.p50Ms <= GOALS.p50Ms)} |`,
    `| Another member's explore p99 under ${READERS} readers | ≤ ${GOALS.p99Ms} ms | ${r.during.p99Ms} ms | ${met(r.during.p99Ms <= GOALS.p99Ms)} |`,
    '',
    `The other member's \`GET ${EXPLORE}\`, one at a time, ${PROBE_MS / 1000} s each:`,
    '',
    '| | Requests | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|',
    row('Alone', r.baseline),
    row(`While ${READERS} clients read \`GET /api/posts\` in a loop`, r.during),
    '',
    `The readers: ${n(r.readers.requests)} requests (${n(r.readers.ok)} answered 200, ${n(r.readers.refused)} 429), ${n(r.readers.bytes)} bytes on the wire.`,
    '',
  ].join('\n');
}

async function main() {
  const port = await freePort();
  const api = await startApi(port, {
    API_PUBLIC_MODE: '1',
    API_READ_RATE_LIMIT: '100000000',
  });
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await load(client);
    const token = (await request(port, 'POST', '/api/v2/auth/login', OTHER)).body.encodedToken;
    const full = await request(port, 'GET', '/api/posts');
    if (full.status !== 200) throw new Error(`GET /api/posts answered ${full.status}`);
    const sample = await wire(port, '/api/posts');
    const answer = {
      items: full.body.posts.length,
      jsonBytes: Buffer.byteLength(JSON.stringify(full.body)),
      wireBytes: sample.bytes,
      encoding: sample.encoding,
    };
    const baseline = await probe(port, token, PROBE_MS);
    const worker = new Worker(__filename, { workerData: { port } });
    const tallies = new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const during = await probe(port, token, PROBE_MS);
    worker.postMessage('stop');
    const readerTallies = await tallies;
    await worker.terminate();
    const report = {
      date: new Date().toISOString().slice(0, 10),
      load: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
      posts: POSTS,
      answer,
      baseline: summary(baseline),
      during: summary(during),
      readers: readerTallies.reduce((all, t) => ({
        requests: all.requests + t.requests,
        ok: all.ok + t.ok,
        refused: all.refused + t.refused,
        bytes: all.bytes + t.bytes,
      })),
    };
    fs.writeFileSync(JSON_REPORT, `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(MD_REPORT, markdownOf(report));
    console.log(markdownOf(report));
  } finally {
    await client.end();
    api.kill();
  }
}

/** The worker thread: READERS loops until the main thread says stop, then their tallies. */
async function readers() {
  let stopped = false;
  parentPort.once('message', () => (stopped = true));
  const loops = Array.from({ length: READERS }, () => reader(workerData.port, () => stopped));
  parentPort.postMessage(await Promise.all(loops));
}

(isMainThread ? main() : readers()).catch((error) => {
  console.error(error);
  process.exit(1);
});
