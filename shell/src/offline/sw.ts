/**
 * The product's service worker (/sw.js, built by tools/webpack.factory.js; see docs/offline.md).
 *
 * 1. The in-browser fake backend: every same-origin `/api` request of every tab is answered by
 *    one MirageJS server here (@social/mock-api/worker), so a page's API call costs its main
 *    thread only the message. After a committed write its live events go out on a
 *    BroadcastChannel to every page, and the other tabs are told.
 * 2. The product's files, with Workbox's routes and strategies:
 *    - pages (navigations): the page of this worker's own build once it is kept (every script it
 *      names is kept beside it), else network first and the kept index.html when offline; a
 *      redeployed shell is a new sw.js, so it shows one load later, as any installed app;
 *    - `remotes.json`, `mf-manifest.json`, `remoteEntry.js`, `federation-runtime-core.js`:
 *      network first, so a redeployed remote is used on the next load, the last copy offline;
 *      at a navigation those the cached remotes.json names are asked of the network at once, and
 *      the page's requests take those answers (./warm-entries.ts): one round trip, not three;
 *    - hashed files (`name.0123abcd.js`) of any app: cache first (a new build has new names);
 *    - the shell's other files (icons, manifest.webmanifest, robots.txt): cache first, kept at
 *      their build's revision;
 *    - once the page is idle it asks the worker to cache the product (`cacheProduct`): the
 *      shell's own files (the list is put in at build time) and what remotes.json and the
 *      remotes' manifests name now, so the whole product opens offline.
 *    Nothing is cached at install: a worker that installs on a member's first API call (a
 *    login) takes the page over, and answers it, without first downloading the product.
 */
/// <reference lib="webworker" />
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core/types';
import { isApiPath, WorkerBackend, type BackendChanged, type BackendStarted, type Committed, type ToWorker } from '@social/mock-api/worker';
import { CHUNKS_CACHE, ENTRIES_CACHE, isEntryFile, isHashedFile, PAGES_CACHE, remoteFiles, SHELL_CACHE, shellFiles } from './caching';
import { WarmAnswers } from './warm-entries';
import { parsePath } from '../routes/paths';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

// ---- 1. The fake backend ----

let backend: WorkerBackend | null = null;
/** Started on the first /api request or page start, not with the worker: api-server pages never need it. */
function theBackend(): WorkerBackend {
  backend ??= new WorkerBackend({ onChange: committed });
  return backend;
}

/**
 * Every change the backend committed (a route's write or a reset) passes here, once, after its
 * IndexedDB transaction committed. Its live events are already out: the backend published them
 * on the BroadcastChannel LIVE_CHANNEL from this worker just before (Backend.committed in
 * mock-api/src/server/backend.ts, docs/live.md), which every page of the origin hears. Here the
 * other tabs are told as well, so their data layer marks what it cached stale.
 */
function committed(clientId: string | undefined, _change: Committed): void {
  void tellOtherTabs(clientId);
}

async function tellOtherTabs(writer: string | undefined): Promise<void> {
  const message: BackendChanged = { type: 'orbit-backend:change' };
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    if (client.id !== writer) client.postMessage(message);
  }
}

// Registered before Workbox's routes: this listener answers /api first.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !isApiPath(url.pathname)) return;
  event.respondWith(theBackend().handle(event.request, event.clientId || event.resultingClientId || undefined));
});

self.addEventListener('message', (event) => {
  const data = event.data as ToWorker | undefined;
  if (!data || typeof data !== 'object') return;
  if (data.type === 'orbit-backend:start') {
    const port = event.ports[0];
    const answer = (message: BackendStarted) => port?.postMessage(message);
    event.waitUntil(
      theBackend()
        .start(data)
        .then(
          () => answer({ type: 'orbit-backend:ready' }),
          (error: unknown) => answer({ type: 'orbit-backend:failed', message: error instanceof Error ? error.message : String(error) }),
        ),
    );
  } else if (data.type === 'orbit-sw:claim') {
    event.waitUntil(self.clients.claim());
  } else if (data.type === 'orbit-sw:cache-product') {
    event.waitUntil(cacheProduct());
  }
});

// ---- 2. The product's files ----

// A new worker takes over at once: its backend reads the same storage, and pages keep their files.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
// Workbox's precache (what workers before this one filled at install) is no longer read.
self.addEventListener('activate', (event) => {
  const oldPrecaches = caches
    .keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith('workbox-precache')).map((name) => caches.delete(name))));
  const preload = navigationPreloadUnlessKept();
  event.waitUntil(Promise.all([self.clients.claim(), oldPrecaches, preload]));
});

