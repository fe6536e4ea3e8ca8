#!/usr/bin/env node
/**
 * `node mock-api/bench/like-path.js`: the source files one v2 like runs through on the fake
 * backend, as the service worker runs it (src/worker: WorkerBackend.handle, the interceptor,
 * the routes, the core, the store, IndexedDB through fake-indexeddb, the live events), from the
 * worker's fetch to the stored record and back. V8's precise coverage counts the functions
 * that ran during one like (after a first like, which builds the indexes and opens the live
 * channel), and the files that hold them are listed with those functions
 * (docs/architecture.md, "The path of one like on the fake backend"). It measures; it asserts
 * nothing.
 *
 *   node mock-api/bench/like-path.js [--root <mock-api folder>]
 */
const path = require('path');
const inspector = require('inspector');
const { requireTypeScript } = require('./require-ts');

const argv = process.argv.slice(2);
const ROOT = path.resolve(argv.includes('--root') ? argv[argv.indexOf('--root') + 1] : path.join(__dirname, '..'));

async function main() {
  requireTypeScript();
  require(path.join(ROOT, 'test', 'support', 'fake-indexeddb.ts'));
  const { WorkerBackend } = require(path.join(ROOT, 'src', 'worker', 'index.ts'));
  const { TEST_CREDENTIALS } = require(path.join(ROOT, 'src', 'contract.ts'));
  const backend = new WorkerBackend({ onChange: () => undefined, storageName: `like-path-${process.pid}`, persist: true });
  await backend.start({ type: 'orbit-backend:start', reset: true, timing: 0 });
  const post = (url, body, token) =>
    backend.handle(
      new Request(`http://localhost:3000${url}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { authorization: token } : {}) },
        body: JSON.stringify(body),
      }),
      'tab',
    );
  const { encodedToken } = await (await post('/api/v2/auth/login', TEST_CREDENTIALS[0])).json();
  if ((await post('/api/v2/posts/like/p11-chess', {}, encodedToken)).status !== 201) throw new Error('The first like failed.');

  const session = new inspector.Session();
  session.connect();
  const send = (method, params) => new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  await send('Profiler.enable');
  await send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await send('Profiler.takePreciseCoverage');
  const answer = await post('/api/v2/posts/like/p02-css', {}, encodedToken);
  await answer.text();
  const { result } = await send('Profiler.takePreciseCoverage');
  if (answer.status !== 201) throw new Error(`The like answered ${answer.status}.`);

  const files = [];
  for (const script of result) {
    const file = script.url.startsWith('file://') ? script.url.slice('file://'.length) : script.url;
    if (!file.startsWith(`${ROOT}${path.sep}src`)) continue;
    const ran = script.functions.filter((fn) => fn.ranges[0].count > 0).map((fn) => fn.functionName || '(anonymous)');
    if (ran.length > 0) files.push([path.relative(path.dirname(ROOT), file), [...new Set(ran)]]);
  }
  for (const [file, functions] of files) console.log(`${file.padEnd(44)} ${functions.join(', ')}`);
  console.log(`${files.length} files`);
  backend.shutdown();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
