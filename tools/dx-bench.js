#!/usr/bin/env node
/**
 * Measures the developer-experience rows of docs/developing.md ("Measured"), each bounded in time:
 *
 *   node tools/dx-bench.js [start] [remote] [build] [serve-server] [test] [--out file.json] [--first-only]
 *
 * With no row named, runs start, remote, build and serve-server (test takes minutes: name it).
 *   start         `npm start` with an empty development cache until "Log In" shows at
 *                 http://localhost:3000, then again with the cache kept (the "next" start);
 *                 the CPU seconds each start's processes used until then, and the load average then;
 *                 whether it printed a URL; full page loads of /login in a fresh context (median of 3),
 *                 after each of the two starts, once the machine is quiet (untilQuiet).
 *                 The `npm ci` download of a fresh clone is not measured (it is the network's).
 *   remote        `npm start -w feed-mfe` with an empty cache until the first post shows; then a
 *                 string in feed-mfe changes on disk: time until the page shows it, and whether the
 *                 page reloaded and a draft typed in the composer survived; then a card's author
 *                 and comment links: whether each opens a page (not blank). The file is restored.
 *   build         `npm run build` with no dist and an empty cache, then again with nothing changed
 *                 (every app skipped, tools/build-stamp.js), then again with --force (webpack's cache only).
 *   serve-server  `npm run serve:server`: when the shell answers, when the API answers, when
 *                 "open http://localhost:3000" is printed; and api-server alone (PGlite) until it answers.
 *   test          `npm run test:unit`: wall time, peak resident memory of the whole process tree, result.
 *
 * Writes tools/dx-bench-latest.json and .md (the report docs/developing.md links to): the latest
 * result of each row group, so a run of one group keeps the others' last figures.
 * It changes nothing it does not restore, except the caches and dist/ folders it empties on purpose.
 * Ports 3000-3006 and 4000 must be free. A measurement, not a test: it asserts nothing.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const apps = require('./apps');
const { launchChromium } = require('./chromium');
// GET url: its status, or 0 when nothing answers.
const { statusOf: status } = require('./ready');

const root = path.resolve(__dirname, '..');
const argv = process.argv.slice(2);
const outIndex = argv.indexOf('--out');
const outFile = outIndex >= 0 ? argv[outIndex + 1] : null;
const ROWS = ['start', 'remote', 'build', 'serve-server', 'test'];
const named = argv.filter((a, i) => ROWS.includes(a) && argv[i - 1] !== '--out');
const rows = named.length ? named : ROWS.filter((r) => r !== 'test');
// --first-only: the start row without its second start (a tree without a persistent cache starts alike twice).
const FIRST_ONLY = argv.includes('--first-only');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** `promise`, or `onTimeout` after `ms`; the timer is cleared either way, so it never keeps dx-bench running. */
function within(promise, ms, onTimeout) {
  let timer;
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(() => resolve(onTimeout), ms);
  });
  return Promise.race([promise, timedOut]).finally(() => clearTimeout(timer));
}
const seconds = (ms) => (ms == null ? 'n/a' : `${(ms / 1000).toFixed(1)} s`);
const LATEST = path.join(__dirname, 'dx-bench-latest');
const CACHE_DIRS = [path.join(root, 'node_modules', '.cache', 'webpack')];

function emptyCaches() {
  for (const dir of CACHE_DIRS) fs.rmSync(dir, { recursive: true, force: true });
}

async function until(check, ms, every = 100) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(every);
  }
  return false;
}

/** Spawns a command in its own process group, collecting its output with the time each line came. */
function run(command, args, { env = {}, quiet = true } = {}) {
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0', ...env }, detached: true });
  const lines = [];
  const onData = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      lines.push({ at: Date.now() - started, line });
      if (!quiet) console.log(`    | ${line}`);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    started,
    lines,
    exited,
    firstLine: (re) => lines.find((l) => re.test(l.line))?.at ?? null,
    async stop() {
      if (child.exitCode !== null) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const done = await within(
        exited.then(() => true),
        10000,
        false,
      );
      if (!done) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    },
  };
}

const PORTS = [...Object.values(apps).map((a) => a.port), 4000];
async function assertPortsFree() {
  for (const port of PORTS) {
    if ((await status(`http://127.0.0.1:${port}/`, 500)) !== 0) throw new Error(`Port ${port} is in use: stop what runs there first.`);
  }
}
async function portsFreed() {
  await until(async () => (await Promise.all(PORTS.map((p) => status(`http://127.0.0.1:${p}/`, 500)))).every((s) => s === 0), 20000, 300);
}

