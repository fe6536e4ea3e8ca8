#!/usr/bin/env node
/**
 * `npm run bench`: serves the production builds (the federated product, and the same product
 * built as one bundle by `npm run build:single -w shell`), drives both in headless Chromium
 * over fresh contexts, alternating federated and single bundle run by run, and prints the
 * median / min / max of each figure and the federated ÷ single-bundle ratio. Also written to
 * tools/bench/latest.json and latest.md. A benchmark, not a test: it measures, it asserts nothing.
 *
 *   node tools/bench/run.js [--runs 15] [--skip-build-times] [--only <scenario id>]
 *   BENCH_RUNS=3 BENCH_QUICK=1 node tools/bench/run.js   (iterations: fewer runs, no build times)
 * With --only, latest.json and latest.md keep the other scenarios' figures and the build times
 * of the latest full run, and say so.
 *
 * Scenarios are modules in tools/bench/scenarios/*.js exporting
 *   { id, variants: [{ name, params, …anything else run() reads from `variant` }], labels: { key: [label, unit] },
 *     targets?: ['federated', 'single'], sameInEveryVariant?: [key],
 *     run({ openPage, baseUrl, params, target }) → { key: number|null } }
 * sameInEveryVariant: figures no variant parameter can change; also reported over all variants' runs.
 * openPage([contextOptions]) gives a fresh context's page with network tracking (./network.js).
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, execSync } = require('child_process');
const { launchChromium } = require('../chromium');
const { answers, startServers } = require('../../e2e/support/servers');
const { trackNetwork } = require('./network');
const apps = require('../apps');

const root = path.resolve(__dirname, '..', '..');
const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
// 15 runs by default: the ratio goal for "Log In" visible is 5 % of about 200 ms, while single
// runs of that figure spread by ±30 % on a 2-core machine; a median of 5 moved by more than 5 %
// from one bench run to the next, a median of 15 much less.
const RUNS = Number(option('--runs') ?? process.env.BENCH_RUNS) || 15;
const QUICK = process.env.BENCH_QUICK === '1';
const SKIP_BUILD_TIMES = QUICK || argv.includes('--skip-build-times');
const ONLY = option('--only');
const TARGETS = {
  federated: { label: 'federated', baseUrl: 'http://localhost:3000' },
  single: { label: 'single bundle', baseUrl: 'http://localhost:4000' },
};

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], runs: values.length };
};

// Precise heap figures for the bench's JS heap rows.
const launch = () => launchChromium(['--enable-precise-memory-info']);

/**
 * A fresh context (empty cache and storage) with React DevTools' hook to count React copies;
 * `contextOptions` are Playwright's, for a scenario that needs more (a proxy).
 */
