#!/usr/bin/env node
/**
 * `npm run bench:scale -w mock-api`: the fake backend at scale (issue 22, point 4). Starts the
 * in-browser backend with the seed plus N generated posts (default 50,000) and times calls
 * through `fetch`, from the request to the parsed answer: v2's like and the first page of every
 * feed, and the v1 calls they replace (a v1 like answers every post; the apps built their feeds
 * from GET /posts). Reports median, p95, max and the answer size (./scenario.js). A benchmark:
 * it measures, it asserts nothing.
 *
 *   node mock-api/bench/v2-scale.js [--browser [--persist]] [--direct] [--posts 50000] [--runs 200] [--v1-runs 10] [--root <mock-api folder>]
 *
 * Where it runs:
 * - default: Node, MirageJS in a jsdom window (as in the tests), no storage, no delay;
 * - --browser: headless Chromium (/usr/bin/chromium, or CHROMIUM_PATH), the backend bundled
 *   by webpack, as the product runs it; --persist keeps the data in IndexedDB, as the product
 *   does by default (each write is then also an IndexedDB transaction);
 * - --direct: Node, each request handed straight to the backend's route wrapper
 *   (mock-api/test/support/direct-fetch.ts: the same parsing, token check, handler and
 *   serialising, without MirageJS's fake XMLHttpRequest, the fetch polyfill and their timers),
 *   which shows the backend's own cost apart from MirageJS's fixed cost per call ("floor").
 * --root runs the same calls on another copy of mock-api's sources (e.g. an older commit's,
 * extracted with `git archive`) to compare; v2 calls are left out where it has no v2 routes.
 *
 * On this mock-api's own sources it writes mock-api/bench/latest-scale.json and .md (the
 * report docs/api.md links to): the latest run of each place (jsdom, direct, browser, browser
 * with IndexedDB), so a run of one keeps the others, with the goals of issue 22 point 4 (at
 * 50,000 posts, a v2 like ≤ 5 ms and a first page of any feed ≤ 20 ms, at the median).
 */
const path = require('path');
const fs = require('fs');
const os = require('os');
const { requireTypeScript } = require('./require-ts');
const { runScenario, table } = require('./scenario');
const { machineLine } = require('../../tools/machine');

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const POSTS = Number(option('--posts', 50_000));
const RUNS = Number(option('--runs', 200));
const V1_RUNS = Number(option('--v1-runs', 10));
const ROOT = path.resolve(option('--root', path.join(__dirname, '..')));
const MODE = argv.includes('--browser') ? 'browser' : argv.includes('--direct') ? 'direct' : 'jsdom';
const PERSIST = argv.includes('--persist');
const HAS_V2 = fs.existsSync(path.join(ROOT, 'src', 'server', 'v2'));

/** A browser-like global scope for MirageJS (pretender patches its XMLHttpRequest and fetch). */
function jsdomGlobals() {
  const { JSDOM } = require('jsdom');
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/' });
  for (const name of [
    'window',
    'document',
    'location',
    'navigator',
    'XMLHttpRequest',
    'localStorage',
    'history',
    'FormData',
    'Blob',
    'CustomEvent',
    'Event',
  ]) {
    if (!(name in globalThis) || name === 'window' || name === 'XMLHttpRequest') {
      Object.defineProperty(globalThis, name, {
        value: name === 'window' ? dom.window : dom.window[name],
        configurable: true,
        writable: true,
      });
    }
  }
  globalThis.self = globalThis;
}

async function inNode() {
  requireTypeScript();
  const { TEST_CREDENTIALS } = require(path.join(ROOT, 'src', 'contract.ts'));
  const started = performance.now();
  let shutdown = () => undefined;
  if (MODE === 'direct') {
    const { Backend } = require(path.join(ROOT, 'src', 'server', 'backend.ts'));
    const { directFetch } = require(path.join(ROOT, 'test', 'support', 'direct-fetch.ts'));
    globalThis.fetch = directFetch(new Backend({ persist: false, extraPosts: POSTS, reset: false }));
  } else {
    jsdomGlobals();
    const server = require(path.join(ROOT, 'src', 'server', 'index.ts')).makeServer({ environment: 'test', extraPosts: POSTS });
    shutdown = () => server.shutdown();
  }
  const load = performance.now() - started;
  const result = await runScenario({ credentials: TEST_CREDENTIALS, hasV2: HAS_V2, runs: RUNS, v1Runs: V1_RUNS });
  shutdown();
  return { ...result, load };
}