let browserPromise = null;
function browser() {
  if (!browserPromise) browserPromise = launchChromium();
  return browserPromise;
}
async function freshPage() {
  const context = await (await browser()).newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const consoleLines = [];
  page.on('console', (m) => consoleLines.push(m.text()));
  return { page, context, consoleLines };
}

/** Loads url again and again (the server may still be compiling) until the locator shows; ms since `since`. */
async function timeUntilVisible(url, locatorOf, since, limitMs) {
  const { page, context } = await freshPage();
  const end = Date.now() + limitMs;
  try {
    while (Date.now() < end) {
      try {
        await page.goto(url, { waitUntil: 'commit', timeout: Math.max(1000, end - Date.now()) });
        await locatorOf(page)
          .first()
          .waitFor({ state: 'visible', timeout: Math.max(1000, Math.min(60000, end - Date.now())) });
        return Date.now() - since;
      } catch {
        await sleep(250);
      }
    }
    return null;
  } finally {
    await context.close();
  }
}

/** Busy and total CPU ticks of the whole machine (/proc/stat). */
function cpuTicks() {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - fields[3] - (fields[4] ?? 0), total };
}

/**
 * Waits (at most `limitMs`) for a second in which the machine's CPUs are at least 80 % idle:
 * a dev server goes on working after it answers (webpack writes its cache a few seconds after
 * a compilation), and a page load is measured as a developer reloads, not during that.
 * Resolves to the ms waited, or null if it never got quiet.
 */
async function untilQuiet(limitMs = 60000) {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    const a = cpuTicks();
    await sleep(1000);
    const b = cpuTicks();
    if ((b.busy - a.busy) / Math.max(1, b.total - a.total) <= 0.2) return Date.now() - start;
  }
  return null;
}

async function pageLoads(url, locatorOf, count = 3) {
  const quietAfter = await untilQuiet();
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const t0 = Date.now();
    const t = await timeUntilVisible(url, locatorOf, t0, 30000);
    if (t != null) times.push(t);
  }
  times.sort((a, b) => a - b);
  return { median: times.length ? times[Math.floor(times.length / 2)] : null, all: times, quietAfter };
}

const logIn = (page) => page.getByRole('button', { name: 'Log In' });
const READY_LINE = /open http:\/\/localhost:3000/;

/** The same edit as the remote row, on the home feed inside the shell (signed in as test user 1). */
async function editInShell() {
  const { page, context } = await freshPage();
  try {
    await page.goto('http://localhost:3000/login');
    await page.getByRole('button', { name: 'Fill test credentials' }).click({ timeout: 60000 });
    await logIn(page).click();
    await page.locator('article').first().waitFor({ state: 'visible', timeout: 120000 });
    return await measureEdit(page);
  } catch (error) {
    return { error: error.message.split('\n')[0] };
  } finally {
    await context.close();
  }
}

async function measureStart() {
  const result = {};
  for (const phase of FIRST_ONLY ? ['first'] : ['first', 'next']) {
    await assertPortsFree();
    if (phase === 'first') emptyCaches();
    const proc = run('node', ['tools/run-all.js', 'start']);
    try {
      result[`${phase}LogIn`] = await timeUntilVisible('http://localhost:3000/', logIn, proc.started, 600000);
      // What that start cost in CPU, and how busy the machine was meanwhile (other users' work included).
      result[`${phase}CpuSeconds`] = treeCpuSeconds(proc.child.pid);
      result[`${phase}LoadAtLogIn`] = os.loadavg()[0];
      await until(() => proc.firstLine(READY_LINE) != null, 5000);
      result[`${phase}ReadyLine`] = proc.firstLine(READY_LINE);
      result[`${phase}PrintedUrl`] = proc.lines.some((l) => /https?:\/\/localhost:\d+/.test(l.line));
      if (phase === 'first') {
        result.warnings = proc.lines.filter((l) => /absolute path resolution/.test(l.line)).length;
        result.pageLoad = await pageLoads('http://localhost:3000/login', logIn);
      } else {
        // Again on servers started from the cache, as on most days.
        result.pageLoadNext = await pageLoads('http://localhost:3000/login', logIn);
        result.inShell = await editInShell();
      }
    } finally {
      await proc.stop();
      await portsFreed();
    }
  }
  return result;
}

/** Where dx-bench edits a string of feed-mfe for the refresh figure (restored afterwards). */
const EDIT_FILE = path.join(root, 'feed-mfe', 'src', 'suggestions', 'SuggestedUsers.tsx');
const EDIT_FROM = 'Suggested users';
const EDIT_TO = 'Suggested users (edited by dx-bench)';

