#!/usr/bin/env node
/**
 * `npm run bench:server-browser`: the apps in the browser against api-server on a big network
 * (issue 22's browser goals): "Log In" click → first post at N posts is no slower than with the
 * seed data, and the JS heap after scrolling 200 posts of Home is ≤ 30 MB.
 *
 * - A throwaway PostgreSQL server and api-server's production build, as `npm run bench:server`
 *   (./run.js: its server start, data generator, members and password are reused).
 * - The seven apps' production builds (`npm run build` first) on ports 3000-3006 with the shell
 *   configured to call that api-server (tools/serve.js with ORBIT_API_BASE_URL, as
 *   `npm run serve:server`), everything on loopback.
 * - Two variants in one run: the seed data alone (api-server seeds an empty database; test
 *   user 1 logs in), then after generating the network of ./run.js (100,000 members and N
 *   posts; generated member 1, who follows others, logs in).
 * - Per variant, one warm-up run (not counted) then R runs, each in a fresh Chromium context:
 *   /login, the form filled and sent, "Log In" click to first post (as `npm run bench`'s
 *   first-load scenario); then Home scrolled (its sentinel loads the next page) until 200
 *   posts are on the page (bounded: SCROLL_BUDGET_MS, or a page that brings nothing in
 *   STEP_TIMEOUT_MS); then the JS heap in use and after GC (as first-load).
 * Prints medians (min-max), the ratio and the goals; writes api-server/bench/latest-browser.json
 * and latest-browser.md.
 *
 *   node api-server/bench/browser.js [--posts 1000000] [--runs 5]   (or BENCH_POSTS, BENCH_RUNS)
 */
const fs = require('fs');
const path = require('path');
const apps = require('../../tools/apps');
const { ENV, prepareServedConfig } = require('../../tools/api-config');
const { launchChromium } = require('../../tools/chromium');
const { CREDENTIALS, heapFigures, logInAt, loginMarks, watchLogin } = require('../../tools/bench/member');
const { startServers } = require('../../e2e/support/servers');
const { machineLine } = require('../../tools/machine');
const { MEMBERS, PASSWORD, buildApiServer, connectBenchDb, generateMembers, generatePosts, ownPostgres, startServer } = require('./run');

const root = path.resolve(__dirname, '..', '..');
const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const POSTS = Number(option('--posts') ?? process.env.BENCH_POSTS ?? 1_000_000);
const RUNS = Number(option('--runs') ?? process.env.BENCH_RUNS ?? 5);
const TARGET_POSTS = 200;
const HEAP_GOAL_MB = 30;
/** Bounds of one run's scroll: in all, and for one page to bring more posts. */
const SCROLL_BUDGET_MS = 120_000;
const STEP_TIMEOUT_MS = 15_000;
const BASE_URL = `http://localhost:${apps.shell.port}`;
const BENCH_MEMBER = { username: 'member1@bench.example', password: PASSWORD };
const REPORT = path.join(__dirname, 'latest-browser');

const LABELS = {
  loginToPostMs: ['"Log In" click to first post visible', 'ms'],
  scrollMs: [`Home scrolled to ${TARGET_POSTS} posts`, 'ms'],
  posts: ['posts on the page after scrolling', ''],
  heapMb: ['JS heap in use after scrolling', 'MB'],
  heapAfterGcMb: ['JS heap after GC after scrolling', 'MB'],
};

const stats = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], runs: sorted.length };
};
const round = (n) => (n === null || n === undefined ? '–' : n >= 100 || Number.isInteger(n) ? String(Math.round(n)) : n.toFixed(1));
const show = (s) => (s ? `${round(s.median)} (${round(s.min)}-${round(s.max)})` : '–');