async function openPage(browser, contextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  await context.addInitScript(() => {
    const renderers = new Map();
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      isDisabled: false,
      supportsFiber: true,
      renderers,
      inject(r) {
        renderers.set(renderers.size + 1, r);
        return renderers.size;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
  const page = await context.newPage();
  const net = await trackNetwork(page);
  return { page, net, close: () => context.close() };
}

/** The single-bundle build on port 4000 (tools/serve.js shell --single). */
async function startSingleServer() {
  const child = spawn(process.execPath, [path.join(root, 'tools', 'serve.js'), 'shell', '--single'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const end = Date.now() + 20000;
  while (!(await answers(4000))) {
    if (Date.now() > end || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error('The single-bundle server did not start on port 4000.');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return () => child.kill('SIGTERM');
}

/** Median (min–max) of each figure for each build, and the federated ÷ single-bundle ratio. */
function figuresOf(runs, keys) {
  const figures = {};
  for (const key of keys) {
    figures[key] = {};
    for (const [target, targetRuns] of Object.entries(runs)) {
      const values = targetRuns.map((r) => r[key]).filter((v) => typeof v === 'number');
      if (values.length) figures[key][target] = stats(values);
    }
    const f = figures[key].federated?.median;
    const s = figures[key].single?.median;
    if (typeof f === 'number' && typeof s === 'number' && s !== 0) figures[key].ratio = f / s;
  }
  return figures;
}

function loadScenarios() {
  const dir = path.join(__dirname, 'scenarios');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort()
    .map((f) => require(path.join(dir, f)))
    .filter((s) => !ONLY || s.id === ONLY);
}

/** The figures of the latest run (latest.json), or null when there are none. */
function readLatest() {
  try {
    const latest = JSON.parse(fs.readFileSync(path.join(__dirname, 'latest.json'), 'utf8'));
    return latest && typeof latest.results === 'object' ? latest : null;
  } catch {
    return null;
  }
}

function timeBuild(command, cwd) {
  const start = Date.now();
  // Without webpack's persistent cache: the figures are whole builds, as before it existed.
  execSync(command, { cwd, stdio: 'ignore', env: { ...process.env, ORBIT_WEBPACK_CACHE: '0' } });
  return (Date.now() - start) / 1000;
}

const fmt = (v) => (v === undefined ? '–' : Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(1));

async function main() {
  for (const folder of Object.keys(apps)) {
    if (!fs.existsSync(path.join(root, folder, 'dist', 'index.html')))
      throw new Error(`${folder}/dist is missing: run npm run build first (npm run bench does).`);
  }
  if (!fs.existsSync(path.join(root, 'shell', 'dist-single', 'index.html')))
    throw new Error('shell/dist-single is missing: run npm run build:single -w shell first (npm run bench does).');
  // Before any server starts: a scenario that fails to load leaves nothing listening.
  const scenarios = loadScenarios();
  const stopFederated = await startServers();
  let stopSingle = () => {};
  let results = {};
  try {
    stopSingle = await startSingleServer();
    const browser = await launch();
    try {
      for (const scenario of scenarios) {
        const targets = scenario.targets ?? ['federated', 'single'];
        // One run of each build first, not counted: the static servers were just started, and a
        // Node process serves its first requests from cold code (tens of ms each). The federated
        // build's first load goes through six such servers, the single bundle's through one.
        // Every counted run is still a fresh browser context with an empty cache.
        for (const target of targets)
          await scenario.run({
            openPage: (contextOptions) => openPage(browser, contextOptions),
            baseUrl: TARGETS[target].baseUrl,
            params: scenario.variants[0].params,
            variant: scenario.variants[0],
            target,
          });
        const allRuns = Object.fromEntries(targets.map((t) => [t, []]));
        for (const variant of scenario.variants) {
          const runs = Object.fromEntries(targets.map((t) => [t, []]));
          for (let i = 0; i < RUNS; i++) {
            // Alternate which build goes first, so neither always meets a warmer machine.
            const order = i % 2 ? [...targets].reverse() : targets;
            for (const target of order) {
              runs[target].push(
                await scenario.run({
                  openPage: (contextOptions) => openPage(browser, contextOptions),
                  baseUrl: TARGETS[target].baseUrl,
                  params: variant.params,
                  variant,
                  target,
                }),
              );
            }
          }
          for (const target of targets) allRuns[target].push(...runs[target]);
          results[`${variant.name}`] = {
            scenario: scenario.id,
            labels: scenario.labels,
            figures: figuresOf(runs, Object.keys(scenario.labels)),
          };
          console.error(`measured: ${scenario.id} / ${variant.name}`);
        }
        // Figures taken before anything a variant sets can matter (e.g. /login, before the first
        // API call): every variant measured the same thing, so all their runs make one median.
        if (scenario.sameInEveryVariant?.length && scenario.variants.length > 1) {
          const name = `all ${scenario.variants.length} variants above (${scenario.variants.length * RUNS} runs)`;
          results[name] = { scenario: scenario.id, labels: scenario.labels, figures: figuresOf(allRuns, scenario.sameInEveryVariant) };
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    stopSingle();
    stopFederated();
  }

  const buildTimes = {};
  if (!SKIP_BUILD_TIMES) {
    for (const folder of Object.keys(apps)) buildTimes[folder] = timeBuild('npx webpack --mode production', path.join(root, folder));
    buildTimes.all = timeBuild('node tools/run-all.js build --force', root);
    buildTimes.single = timeBuild('npm run build:single -w shell', root);
  }

  const lines = [];
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
  lines.push(`Machine: ${machine}; ${RUNS} fresh-context runs per figure and build, federated and single bundle alternating.`);
  // A run of one scenario (--only) keeps the other scenarios' figures and the build times of the
  // latest full run, and says which run measured which.
  let fullRun = { machine, runs: RUNS };
  const earlier = ONLY ? readLatest() : null;
  if (earlier) {
    fullRun = earlier.fullRun ?? { machine: earlier.machine, runs: earlier.runs };
    lines.push(
      `Only \`${ONLY}\` was measured in this run; the other rows are from the latest full run: ${fullRun.machine}; ${fullRun.runs} runs per figure and build.`,
    );
    const measured = results;
    results = Object.fromEntries(Object.entries(earlier.results).filter(([, r]) => r.scenario !== ONLY));
    Object.assign(results, measured);
    if (!Object.keys(buildTimes).length) Object.assign(buildTimes, earlier.buildTimes);
  }
  lines.push('');
  lines.push('| Scenario | Figure | Federated: median (min–max) | Single bundle: median (min–max) | Ratio |');
  lines.push('|---|---|---:|---:|---:|');
  // A ratio (unit ×) gets two decimals, as in the last column: its goals are like "≤ 0.5".
  // A layout shift score (unit CLS) gets three: its goal is 0.05.
  const cell = (s, unit) => {
    const show = unit === '×' ? (v) => v.toFixed(2) : unit === 'CLS' ? (v) => v.toFixed(3) : fmt;
    return s ? `${show(s.median)} (${show(s.min)}–${show(s.max)})` : '–';
  };
  for (const [variant, { labels, figures }] of Object.entries(results)) {
    for (const [key, f] of Object.entries(figures)) {
      if (!f.federated && !f.single) continue;
      const [label, unit] = labels[key] ?? [key, ''];
      lines.push(
        `| ${variant} | ${label}${unit ? ` (${unit})` : ''} | ${cell(f.federated, unit)} | ${cell(f.single, unit)} | ${f.ratio === undefined ? '–' : `${f.ratio.toFixed(2)}×`} |`,
      );
    }
  }
  if (Object.keys(buildTimes).length) {
    lines.push('');
    lines.push('| Production build | Seconds |');
    lines.push('|---|---:|');
    const names = { all: 'all six (npm run build)', single: 'single bundle (npm run build:single -w shell)' };
    for (const [name, seconds] of Object.entries(buildTimes)) lines.push(`| ${names[name] ?? name} | ${seconds.toFixed(1)} |`);
  }
  const table = lines.join('\n');
  console.log(table);
  fs.writeFileSync(
    path.join(__dirname, 'latest.json'),
    JSON.stringify({ machine, runs: RUNS, fullRun, results, buildTimes }, null, 2) + '\n',
  );
  fs.writeFileSync(path.join(__dirname, 'latest.md'), table + '\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
