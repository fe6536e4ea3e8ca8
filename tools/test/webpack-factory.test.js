/**
 * tools/webpack.factory.js and tools/sw/webpack.js: the shell's app compilation must not clean
 * away what its service-worker compilation writes. In development both once wrote to shell/dist,
 * and the app's `output.clean` removed `sw.js` whenever the worker's compilation finished first:
 * `/sw.js` answered 404 (docs/offline.md, "In development").
 */
const shellConfig = require('../../shell/webpack.config.js');

/** Would `config`'s clean step delete `file` (a path inside its output folder)? */
function cleansAway(config, file) {
  const { clean } = config.output;
  if (!clean) return false;
  if (clean === true) return true;
  const { keep } = clean;
  if (typeof keep === 'function') return !keep(file);
  if (keep instanceof RegExp) return !keep.test(file);
  if (typeof keep === 'string') return !file.startsWith(keep);
  return true;
}

test.each(['development', 'production'])('in %s, the shell leaves alone what its service worker writes', (mode) => {
  const [app, sw] = shellConfig({}, { mode });
  expect(sw.name).toBe('sw');
  // Its own folder (production copies it into the shell's output itself), or kept by the clean step.
  if (sw.output.path === app.output.path) {
    for (const file of [sw.output.filename, `${sw.output.filename}.map`]) expect([file, cleansAway(app, file)]).toEqual([file, false]);
  }
  // The app still cleans out its own old files.
  expect(cleansAway(app, 'main.0123abcd.js')).toBe(true);
});

/** The app compilation of a remote's `webpack serve` (npm start -w feed-mfe). */
function devServerConfig(folder) {
  const configure = require(`../../${folder}/webpack.config.js`);
  const built = configure({ WEBPACK_SERVE: true }, { mode: 'development' });
  return Array.isArray(built) ? built.find((c) => c.devServer) : built;
}
const feedDevServerConfig = () => devServerConfig('feed-mfe');

/** What the app's `webpack serve` prints once its first compilation is done (and after `recompilations` more). */
function readyLines(folder, recompilations = 0) {
  const plugin = devServerConfig(folder).plugins.find((p) => p.constructor.name === 'ReadyLinePlugin');
  const taps = [];
  const printed = [];
  const log = jest.spyOn(console, 'log').mockImplementation((line) => printed.push(line));
  const before = process.env.ORBIT_READY_LINES;
  delete process.env.ORBIT_READY_LINES;
  try {
    plugin.apply({ hooks: { done: { tap: (_name, fn) => taps.push(fn) } } });
    for (let i = 0; i <= recompilations; i += 1) taps.forEach((fn) => fn({ hasErrors: () => false }));
    return printed;
  } finally {
    log.mockRestore();
    if (before === undefined) delete process.env.ORBIT_READY_LINES;
    else process.env.ORBIT_READY_LINES = before;
  }
}

// notifications-mfe's "/" is the feed's page, built from feed-mfe's production build first.
test.each([
  ['notifications-mfe', 'notifications', 'http://localhost:3006/notifications'],
  ['profile-mfe', 'profile', 'http://localhost:3004/profile/adarshbalika'],
  ['auth-mfe', 'auth', 'http://localhost:3001/login'],
  ['mockman-mfe', 'mockman', 'http://localhost:3005/mockman'],
  ['post-mfe', 'post', 'http://localhost:3003/'],
])('`npm start -w %s` prints the address of its own page, not of another remote’s', (folder, name, url) => {
  expect(readyLines(folder)).toEqual([expect.stringMatching(new RegExp(`^\\[${name}\\] ready in \\d+\\.\\d s: open ${url}$`))]);
});

test("a remote's dev page holds no script on another remote's build, which the dev server may still be making", () => {
  const html = feedDevServerConfig().plugins.find((p) => p.constructor.name === 'HtmlWebpackPlugin');
  expect(html.userOptions.runtimeCoreScript).toBe('');
});

test("`npm start -w feed-mfe` prints its page's address once its first compilation is done", () => {
  const plugin = feedDevServerConfig().plugins.find((p) => p.constructor.name === 'ReadyLinePlugin');
  const taps = [];
  const printed = [];
  const log = jest.spyOn(console, 'log').mockImplementation((line) => printed.push(line));
  const before = process.env.ORBIT_READY_LINES;
  delete process.env.ORBIT_READY_LINES;
  try {
    plugin.apply({ hooks: { done: { tap: (_name, fn) => taps.push(fn) } } });
    const stats = (errors) => ({ hasErrors: () => errors });
    taps.forEach((fn) => fn(stats(true)));
    expect(printed).toEqual([]);
    taps.forEach((fn) => fn(stats(false)));
    taps.forEach((fn) => fn(stats(false))); // A recompilation says nothing more.
    expect(printed).toEqual([expect.stringMatching(/^\[feed\] ready in \d+\.\d s: open http:\/\/localhost:3002\/$/)]);
  } finally {
    log.mockRestore();
    if (before === undefined) delete process.env.ORBIT_READY_LINES;
    else process.env.ORBIT_READY_LINES = before;
  }
});

test("a remote's dev server answers /favicon.ico with the product's icon, not 404", async () => {
  const fs = require('fs');
  const path = require('path');
  const middlewares = feedDevServerConfig().devServer.setupMiddlewares([]);
  const answer = (url) =>
    new Promise((resolve) => {
      const res = { writeHead: (status, headers) => Object.assign(res, { status, headers }), end: (body) => resolve({ ...res, body }) };
      const chain = [...middlewares.map((m) => m.middleware ?? m), () => resolve('next')];
      const run = (i) => chain[i]({ url, method: 'GET', headers: {} }, res, () => run(i + 1));
      run(0);
    });
  const icon = await answer('/favicon.ico');
  expect(icon.status).toBe(200);
  expect(icon.headers['Content-Type']).toBe('image/x-icon');
  expect(Buffer.compare(icon.body, fs.readFileSync(path.join(__dirname, '..', '..', 'shell', 'public', 'favicon.ico')))).toBe(0);
  expect(await answer('/some/page')).toBe('next');
});
