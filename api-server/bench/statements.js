#!/usr/bin/env node
/**
 * `npm run bench:statements`: what one like and one home page cost in SQL, statement by
 * statement (pg_stat_statements, nested statements included), on a throwaway PostgreSQL and one
 * api-server from its production build, both on loopback. The network is bench:server's
 * (./run.js's generator) at BENCH_POSTS posts (default 100,000). After 50 warm-up calls, 1,000
 * likes (each a different post, 16 members in turn), 1,000 likes of the members' own posts (the
 * same operation, notifying nobody) and 1,000 home pages are made one at a time;
 * for each, the report lists the statements per request, their time, the write-ahead log they
 * wrote, and the statements that took most. Compare them before and after a change; the req/s
 * of bench:server (in alternating runs) says whether it mattered.
 * Writes api-server/bench/latest-statements.md.
 */
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const bench = require('./run');

const root = path.resolve(__dirname, '..', '..');
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const CALLS = 1000;
const WARM_UP = 50;
const MEMBERS = 16;

async function main() {
  bench.buildApiServer();
  const { db, postgres } = await bench.connectBenchDb();
  const server = await bench.startServer();
  try {
    await bench.generateMembers(db);
    await bench.generatePosts(db, 0, POSTS);
    await db.query('create extension if not exists pg_stat_statements');
    const tokens = [];
    for (let i = 1; i <= MEMBERS; i += 1) {
      const response = await fetch(`${server.url}/api/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `member${i}@bench.example`, password: bench.PASSWORD }),
      });
      if (!response.ok) throw new Error(`login member${i}: ${response.status}`);
      tokens.push((await response.json()).encodedToken);
    }
    // Posts of other members that nobody reacted to: every like is new and notifies its author.
    const posts = (
      await db.query(
        `select id from posts where like_count = 0 and dislike_count = 0 and author_id <> all($1::text[]) order by md5(id) limit $2`,
        [tokens.map((_, i) => `gm-${String(i + 1).padStart(6, '0')}`), CALLS + WARM_UP],
      )
    ).rows.map((row) => row.id);
    const sections = [];
    const measure = async (label, call) => {
      for (let i = 0; i < WARM_UP; i += 1) await call(i);
      await db.query('select pg_stat_statements_reset()');
      const walBefore = (await db.query('select pg_current_wal_lsn() as lsn, wal_fpi::bigint as fpi from pg_stat_wal')).rows[0];
      for (let i = WARM_UP; i < WARM_UP + CALLS; i += 1) await call(i);
      // What the requests wrote to the write-ahead log: its bytes and full-page images (a page's
      // first change after a checkpoint is logged whole, 8 KB).
      const wal = (
        await db.query(
          `select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::bigint as bytes, wal_fpi::bigint - $2::bigint as fpi from pg_stat_wal`,
          [walBefore.lsn, walBefore.fpi],
        )
      ).rows[0];
      const own = `query not like '%pg_stat_statements%'`;
      const total = (
        await db.query(
          `select sum(calls)::int as calls, (sum(calls) filter (where toplevel))::int as round_trips, sum(total_exec_time) filter (where toplevel) as ms from pg_stat_statements where ${own}`,
        )
      ).rows[0];
      const top = (
        await db.query(
          `select calls, total_exec_time as ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as query
           from pg_stat_statements where ${own} order by total_exec_time desc limit 15`,
        )
      ).rows;
      sections.push(
        [
          `## ${label}: ${(total.round_trips / CALLS).toFixed(1)} statements sent (${(total.calls / CALLS).toFixed(1)} with those run inside functions and triggers), ${(total.ms / CALLS).toFixed(3)} ms of their time, ${(Number(wal.bytes) / CALLS / 1024).toFixed(1)} KB of write-ahead log (${(Number(wal.fpi) / CALLS).toFixed(1)} full-page images) per request`,
          '',
          '| calls | ms per call | statement |',
          '| ---: | ---: | --- |',
          ...top.map(
            (row) => `| ${row.calls} | ${(row.ms / row.calls).toFixed(3)} | \`${row.query.replace(/\|/g, '\\|').replace(/`/g, "'")}\` |`,
          ),
        ].join('\n'),
      );
    };
    await measure('like: POST /api/v2/posts/like/{id}', async (i) => {
      const response = await fetch(`${server.url}/api/v2/posts/like/${posts[i]}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: tokens[i % MEMBERS] },
        body: '{}',
      });
      if (!response.ok) throw new Error(`like: ${response.status} ${await response.text()}`);
    });
    // Each member's own posts nobody reacted to: the same operation, notifying nobody.
    const own = (
      await db.query(
        `select author_id, array_agg(id order by md5(id)) as ids from posts where author_id = any($1::text[]) and like_count = 0 and dislike_count = 0 group by author_id`,
        [tokens.map((_, i) => `gm-${String(i + 1).padStart(6, '0')}`)],
      )
    ).rows.sort((a, b) => a.author_id.localeCompare(b.author_id));
    if (own.length !== MEMBERS || own.some((row) => row.ids.length < (CALLS + WARM_UP) / MEMBERS))
      throw new Error(`each bench member needs ${Math.ceil((CALLS + WARM_UP) / MEMBERS)} posts of their own nobody reacted to`);
    await measure('like, own post (no notification)', async (i) => {
      const ids = own[i % MEMBERS].ids;
      const response = await fetch(`${server.url}/api/v2/posts/like/${ids[Math.floor(i / MEMBERS)]}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: tokens[i % MEMBERS] },
        body: '{}',
      });
      if (!response.ok) throw new Error(`own like: ${response.status} ${await response.text()}`);
    });
    await measure('home page: GET /api/v2/feed/home?limit=20', async (i) => {
      const response = await fetch(`${server.url}/api/v2/feed/home?limit=20`, { headers: { authorization: tokens[i % MEMBERS] } });
      if (!response.ok) throw new Error(`home: ${response.status}`);
      await response.text();
    });
    const report = [
      `# SQL statements per request (\`npm run bench:statements\`), ${new Date().toISOString()}`,
      '',
      `PostgreSQL ${postgres} (throwaway, loopback), ${POSTS.toLocaleString('en')} posts, ${CALLS.toLocaleString('en')} requests of each call one at a time after ${WARM_UP} warm-up ones; statement time from pg_stat_statements (track = all: statements inside functions and triggers count).`,
      '',
      ...sections.flatMap((section) => [section, '']),
    ].join('\n');
    fs.writeFileSync(path.join(__dirname, 'latest-statements.md'), report);
    console.log(report);
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.on('exit', resolve));
    await db.end();
  }
}

if (process.env.ORBIT_BENCH_OWN_POSTGRES === '1') {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  // A server of its own with pg_stat_statements loaded (it must be preloaded at start).
  const child = spawn(process.execPath, [path.join(root, 'tools', 'postgres.js'), '--', process.execPath, __filename], {
    stdio: 'inherit',
    env: {
      ...process.env,
      ORBIT_BENCH_OWN_POSTGRES: '1',
      POSTGRES_OPTIONS:
        '-c shared_buffers=1GB -c jit=off -c max_wal_size=4GB -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all',
    },
  });
  child.on('exit', (code) => process.exit(code ?? 1));
}
