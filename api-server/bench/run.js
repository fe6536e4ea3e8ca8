#!/usr/bin/env node
/**
 * `npm run bench:server`: load on one api-server instance (its production build) over
 * loopback with autocannon, for 1,000 and 10,000 generated posts (plus the seed):
 *   - feed read:     GET /api/posts (the whole list the apps share)
 *   - explore page:  GET /api/posts/2/0 (the first page of Explore)
 *   - like:          POST /api/posts/like/{id} (a post the member had not liked)
 *   - post creation: POST /api/posts
 * Each measurement is bounded in time and count. Runs on PGlite (in memory) unless
 * DATABASE_URL is set (e.g. `node tools/postgres.js -- npm run bench:server`).
 * Writes api-server/bench/latest.json (latest-postgres.json on PostgreSQL). Run it under the port lock (it listens on 127.0.0.1:4005).
 */
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const autocannon = require('autocannon');

const root = path.resolve(__dirname, '..', '..');
const PORT = 4005;
const BASE = `http://127.0.0.1:${PORT}`;
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

async function startServer(posts) {
  const child = spawn(process.execPath, [path.join(root, 'api-server', 'dist', 'server.js')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      API_DATA_DIR: 'memory://',
      API_SEED_POSTS: String(posts),
      API_ALLOW_RESET: '1',
      API_AUTH_RATE_LIMIT: '100000',
      // One load generator on one address, one member: the read and write limits would answer 429.
      API_READ_RATE_LIMIT: '100000000',
      API_WRITE_RATE_LIMIT: '100000000',
      API_LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('listening on')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`api-server exited with ${code}`)));
  });
  // A reused PostgreSQL database may hold another size: start from the seed plus `posts`.
  const reset = await fetch(`${BASE}/api/__test/reset`, { method: 'POST' });
  if (!reset.ok) throw new Error(`reset failed: ${reset.status}`);
  return child;
}

/** One measurement: at most DURATION_S seconds and at most `max` requests. */
const run = ({ max, ...options }) =>
  new Promise((resolve, reject) => {
    autocannon({ url: BASE, duration: DURATION_S, maxOverallRequests: max, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });

const figures = (name, result) => ({
  name,
  requests: result.requests.total,
  rps: Math.round(result.requests.average * 10) / 10,
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
});

async function bench(posts) {
  const server = await startServer(posts);
  try {
    const login = await (await fetch(`${BASE}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'adarsh@socialmfe.dev', password: 'adarsh123' }) })).json();
    const auth = { authorization: login.encodedToken, 'Content-Type': 'application/json' };
    const all = (await (await fetch(`${BASE}/api/posts`)).json()).posts;
    const unliked = all.filter((p) => !p.likes.likedBy.some((u) => u._id === login.foundUser._id)).map((p) => p._id);
    const results = [];
    results.push(figures('feed read: GET /api/posts', await run({ connections: 4, max: 400, requests: [{ method: 'GET', path: '/api/posts' }] })));
    results.push(figures('explore page: GET /api/posts/2/0', await run({ connections: 8, max: 5000, requests: [{ method: 'GET', path: '/api/posts/2/0' }] })));
    let next = 0;
    results.push(
      figures(
        'like: POST /api/posts/like/{id}',
        await run({
          connections: 4,
          max: Math.min(400, unliked.length),
          requests: [{ method: 'POST', headers: auth, body: '{}', setupRequest: (request) => ({ ...request, path: `/api/posts/like/${unliked[next++ % unliked.length]}` }) }],
        }),
      ),
    );
    let n = 0;
    results.push(
      figures(
        'post creation: POST /api/posts',
        await run({
          connections: 4,
          max: 200,
          requests: [{ method: 'POST', path: '/api/posts', headers: auth, setupRequest: (request) => ({ ...request, body: JSON.stringify({ postData: { content: `Bench post ${n++} 🚀`, pic: '' } }) }) }],
        }),
      ),
    );
    return { posts: all.length, results };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.on('exit', resolve));
  }
}

async function main() {
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'api-server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const report = { date: new Date().toISOString(), database: process.env.DATABASE_URL ? 'postgres' : 'pglite (in memory)', durationSeconds: DURATION_S, runs: [] };
  for (const size of SIZES) {
    const { posts, results } = await bench(size);
    report.runs.push({ generatedPosts: size, totalPosts: posts, results });
    console.log(`\n${size} generated posts (${posts} in all), ${report.database}`);
    console.log('| request | requests | req/s | p50 ms | p99 ms | non-2xx |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const r of results) console.log(`| ${r.name} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
  }
  fs.writeFileSync(path.join(__dirname, process.env.DATABASE_URL ? 'latest-postgres.json' : 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