/**
 * On a page showing feed's suggestions and the composer: types a draft, changes the string on
 * disk, and reports how long until the page shows it, whether the page reloaded, whether the
 * draft survived. The file is restored (and the page given time to show it again).
 */
async function measureEdit(page) {
  const original = fs.readFileSync(EDIT_FILE, 'utf8');
  const result = {};
  try {
    await page.getByText(EDIT_FROM, { exact: true }).first().waitFor({ state: 'visible', timeout: 60000 });
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.fill('a draft being typed');
    await page.evaluate(() => {
      globalThis.__dxBenchMarker = true;
    });
    await sleep(1000); // let the watcher settle after the first compilation
    const t0 = Date.now();
    fs.writeFileSync(EDIT_FILE, original.replace(EDIT_FROM, EDIT_TO));
    try {
      await page.getByText(EDIT_TO).first().waitFor({ state: 'visible', timeout: 60000 });
      result.refresh = Date.now() - t0;
    } catch {
      result.refresh = null;
    }
    result.reloaded = !(await page.evaluate(() => globalThis.__dxBenchMarker === true).catch(() => false));
    result.draftKept = (await box.inputValue({ timeout: 5000 }).catch(() => '')) === 'a draft being typed';
  } finally {
    fs.writeFileSync(EDIT_FILE, original);
  }
  await page
    .getByText(EDIT_FROM, { exact: true })
    .first()
    .waitFor({ state: 'visible', timeout: 60000 })
    .catch(() => undefined);
  return result;
}

async function measureRemote() {
  const result = {};
  await assertPortsFree();
  for (const remote of ['post-mfe', 'profile-mfe', 'auth-mfe']) {
    if (!fs.existsSync(path.join(root, remote, 'dist', 'mf-manifest.json'))) {
      console.log(`  building ${remote} first (its production build is what feed-mfe's page uses)`);
      const build = run('npm', ['run', 'build', '--silent', '-w', remote]);
      await build.exited;
    }
  }
  emptyCaches();
  const proc = run('npm', ['start', '-w', 'feed-mfe']);
  const { page, context, consoleLines } = await freshPage();
  try {
    const end = Date.now() + 300000;
    while (Date.now() < end) {
      try {
        await page.goto('http://localhost:3002/', { waitUntil: 'commit', timeout: 30000 });
        await page.locator('article').first().waitFor({ state: 'visible', timeout: 60000 });
        break;
      } catch {
        await sleep(250);
      }
    }
    result.firstPost = (await page.locator('article').count()) > 0 ? Date.now() - proc.started : null;
    if (result.firstPost == null) return result;

    Object.assign(result, await measureEdit(page));

    // Links inside the remote: a card's author (profile) and its comments (post page).
    for (const [key, linkOf] of [
      ['authorLink', (card) => card.locator('a[href^="/profile/"]').first()],
      ['commentLink', (card) => card.getByRole('link', { name: /comment/i }).first()],
    ]) {
      await page.goto('http://localhost:3002/', { waitUntil: 'load' });
      const card = page.locator('article').first();
      await card.waitFor({ state: 'visible', timeout: 60000 });
      const before = consoleLines.length;
      await linkOf(card).click({ timeout: 10000 });
      const opened = await until(
        async () => {
          const text = await page
            .locator('main')
            .innerText({ timeout: 1000 })
            .catch(() => '');
          return text.trim().length > 0 && !/Loading/.test(text.trim().slice(0, 20));
        },
        60000,
        250,
      );
      const noRoute = consoleLines.slice(before).some((l) => /No routes matched/.test(l));
      result[key] = noRoute || !opened ? 'blank' : `opens (${new URL(page.url()).pathname})`;
    }
  } finally {
    await context.close();
    await proc.stop();
    await portsFreed();
  }
  return result;
}

async function measureBuild() {
  const result = {};
  for (const folder of Object.keys(apps)) fs.rmSync(path.join(root, folder, 'dist'), { recursive: true, force: true });
  emptyCaches();
  // warm: nothing changed, so every app is skipped (tools/build-stamp.js); forced: the same,
  // built again anyway (`--force`), which is what webpack's persistent cache alone gives.
  for (const phase of ['cold', 'warm', 'forced']) {
    const proc = run('npm', ['run', 'build', ...(phase === 'forced' ? ['--', '--force'] : [])]);
    const code = await within(proc.exited, 900000, 'timeout');
    if (code === 'timeout') await proc.stop();
    result[phase] = code === 0 ? Date.now() - proc.started : null;
    result.warnings = proc.lines.filter((l) => /absolute path resolution/.test(l.line)).length;
  }
  return result;
}

