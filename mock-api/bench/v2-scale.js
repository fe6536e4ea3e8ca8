#!/usr/bin/env node
/**
 * `npm run bench:scale -w mock-api`: the fake backend at scale (issue 22, point 4). Starts the
 * in-browser backend (MirageJS, in a jsdom window, as in the tests; no storage, no delay) with
 * the seed plus N generated posts (default 50,000), and times calls through `fetch`, from the
 * request to the parsed answer: v2's like and the first page of every feed, and the v1 calls
 * they replace (a v1 like answers every post; the apps built their feeds from GET /posts).
 * Reports median, p95 and the answer size. A benchmark: it measures, it asserts nothing.
 *
 *   node mock-api/bench/v2-scale.js [--posts 50000] [--runs 200] [--v1-runs 10] [--root <mock-api folder>]
 *
 * --root runs the same calls on another copy of mock-api's sources (e.g. an older commit's,
 * extracted with `git archive`) to compare; v2 calls are skipped where it has no v2 routes.
 */
const path = require('path');
const fs = require('fs');
const Module = require('module');
const ts = require('typescript');
const { JSDOM } = require('jsdom');

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const POSTS = Number(option('--posts', 50_000));
const RUNS = Number(option('--runs', 200));
const V1_RUNS = Number(option('--v1-runs', 10));
const ROOT = path.resolve(option('--root', path.join(__dirname, '..')));

// ---- A browser-like global scope for MirageJS (pretender patches its XMLHttpRequest and fetch) ----
const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/' });
for (const name of ['window', 'document', 'location', 'navigator', 'XMLHttpRequest', 'localStorage', 'history', 'FormData', 'Blob', 'CustomEvent', 'Event']) {
  if (!(name in globalThis) || name === 'window' || name === 'XMLHttpRequest') {
    Object.defineProperty(globalThis, name, { value: name === 'window' ? dom.window : dom.window[name], configurable: true, writable: true });
  }
}
globalThis.self = globalThis;

// ---- TypeScript sources, compiled on load (transpile only, like the tests' ts-jest) ----
const compile = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, esModuleInterop: true, jsx: ts.JsxEmit.ReactJSX },
    fileName: filename,
  });
  module._compile(outputText, filename);
};
require.extensions['.ts'] = compile;
// Extensionless relative imports of .ts files.
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  try {
    return resolve.call(this, request, parent, ...rest);
  } catch (error) {
    if (parent && request.startsWith('.')) {
      for (const candidate of [`${request}.ts`, `${request}/index.ts`]) {
        const file = path.resolve(path.dirname(parent.filename), candidate);
        if (fs.existsSync(file)) return file;
      }
    }
    throw error;
  }
};

const { makeServer, TEST_CREDENTIALS } = (() => {
  const server = require(path.join(ROOT, 'src', 'server', 'index.ts'));
  const contract = require(path.join(ROOT, 'src', 'contract.ts'));
  return { makeServer: server.makeServer, TEST_CREDENTIALS: contract.TEST_CREDENTIALS, MAX: server.MAX_EXTRA_POSTS };
})();

const now = () => Number(process.hrtime.bigint()) / 1e6;