/** Bundles ./browser-entry.js with the backend of ROOT. */
function bundle() {
  const webpack = require('webpack');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-api-bench-'));
  return new Promise((resolve, reject) => {
    webpack(
      {
        mode: 'production',
        target: 'web',
        devtool: false,
        entry: path.join(__dirname, 'browser-entry.js'),
        output: { path: outDir, filename: 'bench.js' },
        resolve: { extensions: ['.ts', '.js'], alias: { '@bench-root': ROOT } },
        module: {
          rules: [
            { test: /\.ts$/, use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(ROOT, 'tsconfig.json') } } },
          ],
        },
        optimization: { minimize: false },
        performance: { hints: false },
      },
      (error, stats) => {
        if (error || stats.hasErrors()) reject(error ?? new Error(stats.toString('errors-only')));
        else resolve(path.join(outDir, 'bench.js'));
      },
    );
  });
}

async function inBrowser() {
  const script = await bundle();
  const browser = await require('../../tools/chromium').launchChromium();
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    // The page and its script come from here; /api is answered inside the page by MirageJS.
    await page.route('http://bench.localhost/**', (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === '/bench.js') return route.fulfill({ contentType: 'text/javascript', body: fs.readFileSync(script) });
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>mock-api bench</title><script src="/bench.js"></script>',
      });
    });
    await page.goto('http://bench.localhost/');
    await page.waitForFunction(() => typeof globalThis.runBench === 'function');
    return await page.evaluate((options) => globalThis.runBench(options), {
      posts: POSTS,
      runs: RUNS,
      v1Runs: V1_RUNS,
      persist: PERSIST,
      hasV2: HAS_V2,
    });
  } finally {
    await browser.close();
  }
}

async function main() {
  const { posts, results, load } = MODE === 'browser' ? await inBrowser() : await inNode();
  const where = {
    jsdom: 'Node + jsdom, through MirageJS and fetch, no storage',
    direct: 'Node, straight to the route wrapper (--direct), no storage',
    browser: `headless Chromium, through MirageJS and fetch, ${PERSIST ? 'data in IndexedDB' : 'no storage'}`,
  }[MODE];
  console.log(
    `mock-api scale bench: ${posts.toLocaleString('en')} posts (seed + ${POSTS.toLocaleString('en')} generated; backend ready in ${load.toFixed(0)} ms)`,
  );
  console.log(`${where}; sources: ${path.relative(process.cwd(), ROOT) || '.'}`);
  console.log(table(results));
  if (ROOT === path.join(__dirname, '..')) {
    const place = MODE === 'browser' && PERSIST ? 'browser-persist' : MODE;
    writeReport(place, {
      date: new Date().toISOString(),
      where,
      posts,
      generated: POSTS,
      backendReadyMs: Math.round(load),
      machine: machineLine('at the end'),
      results,
    });
  }
}

const LATEST = path.join(__dirname, 'latest-scale');
const GOALS = [
  { text: 'v2 like ≤ 5 ms', test: (r) => r.label.startsWith('v2 like'), limit: 5 },
  { text: 'first page of every v2 feed ≤ 20 ms', test: (r) => r.label.startsWith('v2 ') && r.label.includes('GET'), limit: 20 },
];

/** Keeps the latest run of each place in latest-scale.json and renders latest-scale.md from all of them. */
function writeReport(place, run) {
  const file = `${LATEST}.json`;
  const runs = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  runs[place] = run;
  fs.writeFileSync(file, `${JSON.stringify(runs, null, 2)}\n`);
  const ms = (v) => v.toFixed(2);
  const lines = [
    '# Fake backend at scale (`npm run bench:scale -w mock-api`)',
    '',
    'Written by mock-api/bench/v2-scale.js: each call timed through `fetch`, from the request to the parsed answer, each in a fresh task. One section per place it ran; each keeps its own date and machine.',
  ];
  for (const [name, r] of Object.entries(runs)) {
    lines.push(
      '',
      `## ${name}: ${r.where}`,
      '',
      `${r.date}; ${r.posts.toLocaleString('en')} posts (seed + ${r.generated.toLocaleString('en')} generated), backend ready in ${r.backendReadyMs.toLocaleString('en')} ms; ${r.machine}.`,
      '',
      '| call | median ms | p95 ms | max ms | runs | answer bytes |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...r.results.map(
        (x) => `| ${x.label} | ${ms(x.median)} | ${ms(x.p95)} | ${ms(x.max)} | ${x.runs} | ${x.bytes.toLocaleString('en')} |`,
      ),
      '',
      ...GOALS.map((goal) => {
        const measured = r.results.filter(goal.test);
        if (measured.length === 0) return `- ${goal.text}: not measured`;
        const worst = measured.reduce((a, b) => (b.median > a.median ? b : a));
        return `- ${goal.text} (median, at ${r.generated.toLocaleString('en')} generated posts): ${worst.median <= goal.limit ? 'met' : 'NOT met'} (slowest: ${worst.label}, ${ms(worst.median)} ms)`;
      }),
    );
  }
  fs.writeFileSync(`${LATEST}.md`, `${lines.join('\n')}\n`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
