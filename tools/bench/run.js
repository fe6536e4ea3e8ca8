#!/usr/bin/env node
/**
 * `npm run bench`: serves the production builds, drives them in headless Chromium over
 * fresh contexts, and prints median / min / max of each figure, also written to
 * tools/bench/latest.json and latest.md. A benchmark, not a test: it
 * asserts nothing, it measures. tools/bench/latest.json is committed with each new table, so
 * figures can be compared between commits.
 *
 *   node tools/bench/run.js [--runs 5] [--skip-build-times]
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execSync } = require('child_process');
const { chromium } = require('playwright-core');
const { startServers } = require('../../e2e/support/servers');
const apps = require('../apps');
const likeRoundTrip = require('./like-round-trip');

const root = path.resolve(__dirname, '..', '..');
const SHELL = 'http://localhost:3000';
const argv = process.argv.slice(2);
const RUNS = Number(argv[argv.indexOf('--runs') + 1]) || 5;
const SKIP_BUILD_TIMES = argv.includes('--skip-build-times');
const CREDENTIALS = { username: 'adarsh@socialmfe.dev', password: 'adarsh123' };

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], runs: values.length };
};

function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-precise-memory-info'],
  });
}

/** Counts JavaScript bytes on the wire (compressed) and requests, via the DevTools protocol. */
async function trackNetwork(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map();
  const totals = { jsBytes: 0, requests: 0, jsRequests: 0 };
  cdp.on('Network.requestWillBeSent', (e) => {
    totals.requests += 1;
    types.set(e.requestId, e.type);
  });
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    if (types.get(e.requestId) === 'Script') {
      totals.jsBytes += e.encodedDataLength;
      totals.jsRequests += 1;
    }
  });
  return { snapshot: () => ({ ...totals }) };
}

async function newPage(browser, { delay, seedPosts } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    const renderers = new Map();
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      isDisabled: false, supportsFiber: true, renderers,
      inject(r) { renderers.set(renderers.size + 1, r); return renderers.size; },
      onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {},
    };
  });
  const page = await context.newPage();
  const query = new URLSearchParams();
  if (delay !== undefined) query.set('api-delay', String(delay));
  if (seedPosts) query.set('seed-posts', String(seedPosts));
  return { context, page, query: query.toString() ? `?${query}` : '' };
}