/** The seven builds must be there: this bench serves them, it does not build them. */
function checkBuilds() {
  const missing = Object.keys(apps).filter((folder) => !fs.existsSync(path.join(root, folder, 'dist', 'index.html')));
  if (missing.length) {
    console.error(`No production build of ${missing.join(', ')} (…/dist/index.html): run \`npm run build\` first.`);
    process.exit(1);
  }
}

/** Scrolls Home until TARGET_POSTS posts are on the page, the feed stops growing, or time is up. */
async function scrollHome(page) {
  const start = Date.now();
  const count = () => page.locator('article').count();
  let posts = await count();
  for (let step = 0; step < 100 && posts < TARGET_POSTS && Date.now() - start < SCROLL_BUDGET_MS; step += 1) {
    // The sentinel below the last post: in view (600 px margin), the feed asks for its next page.
    await page.evaluate(() => document.querySelector('[data-testid="feed-sentinel"]')?.scrollIntoView({ block: 'end' }));
    const timeout = Math.min(STEP_TIMEOUT_MS, Math.max(1, SCROLL_BUDGET_MS - (Date.now() - start)));
    try {
      await page.waitForFunction((n) => document.querySelectorAll('article').length > n, posts, { timeout });
    } catch {
      break; // no more posts came: the end of Home, or a page that did not load in time
    }
    posts = await count();
  }
  return { posts, scrollMs: posts >= TARGET_POSTS ? Date.now() - start : null };
}

/** One run in a fresh context: log in, first post, scroll Home, heap. */
async function measureOnce(browser, credentials) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await watchLogin(page);
    await logInAt(page, BASE_URL, {}, credentials);
    const { marks } = await loginMarks(page);
    const { posts, scrollMs } = await scrollHome(page);
    const heap = await heapFigures(page, cdp);
    return { loginToPostMs: marks.firstPost - marks.click, scrollMs, posts, ...heap };
  } finally {
    await context.close();
  }
}

async function measureVariant(browser, name, credentials) {
  console.log(`\n${name} (${credentials.username}): 1 warm-up run, then ${RUNS}`);
  await measureOnce(browser, credentials);
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    const run = await measureOnce(browser, credentials);
    runs.push(run);
    console.log(
      `  run ${i + 1}: click → first post ${round(run.loginToPostMs)} ms; ${run.posts} posts${run.scrollMs === null ? ` (no more came within ${STEP_TIMEOUT_MS / 1000} s, or time was up)` : ` in ${round(run.scrollMs)} ms`}; heap ${round(run.heapMb)} MB, after GC ${round(run.heapAfterGcMb)} MB`,
    );
  }
  const figures = Object.fromEntries(Object.keys(LABELS).map((key) => [key, stats(runs.map((r) => r[key]))]));
  return { name, member: credentials.username, runs, figures };
}

function goals(seed, big) {
  const click = [seed.figures.loginToPostMs, big.figures.loginToPostMs];
  const allScrolled = big.runs.every((r) => r.posts >= TARGET_POSTS);
  const heap = big.figures.heapMb;
  return [
    {
      text: `"Log In" click → first post at ${POSTS.toLocaleString('en')} posts ≤ with the seed data (medians)`,
      met: click[0] && click[1] ? click[1].median <= click[0].median : null,
      detail: `${round(click[1]?.median)} ms against ${round(click[0]?.median)} ms`,
    },
    {
      text: `JS heap in use after scrolling ${TARGET_POSTS} posts of Home ≤ ${HEAP_GOAL_MB} MB (median, at ${POSTS.toLocaleString('en')} posts)`,
      met: allScrolled && heap ? heap.median <= HEAP_GOAL_MB : null,
      detail: allScrolled
        ? `${round(heap?.median)} MB (after GC ${round(big.figures.heapAfterGcMb?.median)} MB)`
        : `only ${big.figures.posts?.min ?? 0} posts reached in some run`,
    },
  ];
}