async function measureServeServer() {
  const result = {};
  await assertPortsFree();
  if (!fs.existsSync(path.join(root, 'shell', 'dist', 'index.html')))
    throw new Error('serve-server needs the builds: run `npm run build` (or the build row) first.');
  const proc = run('node', ['tools/run-with-api.js', 'serve']);
  try {
    let pages = null;
    let api = null;
    await until(async () => {
      if (pages == null && (await status('http://127.0.0.1:3000/', 1000)) === 200) pages = Date.now() - proc.started;
      if (api == null && (await status('http://127.0.0.1:4000/api/users', 1000)) === 200) api = Date.now() - proc.started;
      return pages != null && api != null;
    }, 300000);
    await until(() => proc.firstLine(READY_LINE) != null, 5000);
    Object.assign(result, { pages, api, readyLine: proc.firstLine(READY_LINE) });
  } finally {
    await proc.stop();
    await portsFreed();
  }
  // api-server alone on its PGlite data (already built by serve:server above).
  const api = run('npm', ['run', 'start', '--silent', '-w', 'api-server'], { env: { PORT: '4000' } });
  try {
    const ok = await until(async () => (await status('http://127.0.0.1:4000/api/users', 1000)) === 200, 120000, 50);
    result.apiAlone = ok ? Date.now() - api.started : null;
  } finally {
    await api.stop();
    await portsFreed();
  }
  return result;
}

/** A process and all its descendants, from /proc (Linux). */
function treePids(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  const pids = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    pids.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return pids;
}

/** Resident memory of a process and all its descendants. */
function treeRss(pid) {
  let total = 0;
  for (const p of treePids(pid)) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

/**
 * CPU seconds (user + system) a process and all its descendants have used so far, the ended
 * children they waited for included (/proc/<pid>/stat utime, stime, cutime, cstime; Linux's
 * 100 ticks a second). What a start costs whatever else the machine runs: divided by the cores,
 * the least wall time it can take.
 */
function treeCpuSeconds(pid) {
  let ticks = 0;
  for (const p of treePids(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields 14-17 of proc(5), counted from 3 after the command's closing parenthesis.
      ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    } catch {
      /* gone meanwhile */
    }
  }
  return ticks / 100;
}

async function measureTest() {
  const proc = run('npm', ['run', 'test:unit', '--silent']);
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(proc.child.pid));
  }, 250);
  const code = await within(proc.exited, 1800000, 'timeout');
  clearInterval(timer);
  if (code === 'timeout') await proc.stop();
  const summary = [...proc.lines].reverse().find((l) => /^Tests:/.test(l.line))?.line ?? null;
  return { wall: Date.now() - proc.started, peakBytes: peak, exit: code, summary };
}

/** "; 96.2 s of CPU; 1-minute load average 11.3 when it answered" (runs before these figures have neither). */
function cpuAndLoad(start, phase) {
  const cpu = start[`${phase}CpuSeconds`];
  const load = start[`${phase}LoadAtLogIn`];
  return cpu == null ? '' : `; ${cpu.toFixed(1)} s of CPU; 1-minute load average ${load.toFixed(1)} when it answered`;
}

