/**
 * A returning member (issue 24): signed in, opening `/` until the first post shows, once cold
 * (no service worker, no cached file: the first visit after the browser dropped them) and once
 * returning (the service worker has kept the product). The member's token and the in-browser
 * backend's data (IndexedDB) stay in both, as they do between two visits. The federated build
 * only: the single bundle has no service worker.
 * Twice: on loopback as served, where a file costs no round trip and the cache has little to
 * save, and on a phone's round trip: every request that leaves the browser (the page's, the
 * service worker's and the navigation preload's) goes through ../latency-proxy.js and is sent on
 * PHONE_RTT_MS later, as on Lighthouse's slow 4G. Only latency: no bandwidth limit, so it
 * understates what a cached byte saves. Answers the service worker gives from its caches or
 * its backend never wait. (Playwright's context.route, used before, does not see a navigation
 * the worker answers with navigation preload: that round trip went uncounted.)
 * Alone: `node tools/bench/run.js --skip-build-times --only returning-member`.
 */
const { logInAt } = require('../member');
const { startLatencyProxy } = require('../latency-proxy');
/** How long the service worker may take to cache the product after a load (bounded wait). */
const CACHE_TIMEOUT_MS = 60_000;
/** A phone's round trip (Lighthouse's simulated slow 4G). */
const PHONE_RTT_MS = 150;

/**
 * In the page: whether the service worker controls it and holds the shell's page and every
 * remote's entry, manifest and exposed chunks (the caches shell/src/offline/sw.ts fills).
 */
async function productCached() {
  if (!navigator.serviceWorker.controller) return false;
  if (!(await (await caches.open('orbit-shell')).match('/index.html'))) return false;
  const entries = await caches.open('orbit-entries');
  const chunks = await caches.open('orbit-chunks');
  const stored = await entries.match('/remotes.json');
  if (!stored) return false;
  const config = await stored.json();
  for (const [key, value] of Object.entries(config)) {
    if (key.startsWith('//') || typeof value !== 'string') continue;
    const manifest = await entries.match(value);
    if (!manifest || !(await entries.match(new URL('remoteEntry.js', value).href))) return false;
    for (const expose of (await manifest.json()).exposes) {
      for (const file of [...expose.assets.js.sync, ...expose.assets.js.async])
        if (!(await chunks.match(new URL(file, value).href))) return false;
    }
  }
  return true;
}

async function untilCached(page) {
  const deadline = Date.now() + CACHE_TIMEOUT_MS;
  while (!(await page.evaluate(productCached))) {
    if (Date.now() > deadline) throw new Error(`the service worker did not cache the product within ${CACHE_TIMEOUT_MS / 1000} s`);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 250)));
  }
}

/** Opens `/` in a new page of the context: ms from navigation start to the first post on screen. */
async function feedShown(context, baseUrl) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('article')) {
        window.__firstPostAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${baseUrl}/`);
  await page.locator('article').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => window.__firstPostAt !== undefined);
  const ms = await page.evaluate(() => window.__firstPostAt);
  return { page, ms };
}

module.exports = {
  id: 'returning-member',
  targets: ['federated'],
  variants: [
    { name: 'seed data, API delay 400 ms (returning member)', params: { 'api-delay': 400 } },
    {
      name: `seed data, API delay 400 ms, each network request ${PHONE_RTT_MS} ms later (returning member on a phone's round trip)`,
      params: { 'api-delay': 400 },
      rttMs: PHONE_RTT_MS,
    },
  ],
  labels: {
    coldFeedMs: ['signed in, `/` to first post: cold (no service worker, nothing cached)', 'ms'],
    returningFeedMs: ['signed in, `/` to first post: returning (from the service worker)', 'ms'],
    returningRatio: ['returning ÷ cold (goal ≤ 0.5)', '×'],
  },

  async run({ openPage, baseUrl, params, variant }) {
    const network = variant.rttMs ? await startLatencyProxy(variant.rttMs) : null;
    const { page, close } = await openPage(network ? { proxy: network.proxy } : {});
    try {
      await logInAt(page, baseUrl, params);
      const context = page.context();

      // Cold: the service worker and every cached file gone; the token and the data kept.
      await page.evaluate(async () => {
        for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
        for (const name of await caches.keys()) await caches.delete(name);
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.close();
      const cold = await feedShown(context, baseUrl);
      // The cold visit registers the worker when idle, which then keeps the product.
      await untilCached(cold.page);
      await cold.page.close();

      const returning = await feedShown(context, baseUrl);
      await returning.page.close();
      return { coldFeedMs: cold.ms, returningFeedMs: returning.ms, returningRatio: returning.ms / cold.ms };
    } finally {
      await close();
      await network?.stop();
    }
  },
};
