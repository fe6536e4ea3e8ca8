/**
 * Like round trip against the in-browser fake backend: the time from sending
 * POST /api/posts/like (or /dislike) to having the parsed answer (every post), with the API
 * delay at 0, for the seed, 1,000 and 5,000 posts. The calls are made in the page with fetch,
 * as the apps' client makes them. A module of `npm run bench` (tools/bench/run.js); also runs
 * alone on built apps: `node tools/bench/like-round-trip.js [--runs 3]` (under the ports lock).
 */
const SCENARIOS = [
  { name: 'seed data', seedPosts: 0 },
  { name: '1,000 posts', seedPosts: 1000 },
  { name: '5,000 posts', seedPosts: 5000 },
];
const LIKES_PER_RUN = 20;
const CREDENTIALS = { username: 'adarsh@socialmfe.dev', password: 'adarsh123' };

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], runs: values.length };
};

/** One fresh context: start the backend with the scenario's data, then time LIKES_PER_RUN likes/dislikes; the median. */
async function oneRun(browser, shell, { seedPosts }) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const query = seedPosts ? `?api-delay=0&seed-posts=${seedPosts}` : '?api-delay=0&reset-data';
    await page.goto(`${shell}/login${query}`);
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    // The backend starts beside the first render: wait until /api answers JSON.
    await page.waitForFunction(
      () =>
        fetch('/api/test-todos')
          .then((r) => (r.headers.get('content-type') ?? '').includes('json'))
          .catch(() => false),
      undefined,
      { timeout: 120000, polling: 200 },
    );
    return await page.evaluate(
      async ({ credentials, likes }) => {
        const call = async (method, path, token) => {
          const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
          if (token) headers.authorization = token;
          const body = method === 'POST' ? JSON.stringify(path === '/auth/login' ? credentials : {}) : undefined;
          const response = await fetch(`/api${path}`, { method, headers, body });
          const text = await response.text();
          if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
          return JSON.parse(text);
        };
        const { encodedToken, foundUser } = await call('POST', '/auth/login');
        const { posts } = await call('GET', '/posts');
        const target = posts.find((p) => !p.likes.likedBy.some((u) => u._id === foundUser._id)) ?? posts[0];
        const times = [];
        for (let i = 0; i < likes; i += 1) {
          const start = performance.now();
          await call('POST', `/posts/${i % 2 === 0 ? 'like' : 'dislike'}/${encodeURIComponent(target._id)}`, encodedToken);
          times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        return times[Math.floor(times.length / 2)];
      },
      { credentials: CREDENTIALS, likes: LIKES_PER_RUN },
    );
  } finally {
    await context.close();
  }
}

/** Figures in run.js's shape: { '<scenario>': { likeRoundTripMs: stats } }. */
async function measureLikeRoundTrips(browser, { shell, runs = 5 }) {
  const results = {};
  for (const scenario of SCENARIOS) {
    const values = [];
    for (let i = 0; i < runs; i += 1) values.push(await oneRun(browser, shell, scenario));
    results[`${scenario.name}, API delay 0 ms (like round trip)`] = { likeRoundTripMs: stats(values) };
    console.error(`measured: like round trip, ${scenario.name}`);
  }
  return results;
}

const LABELS = { likeRoundTripMs: ['like: request sent to answer parsed (median of 20 per run)', 'ms'] };

module.exports = { measureLikeRoundTrips, LABELS };

if (require.main === module) {
  const { chromium } = require('playwright-core');
  const { startServers } = require('../../e2e/support/servers');
  const argv = process.argv.slice(2);
  const runs = Number(argv[argv.indexOf('--runs') + 1]) || 3;
  (async () => {
    const stop = await startServers();
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const results = await measureLikeRoundTrips(browser, { shell: 'http://localhost:3000', runs });
      for (const [scenario, { likeRoundTripMs: s }] of Object.entries(results)) {
        console.log(`${scenario}: median ${s.median.toFixed(1)} ms (min ${s.min.toFixed(1)}, max ${s.max.toFixed(1)}, ${s.runs} runs)`);
      }
    } finally {
      await browser.close();
      stop();
    }
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