function markdown(report) {
  const [seed, big] = report.variants;
  const lines = [
    `# Browser against api-server (\`npm run bench:server-browser\`), ${report.date}`,
    '',
    `The production build of the seven apps in headless Chromium (fresh context per run, viewport 1280×900), against api-server on PostgreSQL ${report.postgres} (throwaway, loopback). ${report.runsPerVariant} runs per variant after one warm-up run; median (min-max). Machine: ${report.machine}.`,
    '',
    `- **seed data**: api-server's seed only; ${seed.member} logs in.`,
    `- **${report.posts.toLocaleString('en')} posts**: after generating ${report.members.toLocaleString('en')} members and their follows and ${report.posts.toLocaleString('en')} posts (api-server/bench/run.js); ${big.member} logs in.`,
    '',
    `| figure | seed data | ${report.posts.toLocaleString('en')} posts | ratio |`,
    '| --- | ---: | ---: | ---: |',
  ];
  for (const [key, [label, unit]] of Object.entries(LABELS)) {
    const a = seed.figures[key];
    const b = big.figures[key];
    const ratio = a && b && a.median > 0 ? `${(b.median / a.median).toFixed(2)}×` : '–';
    lines.push(`| ${label}${unit ? ` (${unit})` : ''} | ${show(a)} | ${show(b)} | ${ratio} |`);
  }
  lines.push('', 'Goals:', '');
  for (const goal of report.goals)
    lines.push(`- ${goal.text}: ${goal.met === null ? 'not measured' : goal.met ? 'met' : 'NOT met'} (${goal.detail})`);
  return `${lines.join('\n')}\n`;
}

async function main() {
  if (!Number.isInteger(POSTS) || POSTS < 1 || POSTS > 5_000_000)
    throw new Error(`--posts must be a whole number from 1 to 5,000,000: ${POSTS}`);
  if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 50) throw new Error(`--runs must be a whole number from 1 to 50: ${RUNS}`);
  checkBuilds();
  buildApiServer();
  const { db, postgres } = await connectBenchDb();
  const report = {
    date: new Date().toISOString(),
    postgres,
    posts: POSTS,
    members: MEMBERS,
    runsPerVariant: RUNS,
    machine: machineLine('at start'),
    variants: [],
  };
  // api-server migrates and seeds the empty database; the apps are served pointed at it, on loopback.
  const server = await startServer();
  let stopApps;
  let browser;
  try {
    console.log(`api-server on ${server.url}, PostgreSQL ${postgres}`);
    process.env[ENV] = server.url;
    process.env.ORBIT_SERVE_HOST = '127.0.0.1';
    stopApps = await startServers();
    browser = await launchChromium(['--enable-precise-memory-info']);
    report.variants.push(await measureVariant(browser, 'seed data', CREDENTIALS));

    console.log(`\ngenerating ${MEMBERS.toLocaleString('en')} members and their follows, then ${POSTS.toLocaleString('en')} posts…`);
    const membersMs = await generateMembers(db);
    const generate = await generatePosts(db, 0, POSTS);
    console.log(`  ${((membersMs + generate.loadMs + generate.vacuumAnalyzeMs) / 1000).toFixed(1)} s`);
    report.variants.push(await measureVariant(browser, `${POSTS.toLocaleString('en')} posts`, BENCH_MEMBER));
  } finally {
    await browser?.close();
    stopApps?.();
    // The build's own remotes.json back (tools/api-config.js): the next serve without the API finds it as built.
    delete process.env[ENV];
    prepareServedConfig(path.join(root, 'shell', 'dist'), 'shell');
    if (server.child.exitCode === null) {
      const exited = new Promise((resolve) => server.child.on('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    await db.end();
  }
  report.goals = goals(report.variants[0], report.variants[1]);
  fs.writeFileSync(`${REPORT}.json`, `${JSON.stringify(report, null, 2)}\n`);
  const md = markdown(report);
  fs.writeFileSync(`${REPORT}.md`, md);
  console.log(`\n${md}`);
}

ownPostgres(__filename, main);