/** Cross-origin files (the remotes' servers send CORS headers) are fetched in cors mode, so what is cached is a readable answer, not an opaque one. */
const corsFetch: WorkboxPlugin = {
  requestWillFetch: async ({ request }) =>
    new URL(request.url).origin === self.location.origin
      ? request
      : new Request(request.url, {
          mode: 'cors',
          credentials: 'omit',
          cache: request.cache === 'only-if-cached' ? 'default' : request.cache,
        }),
};
const okOnly = new CacheableResponsePlugin({ statuses: [200] });

/** The shell's own files, listed at build time (tools/sw/webpack.js): hashed ones and the others. */
const SHELL = shellFiles(self.__WB_MANIFEST, self.location.href);
const shellNamedPaths = new Set(SHELL.named.map((file) => new URL(file.url).pathname));
/** Which build's copy a file of SHELL_CACHE is (its SHA-256 from the build list). */
const REVISION_HEADER = 'x-orbit-revision';

/** How the worker asks a remote's server for a file itself: a readable (cors) answer, checked with the server. */
const REMOTE_FILE: RequestInit = { mode: 'cors', credentials: 'omit', cache: 'no-cache' };
/** Fetches an entry file from the network as the entry files' route does (cors for other origins). */
function fetchEntry(url: string): Promise<Response> {
  return fetch(url, new URL(url).origin === self.location.origin ? { cache: 'no-cache' } : REMOTE_FILE);
}
const warmEntries = new WarmAnswers(fetchEntry);
/**
 * What a navigation asks of the network at once (./warm-entries.ts): remotes.json and the entry
 * files the cached copy names (each remote's manifest and, from the cached manifest, its
 * remoteEntry.js). A remote no longer named is not asked for.
 */
async function cachedEntryUrls(): Promise<string[]> {
  const entries = await caches.open(ENTRIES_CACHE);
  const configUrl = new URL('/remotes.json', self.location.href).href;
  const urls = [configUrl];
  const config = await entries.match(configUrl);
  if (config) {
    const files = await remoteFiles(await config.json(), self.location.href, async (manifestUrl) => {
      urls.push(manifestUrl);
      const manifest = await entries.match(manifestUrl);
      return manifest ? manifest.json() : null;
    });
    urls.push(...files.filter((file) => isEntryFile(new URL(file))));
  }
  return urls;
}

const pages = new NetworkFirst({ cacheName: PAGES_CACHE, plugins: [okOnly] });
const PAGE_URL = new URL('/index.html', self.location.href).href;
/** This worker's build's index.html in the build list, with its revision (its SHA-256, tools/sw/webpack.js). */
const PAGE_FILE = SHELL.named.find((file) => file.url === PAGE_URL);
const PAGE_REVISION = PAGE_FILE?.revision ?? null;
/** One of the app's routes (`/`, `/login`, `/profile/jane.doe`…), not a file of the origin (`/robots.txt`). */
const isAppRoute = (url: URL) => parsePath(url.pathname) !== null;

/**
 * The page of this worker's own build, when cacheShell() has kept it: every script it names is
 * of the same build, kept beside it, so it is whole without the network. A redeployed shell brings
 * a new sw.js, which the browser fetches at this navigation; the new worker has another
 * revision, so the next load asks the network again (one load later, as any installed app).
 */
async function thisBuildsPage(): Promise<Response | undefined> {
  if (!PAGE_REVISION) return undefined;
  const page = await (await caches.open(SHELL_CACHE)).match(PAGE_URL);
  return page?.headers.get(REVISION_HEADER) === PAGE_REVISION ? page : undefined;
}

/**
 * Until this build's page is kept, a navigation's request starts while the worker starts, not
 * after (Workbox's NetworkFirst uses it); once it is kept, the page is not asked of the network.
 */
async function navigationPreloadUnlessKept(): Promise<void> {
  const preload = self.registration.navigationPreload;
  if (!preload) return;
  await ((await thisBuildsPage()) ? preload.disable() : preload.enable()).catch(() => undefined);
}

registerRoute(
  new NavigationRoute(async (options) => {
    // Before anything else: the page's own requests for these wait for this list.
    warmEntries.start(cachedEntryUrls());
    const { event } = options;
    if (isAppRoute(options.url)) {
      const page = await thisBuildsPage();
      if (page) {
        // Navigation preload may still have asked for it (it is turned off once the page is kept).
        if (event instanceof FetchEvent) event.waitUntil(event.preloadResponse.catch(() => undefined));
        return page;
      }
    }
    try {
      return await pages.handle(options);
    } catch (error) {
      const shell = await (await caches.open(SHELL_CACHE)).match(PAGE_URL);
      if (shell) return shell;
      throw error;
    }
  }),
);

