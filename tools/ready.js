/**
 * "Ready means ready": what tools/run-all.js (npm start / serve) and tools/run-with-api.js
 * (start:server / serve:server) wait for before saying "open http://localhost:3000".
 *
 * An app is ready when its port answers GET / with 200: a dev server answers only once its
 * first compilation is done (webpack-dev-middleware holds requests until then), a production
 * server as soon as it listens. The API is ready when apiReady() says so.
 */
const http = require('http');
const https = require('https');

/** GET url → its status code, or 0 when nothing answers within `timeout` ms. */
function statusOf(url, timeout = 2000) {
  return new Promise((resolve) => {
    const client = url.startsWith('https:') ? https : http;
    const req = client.get(url, { timeout }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => {
      req.destroy();
      resolve(0);
    });
  });
}

async function appReady(port) {
  return (await statusOf(`http://127.0.0.1:${port}/`)) === 200;
}

/**
 * Whether the API at baseUrl serves requests: api-server's GET /readyz answers 200 only when
 * its database answers and every migration is applied, not merely when it listens
 * (api-server/src/http/operations.ts).
 */
async function apiReady(baseUrl) {
  return (await statusOf(new URL('/readyz', baseUrl).href)) === 200;
}

/** Resolves once check() is true, trying every `every` ms; never rejects (the caller's process ends it). */
async function waitUntil(check, every = 250) {
  for (;;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

const elapsed = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Waits for every part in parallel, printing one line per part as it answers and, while some
 * are still starting, which ones every `remindEvery` ms; then `done` once all have answered.
 * A part whose `stopped` promise settles first (its process ended: it never will answer) is
 * no longer waited for: `onStop(label)` is called at once, the result names it, and `done` is
 * not printed.
 * @param {{ label: string, url: string, ready: () => Promise<boolean>, stopped?: Promise<unknown> }[]} parts
 * @returns {Promise<{ stopped: string[] }>} the labels of the parts that stopped before they answered
 */
async function announceWhenReady(parts, { since = Date.now(), log = console.log, remindEvery = 20000, done, onStop = () => {} } = {}) {
  const waiting = new Set(parts.map((p) => p.label));
  const stopped = [];
  const reminder = setInterval(() => {
    if (waiting.size) log(`… still starting: ${[...waiting].join(', ')} (${elapsed(since)})`);
  }, remindEvery);
  try {
    await Promise.all(
      parts.map(async (part) => {
        const STOPPED = Symbol('stopped');
        const gone = part.stopped
          ? part.stopped.then(
              () => STOPPED,
              () => STOPPED,
            )
          : new Promise(() => {});
        const outcome = await Promise.race([waitUntil(part.ready), gone]);
        waiting.delete(part.label);
        if (outcome === STOPPED) {
          stopped.push(part.label);
          onStop(part.label);
        } else log(`[${part.label}] ready in ${elapsed(since)}  ${part.url}`);
      }),
    );
  } finally {
    clearInterval(reminder);
  }
  if (done && stopped.length === 0) log(done(elapsed(since)));
  return { stopped };
}

module.exports = { statusOf, appReady, apiReady, waitUntil, announceWhenReady };
