#!/usr/bin/env node
/**
 * Lighthouse 12, mobile preset (simulated slow 4G, 4× CPU), on the production build: `/login`
 * cold (Lighthouse clears the origin's storage, service worker included) and `/` signed in
 * (a member logs in first; then the service worker, Cache Storage and the HTTP cache are
 * cleared, the token and the data stay, so `/` is a cold load of the home feed). Prints the
 * median of each figure over the runs; one fresh Chromium profile per run. Writes them to
 * tools/lighthouse-latest.json and tools/lighthouse-latest.md (the report the docs link to).
 *
 *   flock /tmp/orbit-ports.lock node tools/lighthouse.js [--runs 3] [--out another-copy.json]
 *   node tools/lighthouse.js --base http://localhost:3100   (builds already served there)
 *   node tools/lighthouse.js --only / --runs 1 --raw /tmp/lh   (one page; keep Lighthouse's own reports)
 *   node tools/lighthouse.js --only '/?api-delay=0'   (Home with the fake backend's delay off)
 *
 * Needs `npm run build` first; serves the build itself (tools/serve.js, like e2e and the bench)
 * unless --base names where it is served.
 * Lighthouse is not a dependency: it runs with `npx -y lighthouse@12` (13 needs Node 22).
 * Chromium: /usr/bin/chromium, or CHROME_PATH.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, execFileSync } = require('child_process');
const { chromium } = require('playwright-core');
const { startServers } = require('../e2e/support/servers');
const { freePort } = require('./free-port');

const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const RUNS = Number(option('--runs')) || 3;
const OUT = option('--out');
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const BASE = option('--base');
// --only /login or /: one page. --raw DIR: Lighthouse's full JSON of each run (its traces'
// audits: lcp-breakdown-insight, long-tasks, network-requests…) kept in DIR; the report files are then not written.
const ONLY = option('--only');
const RAW = option('--raw');
const SHELL = BASE ?? 'http://localhost:3000';
const REPORT = path.join(__dirname, 'lighthouse-latest');
// The goals of issue 24 (docs/offline.md, "Measured"); SEO, accessibility and best practices: 1.
const GOALS = { performance: 0.95, tbt: 150, lcp: 1800 };

async function launch() {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-lh-'));
  const child = spawn(
    CHROME,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (answer.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('Chromium did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    /** Stops this Chromium and, once it has exited (it writes its profile until then), removes the profile. */
    close: async () => {
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        // Chromium's helper processes can still write for a moment; a leftover temp folder is no reason to lose the figures.
        console.warn(`Could not remove ${profile}: ${error.message}`);
      }
    },
  };
}

/** Logs test user 1 in, then leaves only the token and the data: no worker, no cached files. */
async function signIn(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  const page = await context.newPage();
  await page.goto(`${SHELL}/login`);
  await page.getByRole('combobox', { name: 'Test credentials' }).selectOption({ label: 'Test user 1' });
  await page.getByRole('button', { name: 'Fill test credentials' }).click();
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.getByRole('article').first().waitFor();
  const cdp = await context.newCDPSession(page);
  const shellPort = Number(new URL(SHELL).port);
  for (const origin of [0, 1, 2, 3, 4, 5].map((n) => `http://localhost:${shellPort + n}`)) {
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  }
  await cdp.send('Network.clearBrowserCache');
  await page.goto('about:blank');
  await page.close();
  await browser.close(); // Disconnects; the Chromium process stays for Lighthouse.
}

function lighthouse(url, port, keepStorage) {
  const out = path.join(os.tmpdir(), `orbit-lh-${process.pid}-${Date.now()}.json`);
  const args = [
    '-y',
    'lighthouse@12',
    url,
    `--port=${port}`,
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--only-categories=performance,accessibility,best-practices,seo',
  ];
  if (keepStorage) args.push('--disable-storage-reset');
  // With --raw, Lighthouse also writes the run's trace and DevTools log beside its report.
  if (RAW) args.push('--save-assets');
  execFileSync('npx', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  if (RAW) {
    fs.mkdirSync(RAW, { recursive: true });
    const name = `${url.endsWith('/') ? 'home' : path.basename(url)}-${Date.now()}`;
    for (const file of fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(path.basename(out, '.json')))) {
      fs.renameSync(path.join(os.tmpdir(), file), path.join(RAW, file.replace(path.basename(out, '.json'), name)));
    }
  }
  fs.rmSync(out, { force: true });
  const score = (id) => report.categories[id]?.score ?? null;
  const audit = (id) => report.audits[id]?.numericValue ?? null;
  // Lantern (the simulation) adds to every request of an origin that origin's median server
  // time as observed: on the in-browser backend, the fake backend's answers (SPEC: 400 ms delay)
  // are requests to the page's own origin, so they count as its server time when they are most
  // of its requests (docs/offline.md, "Measured"). The report shows that median for each page.
  const origin = new URL(url).origin;
  const serverTimes = (report.audits['network-requests']?.details?.items ?? [])
    .filter((r) => r.url.startsWith(`${origin}/`) && r.finished)
    .map((r) => r.networkEndTime - r.networkRequestTime);
  const failing = Object.values(report.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    lighthouseVersion: report.lighthouseVersion,
    finalUrl: report.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    tbt: audit('total-blocking-time'),
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    originServerMs: median(serverTimes),
    failing,
  };
}