function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { runs: sorted.length, median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

async function call(method, url, token, body) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.authorization = token;
  const started = now();
  const response = await globalThis.fetch(`/api${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const json = JSON.parse(text);
  const ms = now() - started;
  if (response.status >= 400) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
  return { ms, json, bytes: Buffer.byteLength(text) };
}

/** Times `runs` calls; `next(i)` gives each call's [method, url, token, body]. */
async function measure(label, runs, next) {
  // Two untimed calls first (compiled code paths, built indexes).
  for (let i = 0; i < 2; i += 1) await call(...next(-1 - i));
  const times = [];
  let bytes = 0;
  for (let i = 0; i < runs; i += 1) {
    const answer = await call(...next(i));
    times.push(answer.ms);
    bytes = answer.bytes;
  }
  const s = stats(times);
  return { label, ...s, bytes };
}

async function main() {
  const startedAt = now();
  const server = makeServer({ environment: 'test', extraPosts: POSTS });
  const load = now() - startedAt;
  const hasV2 = fs.existsSync(path.join(ROOT, 'src', 'server', 'v2'));
  const login = async (n) => (await call('POST', '/auth/login', null, TEST_CREDENTIALS[n])).json.encodedToken;
  const tokens = [await login(0), await login(1), await login(2), await login(3)];
  const all = (await call('GET', '/posts')).json.posts;
  console.log(`mock-api v2 scale bench: ${all.length.toLocaleString('en')} posts (seed + ${POSTS.toLocaleString('en')} generated; server start ${load.toFixed(0)} ms), ${ROOT}`);
  // Posts to like: each run a post that member (run % 4) has not liked, so every like is accepted.
  const likers = tokens.map(() => []);
  const users = (await call('GET', '/users')).json.users;
  const byToken = [0, 1, 2, 3].map((n) => users.find((u) => u.username === TEST_CREDENTIALS[n].username)._id);
  for (const post of all) {
    for (let n = 0; n < 4; n += 1) if (!post.likes.likedBy.some((u) => u._id === byToken[n])) likers[n].push(post._id);
  }
  const pick = (i, offset) => {
    const n = ((i % 4) + 4) % 4;
    const list = likers[n];
    return [n, list.splice((Math.abs(i) * 7919 + offset) % list.length, 1)[0]];
  };
  const results = [];
  // What any call costs through MirageJS here (pretender's fake XHR, the fetch polyfill, timers).
  results.push(await measure('floor            GET /test-todos (a handler that does nothing)', RUNS, () => ['GET', '/test-todos', null]));
  if (hasV2) {
    results.push(
      await measure('v2 like          POST /v2/posts/like/:id', RUNS, (i) => {
        const [n, id] = pick(i, 1);
        return ['POST', `/v2/posts/like/${id}`, tokens[n], {}];
      }),
    );
    for (const [label, url, auth] of [
      ['v2 explore Latest  GET /v2/feed/explore?sort=latest', '/v2/feed/explore?sort=latest', false],
      ['v2 explore Trending GET /v2/feed/explore?sort=trending', '/v2/feed/explore?sort=trending', false],
      ['v2 home Latest     GET /v2/feed/home?sort=latest', '/v2/feed/home?sort=latest', true],
      ['v2 home Trending   GET /v2/feed/home?sort=trending', '/v2/feed/home?sort=trending', true],
      ['v2 profile posts   GET /v2/members/:id/posts', `/v2/members/${byToken[3]}/posts`, false],
      ['v2 activities      GET /v2/members/:id/activities', `/v2/members/${byToken[0]}/activities`, true],
      ['v2 bookmarks       GET /v2/me/bookmarks', '/v2/me/bookmarks', true],
    ]) {
      results.push(await measure(label, RUNS, (i) => ['GET', url, auth ? tokens[((i % 4) + 4) % 4] : null]));
    }
  }
  // The v1 calls the apps made for the same things.
  results.push(
    await measure('v1 like          POST /posts/like/:id (answers every post)', V1_RUNS, (i) => {
      const [n, id] = pick(i, 2);
      return ['POST', `/posts/like/${id}`, tokens[n], {}];
    }),
  );
  results.push(await measure('v1 feeds         GET /posts (every post; the apps built feeds from it)', V1_RUNS, () => ['GET', '/posts', null]));
  results.push(await measure('v1 explore page  GET /posts/2/0?sort=trending', V1_RUNS, () => ['GET', '/posts/2/0?sort=trending', null]));
  server.shutdown();

  const pad = (text, n) => String(text).padEnd(n);
  const num = (ms) => `${ms.toFixed(2)} ms`.padStart(11);
  console.log(`${pad('call', 72)} ${'median'.padStart(11)} ${'p95'.padStart(11)} ${'max'.padStart(11)}  runs  answer bytes`);
  for (const r of results) console.log(`${pad(r.label, 72)} ${num(r.median)} ${num(r.p95)} ${num(r.max)}  ${String(r.runs).padStart(4)}  ${r.bytes.toLocaleString('en')}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