/** Each measured row as [group, row, measured] (group: the dx-bench row that measured it). */
function rowsOf(results) {
  const out = [];
  const r = results;
  const add = (group, row, measured) => out.push([group, row, measured]);
  if (r.start) {
    add(
      'start',
      '`npm start`, empty cache, until "Log In" shows',
      `${seconds(r.start.firstLogIn)} (ready line at ${seconds(r.start.firstReadyLine)}; URL printed: ${r.start.firstPrintedUrl ? 'yes' : 'no'}; "absolute path resolution" warnings: ${r.start.warnings}${cpuAndLoad(r.start, 'first')})`,
    );
    if ('nextLogIn' in r.start)
      add(
        'start',
        '`npm start` again, cache kept',
        `${seconds(r.start.nextLogIn)} (ready line at ${seconds(r.start.nextReadyLine)}${cpuAndLoad(r.start, 'next')})`,
      );
    add(
      'start',
      'full page load of /login in development (median of 3)',
      `${seconds(r.start.pageLoad?.median)} after the first start; ${seconds(r.start.pageLoadNext?.median)} after a start with the cache (each once the CPUs were 80 % idle: ${seconds(r.start.pageLoad?.quietAfter)} / ${seconds(r.start.pageLoadNext?.quietAfter)} after "Log In" first showed)`,
    );
    const e = r.start.inShell;
    if (e)
      add(
        'start',
        'change a string in feed-mfe, home feed inside the shell',
        e.error
          ? e.error
          : `shown in ${seconds(e.refresh)}; page reloaded: ${e.reloaded ? 'yes' : 'no'}; draft kept: ${e.draftKept ? 'yes' : 'no'}`,
      );
  }
  if (r.remote) {
    add('remote', '`npm start -w feed-mfe`, empty cache, first post on screen', seconds(r.remote.firstPost));
    add(
      'remote',
      'change a string in feed-mfe',
      `shown in ${seconds(r.remote.refresh)}; page reloaded: ${r.remote.reloaded ? 'yes' : 'no'}; draft kept: ${r.remote.draftKept ? 'yes' : 'no'}`,
    );
    add(
      'remote',
      "feed-mfe alone: a card's author link / comments link",
      `${r.remote.authorLink ?? 'n/a'} / ${r.remote.commentLink ?? 'n/a'}`,
    );
  }
  if (r.build) {
    add('build', '`npm run build`, no dist, empty cache', seconds(r.build.cold));
    add('build', '`npm run build` again, nothing changed', seconds(r.build.warm));
    if ('forced' in r.build) add('build', '`npm run build -- --force`, nothing changed (webpack cache only)', seconds(r.build.forced));
  }
  const s = r['serve-server'];
  if (s) {
    add(
      'serve-server',
      '`npm run serve:server`: shell answers / API answers / "open …" printed',
      `${seconds(s.pages)} / ${seconds(s.api)} / ${s.readyLine == null ? 'never' : seconds(s.readyLine)}`,
    );
    add('serve-server', 'api-server alone (PGlite) until /api answers', seconds(s.apiAlone));
  }
  if (r.test) {
    add(
      'test',
      '`npm run test:unit`: time, peak RSS of the process tree',
      `${seconds(r.test.wall)}, ${(r.test.peakBytes / 2 ** 30).toFixed(2)} GB (exit ${r.test.exit}; ${r.test.summary ?? ''})`,
    );
  }
  return out;
}

function table(results) {
  return ['| row | measured |', '|---|---|', ...rowsOf(results).map(([, row, measured]) => `| ${row} | ${measured} |`)].join('\n');
}

/**
 * tools/dx-bench-latest.json keeps the latest result of each row group with its date and machine
 * (a run of some groups replaces only those), and tools/dx-bench-latest.md is made from it.
 */
function writeLatest(results, run) {
  let latest = {};
  try {
    latest = JSON.parse(fs.readFileSync(`${LATEST}.json`, 'utf8'));
  } catch {
    // No report yet: this run starts it.
  }
  for (const [group, result] of Object.entries(results)) if (!result.error) latest[group] = { ...run, result };
  fs.writeFileSync(`${LATEST}.json`, `${JSON.stringify(latest, null, 2)}\n`);
  const groups = ROWS.filter((group) => latest[group]);
  const lines = [
    '# dx-bench (`node tools/dx-bench.js`): the latest measurement of each row',
    '',
    'Each group of rows comes from the last run that measured it (`node tools/dx-bench.js <group>`); its date and machine are listed below the table.',
    '',
    '| group | row | measured |',
    '|---|---|---|',
    ...groups.flatMap((group) =>
      rowsOf({ [group]: latest[group].result }).map(([, row, measured]) => `| ${group} | ${row} | ${measured} |`),
    ),
    '',
    ...groups.map((group) => `- ${group}: ${latest[group].at}, ${latest[group].machine}`),
  ];
  fs.writeFileSync(`${LATEST}.md`, `${lines.join('\n')}\n`);
}

async function main() {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, load ${load} at start`;
  const at = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  console.log(`dx-bench: ${rows.join(', ')} on ${machine}`);
  const results = {};
  const measure = {
    start: measureStart,
    remote: measureRemote,
    build: measureBuild,
    'serve-server': measureServeServer,
    test: measureTest,
  };
  for (const row of rows) {
    console.log(`- ${row}…`);
    try {
      results[row] = await measure[row]();
    } catch (error) {
      console.error(`  ${row} failed: ${error.message}`);
      results[row] = { error: error.message };
    }
    console.log(`  ${JSON.stringify(results[row])}`);
  }
  if (browserPromise) await (await browserPromise).close();
  console.log(`\n${table(results)}\n\nmachine: ${os.cpus().length} cores, load at start ${load}`);
  writeLatest(results, { at, machine });
  if (outFile) fs.writeFileSync(outFile, JSON.stringify({ at: new Date().toISOString(), load, results }, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