const entryFiles = new NetworkFirst({ cacheName: ENTRIES_CACHE, plugins: [corsFetch, okOnly] });
registerRoute(
  ({ url, request }) => request.method === 'GET' && isEntryFile(url),
  async (options) => {
    // The network's answer started at this load's navigation, when there is one (./warm-entries.ts).
    try {
      const answer = await warmEntries.take(options.url.href);
      if (answer?.ok) {
        await (await caches.open(ENTRIES_CACHE)).put(options.url.href, answer.clone());
        return answer;
      }
    } catch {
      // Offline or that server down: network first as usual, then the last copy.
    }
    return entryFiles.handle(options);
  },
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && shellNamedPaths.has(url.pathname),
  new CacheFirst({ cacheName: SHELL_CACHE, plugins: [okOnly] }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && isHashedFile(url),
  new CacheFirst({
    cacheName: CHUNKS_CACHE,
    plugins: [corsFetch, okOnly, new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
  }),
);

/** Caches the product as it is now: the shell's own files, then the remotes'. */
async function cacheProduct(): Promise<void> {
  await cacheShell();
  await cacheRemotes();
}

/** Fetches `url` and stores the answer in `cache` if it is ok; whether it did. */
async function putFetched(cache: Cache, url: string, init?: RequestInit): Promise<boolean> {
  const answer = await fetch(url, init);
  if (answer.ok) await cache.put(url, answer);
  return answer.ok;
}

/** A hashed file never changes: fetched only when `cache` does not have it yet; whether it has it now. */
async function putIfMissing(cache: Cache, url: string, init?: RequestInit): Promise<boolean> {
  return (await cache.match(url)) ? true : putFetched(cache, url, init);
}

/** The hex SHA-256 of a file's bytes: the revision tools/sw/webpack.js gives it. */
async function digest(bytes: ArrayBuffer): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Keeps a named shell file at this build's revision: fetched only when the kept copy is of
 * another, and kept only when what the server sends is this build's (after a redeploy it may
 * already send the next one, which the next worker keeps).
 */
async function keepNamed(shell: Cache, { url, revision }: { url: string; revision: string | null }): Promise<void> {
  const stored = await shell.match(url);
  if (stored && revision && stored.headers.get(REVISION_HEADER) === revision) return;
  const answer = await fetch(url, { cache: 'no-cache' });
  if (!answer.ok) return;
  const bytes = await answer.arrayBuffer();
  if (revision && (await digest(bytes)) !== revision) return;
  const headers = new Headers(answer.headers);
  if (revision) headers.set(REVISION_HEADER, revision);
  await shell.put(url, new Response(bytes, { status: answer.status, statusText: answer.statusText, headers }));
}

/**
 * The shell's own files: hashed ones with every app's (when missing), the others under their
 * build's revision; files of an older build are dropped. The page comes last and only once
 * every hashed file of its build (what its scripts name) is kept: a kept page is whole
 * (thisBuildsPage()). A named file (an icon, robots.txt) that fails does not hold it back.
 */
async function cacheShell(): Promise<void> {
  try {
    const chunks = await caches.open(CHUNKS_CACHE);
    const shell = await caches.open(SHELL_CACHE);
    const kept = await Promise.all([
      ...SHELL.hashed.map((url) => putIfMissing(chunks, url)),
      ...SHELL.named.filter((file) => file.url !== PAGE_URL).map((file) => keepNamed(shell, file).then(() => true)),
    ]);
    if (PAGE_FILE && kept.every(Boolean)) await keepNamed(shell, PAGE_FILE);
    const current = new Set(SHELL.named.map((file) => file.url));
    for (const request of await shell.keys()) if (!current.has(request.url)) await shell.delete(request);
    await navigationPreloadUnlessKept();
  } catch {
    // Offline or the shell's server down: what is cached stays; the next load tries again.
  }
}

/** Caches what remotes.json and the remotes' manifests name now (hashed files only when missing). */
async function cacheRemotes(): Promise<void> {
  try {
    const config = await fetchEntry(new URL('/remotes.json', self.location.href).href);
    if (!config.ok) return;
    const entries = await caches.open(ENTRIES_CACHE);
    await entries.put('/remotes.json', config.clone());
    const files = await remoteFiles(await config.json(), self.location.href, async (manifestUrl) => {
      const answer = await fetch(manifestUrl, REMOTE_FILE);
      if (!answer.ok) return null;
      await entries.put(manifestUrl, answer.clone());
      return answer.json();
    });
    const chunks = await caches.open(CHUNKS_CACHE);
    await Promise.all(
      files.map((file) => (isHashedFile(new URL(file)) ? putIfMissing(chunks, file, REMOTE_FILE) : putFetched(entries, file, REMOTE_FILE))),
    );
  } catch {
    // Offline or a remote down: what is cached stays; the next load tries again.
  }
}