/** Cold load of /login, log in, first post, then a like. */
async function oneRun(browser, { delay, seedPosts }) {
  const { context, page, query } = await newPage(browser, { delay, seedPosts });
  const net = await trackNetwork(page);
  const t0 = Date.now();
  await page.goto(`${SHELL}/login${query}`);
  await page.getByRole('button', { name: 'Log In' }).waitFor();
  const loginVisibleMs = Date.now() - t0;
  const atLogin = net.snapshot();

  await page.getByRole('textbox', { name: 'Email' }).fill(CREDENTIALS.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(CREDENTIALS.password);
  const t1 = Date.now();
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('article').first().waitFor({ timeout: 60000 });
  const loginToPostMs = Date.now() - t1;
  const atFeed = net.snapshot();

  const heapBytes = await page.evaluate(() => (performance.memory ? performance.memory.usedJSHeapSize : 0));
  const reactCopies = await page.evaluate(() => window.__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size);

  // Like the first post that can still be liked; time from click to the new count on screen.
  const likeMs = await page.evaluate(async () => {
    const buttons = [...document.querySelectorAll('article button[aria-label="Like"]')].filter((b) => b.getAttribute('aria-pressed') !== 'true' && !b.disabled);
    const button = buttons[0];
    if (!button) return null;
    const article = button.closest('article');
    const before = article.innerText;
    const start = performance.now();
    button.click();
    return await new Promise((resolve) => {
      const check = () => (article.innerText !== before ? resolve(performance.now() - start) : requestAnimationFrame(check));
      // Checked first in a microtask (React may have rendered synchronously), then every frame.
      queueMicrotask(check);
      setTimeout(() => resolve(null), 10000);
    });
  });
  await context.close();
  return {
    loginVisibleMs,
    loginJsKb: atLogin.jsBytes / 1024,
    loginRequests: atLogin.requests,
    loginToPostMs,
    feedJsKb: atFeed.jsBytes / 1024,
    feedRequests: atFeed.requests,
    heapMb: heapBytes / (1024 * 1024),
    reactCopies,
    likeMs,
  };
}

function timeBuild(command, cwd) {
  const start = Date.now();
  execSync(command, { cwd, stdio: 'ignore' });
  return (Date.now() - start) / 1000;
}

async function main() {
  for (const folder of Object.keys(apps)) {
    if (!fs.existsSync(path.join(root, folder, 'dist', 'index.html'))) throw new Error(`${folder}/dist is missing: run npm run build first (npm run bench does).`);
  }
  const stop = await startServers();
  const browser = await launch();
  const scenarios = [
    { name: 'seed data, API delay 400 ms', delay: 400 },
    { name: 'seed data, API delay 0 ms', delay: 0 },
    { name: '1,000 posts, API delay 0 ms', delay: 0, seedPosts: 1000 },
  ];
  const results = {};
  try {
    for (const scenario of scenarios) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await oneRun(browser, scenario));
      const figures = {};
      for (const key of Object.keys(runs[0])) {
        const values = runs.map((r) => r[key]).filter((v) => typeof v === 'number');
        if (values.length) figures[key] = stats(values);
      }
      results[scenario.name] = figures;
      console.error(`measured: ${scenario.name}`);
    }
    Object.assign(results, await likeRoundTrip.measureLikeRoundTrips(browser, { shell: SHELL, runs: RUNS }));
  } finally {
    await browser.close();
    stop();
  }

  const buildTimes = {};
  if (!SKIP_BUILD_TIMES) {
    for (const folder of Object.keys(apps)) buildTimes[folder] = timeBuild('npx webpack --mode production', path.join(root, folder));
    buildTimes.all = timeBuild('node tools/run-all.js build', root);
  }

  const labels = {
    loginVisibleMs: ['/login: navigation to "Log In" visible (cold)', 'ms'],
    loginJsKb: ['/login: JavaScript transferred (compressed)', 'KB'],
    loginRequests: ['/login: requests', ''],
    loginToPostMs: ['"Log In" click to first post visible', 'ms'],
    feedJsKb: ['home feed: JavaScript transferred (compressed, total)', 'KB'],
    feedRequests: ['home feed: requests (total)', ''],
    heapMb: ['JS heap in use with the feed shown', 'MB'],
    reactCopies: ['copies of React loaded', ''],
    likeMs: ['"Like" click to new count on screen', 'ms'],
    ...likeRoundTrip.LABELS,
  };
  const lines = [];
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
  lines.push(`Machine: ${machine}; ${RUNS} fresh-context runs per scenario.`);
  lines.push('');
  lines.push('| Scenario | Figure | Median | Min | Max |');
  lines.push('|---|---|---:|---:|---:|');
  const fmt = (v) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(1));
  for (const [scenario, figures] of Object.entries(results)) {
    for (const [key, s] of Object.entries(figures)) {
      const [label, unit] = labels[key] ?? [key, ''];
      lines.push(`| ${scenario} | ${label}${unit ? ` (${unit})` : ''} | ${fmt(s.median)} | ${fmt(s.min)} | ${fmt(s.max)} |`);
    }
  }
  if (Object.keys(buildTimes).length) {
    lines.push('');
    lines.push('| Production build | Seconds |');
    lines.push('|---|---:|');
    for (const [name, seconds] of Object.entries(buildTimes)) lines.push(`| ${name === 'all' ? 'all six (npm run build)' : name} | ${seconds.toFixed(1)} |`);
  }
  const table = lines.join('\n');
  console.log(table);
  fs.writeFileSync(path.join(__dirname, 'latest.json'), JSON.stringify({ machine, runs: RUNS, results, buildTimes }, null, 2) + '\n');
  fs.writeFileSync(path.join(__dirname, 'latest.md'), table + '\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
