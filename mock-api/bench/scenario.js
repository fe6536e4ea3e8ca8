/**
 * The calls mock-api/bench/v2-scale.js times, shared by its runners (Node with jsdom, and
 * headless Chromium): they run in the page's global scope and call the API through the global
 * `fetch` (MirageJS's, or the direct one), from the request to the parsed answer.
 */
const now = () => (typeof performance !== 'undefined' ? performance.now() : Number(process.hrtime.bigint()) / 1e6);

function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { runs: sorted.length, median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

/**
 * Resolves in a new task, outside any timer callback. Each call of the loop would otherwise start
 * inside the previous answer's timer callback, and browsers clamp timers nested more than five
 * deep to 4 ms: MirageJS's two timers per call would then cost 8 ms that no member's click pays
 * (a click starts a fresh task).
 */
function freshTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

async function call(method, url, token, body) {
  await freshTask();
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.authorization = token;
  const started = now();
  const response = await globalThis.fetch(`/api${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const json = JSON.parse(text);
  const ms = now() - started;
  if (response.status >= 400) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
  return { ms, json, bytes: new TextEncoder().encode(text).length };
}

/** Times `runs` calls after two untimed ones; `next(i)` gives each call's [method, url, token, body]. */
async function measure(label, runs, next) {
  for (let i = 0; i < 2; i += 1) await call(...next(-1 - i));
  const times = [];
  let bytes = 0;
  for (let i = 0; i < runs; i += 1) {
    const answer = await call(...next(i));
    times.push(answer.ms);
    bytes = answer.bytes;
  }
  return { label, ...stats(times), bytes };
}

/**
 * Runs every call. `credentials`: the four test members; `hasV2`: whether this backend has v2
 * (an older commit's has not). Returns { posts, results }.
 */
async function runScenario({ credentials, hasV2, runs, v1Runs }) {
  const login = async (n) => (await call('POST', '/auth/login', null, credentials[n])).json.encodedToken;
  const tokens = [await login(0), await login(1), await login(2), await login(3)];
  const all = (await call('GET', '/posts')).json.posts;
  const users = (await call('GET', '/users')).json.users;
  const memberIds = [0, 1, 2, 3].map((n) => users.find((u) => u.username === credentials[n].username)._id);
  // Posts each member has not liked: every timed like is accepted.
  const unliked = memberIds.map((id) => all.filter((post) => !post.likes.likedBy.some((u) => u._id === id)).map((post) => post._id));
  const pick = (i, offset) => {
    const n = ((i % 4) + 4) % 4;
    const list = unliked[n];
    return [n, list.splice((Math.abs(i) * 7919 + offset) % list.length, 1)[0]];
  };
  const member = (i) => ((i % 4) + 4) % 4;
  const results = [];
  // What any call costs here before the backend does anything (MirageJS's fake XHR, the fetch polyfill, timers).
  results.push(await measure('floor: GET /test-todos (a handler that does nothing)', runs, () => ['GET', '/test-todos', null]));
  if (hasV2) {
    results.push(
      await measure('v2 like: POST /v2/posts/like/:id', runs, (i) => {
        const [n, id] = pick(i, 1);
        return ['POST', `/v2/posts/like/${id}`, tokens[n], {}];
      }),
    );
    const feeds = [
      ['v2 explore Latest: GET /v2/feed/explore?sort=latest', '/v2/feed/explore?sort=latest', false],
      ['v2 explore Trending: GET /v2/feed/explore?sort=trending', '/v2/feed/explore?sort=trending', false],
      ['v2 home Latest: GET /v2/feed/home?sort=latest', '/v2/feed/home?sort=latest', true],
      ['v2 home Trending: GET /v2/feed/home?sort=trending', '/v2/feed/home?sort=trending', true],
      ["v2 a member's posts: GET /v2/members/:id/posts", `/v2/members/${memberIds[3]}/posts`, false],
      ['v2 activities: GET /v2/members/:id/activities', `/v2/members/${memberIds[0]}/activities`, true],
      ['v2 bookmarks: GET /v2/me/bookmarks', '/v2/me/bookmarks', true],
    ];
    for (const [label, url, auth] of feeds) results.push(await measure(label, runs, (i) => ['GET', url, auth ? tokens[member(i)] : null]));
  }
  // The v1 calls the apps made for the same things (left out with v1Runs 0).
  if (v1Runs === 0) return { posts: all.length, results };
  results.push(
    await measure('v1 like: POST /posts/like/:id (answers every post)', v1Runs, (i) => {
      const [n, id] = pick(i, 2);
      return ['POST', `/posts/like/${id}`, tokens[n], {}];
    }),
  );
  results.push(await measure('v1 feeds: GET /posts (every post; the apps built feeds from it)', v1Runs, () => ['GET', '/posts', null]));
  results.push(await measure('v1 explore page: GET /posts/2/0?sort=trending', v1Runs, () => ['GET', '/posts/2/0?sort=trending', null]));
  return { posts: all.length, results };
}

/** The results as a text table. */
function table(results) {
  const num = (ms) => `${ms.toFixed(2)} ms`.padStart(11);
  const lines = [`${'call'.padEnd(66)} ${'median'.padStart(11)} ${'p95'.padStart(11)} ${'max'.padStart(11)}  runs  answer bytes`];
  for (const r of results)
    lines.push(
      `${r.label.padEnd(66)} ${num(r.median)} ${num(r.p95)} ${num(r.max)}  ${String(r.runs).padStart(4)}  ${r.bytes.toLocaleString('en')}`,
    );
  return lines.join('\n');
}

module.exports = { runScenario, table };