/** tools/lighthouse-latest.md from the report main() writes: one row per page, then the goals. */
function markdownOf({ date, lighthouseVersion, runs, machine, pages }) {
  const score = (v) => (v === null ? '–' : v.toFixed(2));
  const lines = [
    `# Lighthouse (\`node tools/lighthouse.js\`), ${date}`,
    '',
    `Lighthouse ${lighthouseVersion}, mobile preset (simulated slow 4G, 4× CPU slowdown), on the production build: \`/login\` cold, \`/\` signed in with the service worker and every cache cleared first. The simulation adds an origin's observed median request time (last column) to each of its requests; on the in-browser backend the fake backend's answers (SPEC: 400 ms) are requests to the page's origin. Median of ${runs} runs, one fresh Chromium profile each. Machine: ${machine}.`,
    '',
    "| Page | Performance (each run) | TBT | LCP | SEO | Accessibility | Best practices | Median request time on the page's origin (observed) |",
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [target, s] of Object.entries(pages)) {
    const each = s.runs.map((r) => score(r.performance)).join(' / ');
    const tbt = s.tbt === null ? '–' : `${Math.round(s.tbt).toLocaleString('en-US')} ms`;
    const lcp = s.lcp === null ? '–' : `${(s.lcp / 1000).toFixed(2)} s`;
    lines.push(
      `| \`${target}\`${signedIn(target) ? ' signed in' : ''} | ${score(s.performance)} (${each}) | ${tbt} | ${lcp} | ${score(s.seo)} | ${score(s.accessibility)} | ${score(s.bestPractices)} | ${s.originServerMs === null ? '–' : `${Math.round(s.originServerMs)} ms`} |`,
    );
  }
  lines.push(
    '',
    `Goals: performance ≥ ${GOALS.performance}, TBT ≤ ${GOALS.tbt} ms, LCP ≤ ${GOALS.lcp / 1000} s, SEO, accessibility and best practices 1.00.`,
    '',
  );
  for (const [target, s] of Object.entries(pages)) {
    const missed = [
      ['performance', s.performance !== null && s.performance >= GOALS.performance],
      ['TBT', s.tbt !== null && s.tbt <= GOALS.tbt],
      ['LCP', s.lcp !== null && s.lcp <= GOALS.lcp],
      ['SEO', s.seo === 1],
      ['accessibility', s.accessibility === 1],
      ['best practices', s.bestPractices === 1],
    ].flatMap(([name, ok]) => (ok ? [] : [name]));
    lines.push(`- \`${target}\`: ${missed.length ? `NOT met (${missed.join(', ')})` : 'met'}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Home, with or without switches (`/?api-delay=0`), is measured signed in. */
const signedIn = (target) => target === '/' || target.startsWith('/?');

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};

async function main() {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const stop = BASE ? () => undefined : await startServers();
  const results = ONLY ? { [ONLY]: [] } : { '/login': [], '/': [] };
  try {
    for (let run = 0; run < RUNS; run += 1) {
      for (const target of Object.keys(results)) {
        const chrome = await launch();
        try {
          if (signedIn(target)) await signIn(chrome.port);
          const result = lighthouse(`${SHELL}${target}`, chrome.port, signedIn(target));
          results[target].push(result);
          console.log(target, JSON.stringify(result));
        } finally {
          await chrome.close();
        }
      }
    }
  } finally {
    stop();
  }
  const summary = {};
  for (const [target, runs] of Object.entries(results)) {
    summary[target] = Object.fromEntries(
      ['performance', 'tbt', 'lcp', 'fcp', 'seo', 'accessibility', 'bestPractices', 'originServerMs'].map((key) => [
        key,
        median(runs.map((r) => r[key])),
      ]),
    );
    summary[target].runs = runs;
  }
  console.log('\nmedian of', RUNS, 'runs');
  for (const [target, s] of Object.entries(summary)) {
    console.log(
      `${target}: performance ${s.performance}, TBT ${Math.round(s.tbt)} ms, LCP ${(s.lcp / 1000).toFixed(2)} s, FCP ${(s.fcp / 1000).toFixed(2)} s, median request time on its origin ${Math.round(s.originServerMs)} ms, SEO ${s.seo}, accessibility ${s.accessibility}, best practices ${s.bestPractices}`,
    );
  }
  const report = {
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    lighthouseVersion: Object.values(results)[0][0]?.lighthouseVersion ?? 'unknown',
    runs: RUNS,
    machine: `${os.cpus().length} cores, load average ${load} at start`,
    pages: summary,
  };
  const json = `${JSON.stringify(report, null, 2)}\n`;
  // A run of one page or for the raw reports is a probe, not the figures the docs link to.
  if (!ONLY && !RAW) {
    fs.writeFileSync(`${REPORT}.json`, json);
    fs.writeFileSync(`${REPORT}.md`, markdownOf(report));
  }
  if (OUT) fs.writeFileSync(OUT, json);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
