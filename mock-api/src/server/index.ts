/**
 * The product's backend: a MirageJS server in the browser, shared by every app.
 *
 * - `startServer()` once per page (the shell calls it): 400 ms delay, data kept in IndexedDB and
 *   shared with the site's other tabs (see ./backend.ts).
 *   URL switches read at start, then removed from the address bar:
 *     `?reset-data`      back to the seed;
 *     `?seed-posts=1000` back to the seed plus 1,000 generated posts (benchmarks);
 *     `?api-delay=0`     answer with that delay (ms) instead of 400 (benchmarks); not removed.
 * - `makeServer({ environment: 'test' })` for tests: no delay, no storage, fresh seed.
 * - `resetDatabase()` drops the stored data and reseeds the running server (and every other tab).
 */
import { createServer, Response, type Request, type Server } from 'miragejs';
import { LIMITS } from '../contract';
import { Backend, type BackendOptions, type Handler } from './backend';
import { authRoutes } from './routes/auth';
import type { Method, RouteKit } from './routes/kit';
import { answerMalformedPaths, fallbackAnswer } from './routes/fallback';
import { RouteTable } from '../core/route-table';
import { miscRoutes } from './routes/misc';
import { v1Routes } from './routes/v1';
import { v2Routes } from './v2';
import { errorBody } from '../core/errors';
import { deleteStoredDatabase } from './idb';
import { answerImagesBeforePretender, XHR_IMAGES_MESSAGE } from './image-response';
import { JSON_HEADERS } from './request-context';
import { clearLegacyDb } from './persistence';
import { MAX_EXTRA_POSTS } from './seed';
import { createSeedDb } from './seed';
import { takeUrlSwitches } from '../switches';
import { readUsersV1 } from '../core/v1';
import { runNow } from '../core/operation';
import { MemoryV1Store } from './v1-store';

export type ServerOptions = {
  environment?: 'development' | 'test';
  /** Response delay in ms: LIMITS.defaultDelayMs (400) in development, 0 in test. */
  timing?: number;
  /** Keep the data in IndexedDB: on in development, off in test. */
  persist?: boolean;
  /** IndexedDB database name (default IDB_NAME); tests give each server its own. */
  storageName?: string;
  /** Generated posts added whenever the server seeds (fresh storage, reset, or `reset: true`). */
  extraPosts?: number;
  /** Start from the seed even when data is stored (what `?reset-data` does). */
  reset?: boolean;
  /**
   * The address whose switches apply (default: the current one). The shell passes the
   * address the page was opened with, since a route guard may have redirected since.
   */
  url?: string;
  /**
   * Who receives the requests: by default pretender, which patches the page's fetch and
   * XMLHttpRequest; the service worker passes its own (../worker/interceptor.ts).
   */
  interceptor?: ServerInterceptor;
  /** How answers name stored pictures (default: object URLs; the worker: `/api/images/<id>`). */
  imageUrls?: BackendOptions['imageUrls'];
  /** Called after a write was stored (the worker tells the other tabs). */
  onChange?: BackendOptions['onChange'];
};

/** A MirageJS interceptor that is not pretender (MirageJS's `interceptor` option), and how to ask it for a GET (HEAD answers). */
export interface ServerInterceptor {
  /** Answers a request as the routes would, without the network (HEAD runs the GET through it). */
  selfFetch(url: string, init: RequestInit): Promise<globalThis.Response>;
}

export { SEED_USER_IDS } from './seed/users';
export { SEED_POST_IDS } from './seed/posts';
export { DEFAULT_AVATAR, POST_IMAGES } from './seed';
export { TEST_TODOS } from './routes/misc';
export { INPUT_MESSAGES } from '../core/validate';
export { STORAGE_FULL_STATUS } from './backend';
export { IDB_NAME } from './idb';

/** The seed members as the API answers them (no password), in order: index 0 is user 1 (TEST_CREDENTIALS[0]). */
export const SEED_USERS = (() => {
  return runNow(readUsersV1(new MemoryV1Store({ db: createSeedDb(), picUrl: (stored) => stored })));
})();

/** True for requests the fake backend answers: paths under /api. Everything else (Module Federation manifests and chunks on other origins, assets) passes through to the network. */
export function isApiRequestUrl(url: string): boolean {
  try {
    const base = typeof location !== 'undefined' ? location.href : 'http://localhost/';
    const { pathname } = new URL(url, base);
    return pathname === '/api' || pathname.startsWith('/api/');
  } catch {
    return false;
  }
}

const backends = new WeakMap<Server, Backend>();
let active: { server: Server; backend: Backend } | null = null;

export function makeServer(options: ServerOptions = {}): Server {
  const environment = options.environment ?? 'development';
  const timing = options.timing ?? (environment === 'test' ? 0 : LIMITS.defaultDelayMs);
  const backend = new Backend({
    persist: options.persist ?? environment !== 'test',
    extraPosts: Math.max(0, Math.min(MAX_EXTRA_POSTS, Math.floor(options.extraPosts ?? 0))),
    reset: options.reset ?? false,
    storageName: options.storageName,
    imageUrls: options.imageUrls,
    onChange: options.onChange,
  });
  const selfFetch = options.interceptor ? options.interceptor.selfFetch.bind(options.interceptor) : undefined;

  const table = new RouteTable();
  const server = createServer({
    environment,
    ...(options.interceptor ? { interceptor: options.interceptor } : {}),
    routes() {
      this.namespace = 'api';
      this.timing = timing;
      const register = (kind: 'read' | 'write') => (method: Method, path: string, handler: Handler) => {
        table.add(method, path);
        this[method](path, backend.handle(kind, method, handler));
      };
      const kit: RouteKit = { read: register('read'), write: register('write') };
      authRoutes(kit);
      v1Routes(kit);
      miscRoutes(kit);
      v2Routes(kit);
      // Stored pictures' bytes, as api-server serves them. In a page answers show pictures by
      // object URL, and a fetch of /api/images/<id> is answered before pretender (below).
      // No delay: the SPEC's response delay stands for an API call's round trip. A picture is a
      // stored, immutable file (a CDN's job on a real network), and before the backend moved
      // into the worker a picture was an object URL, shown at once (docs/offline.md, "Pictures").
      table.add('get', '/images/:imageId');
      const noDelay = { timing: 0 };
      if (options.interceptor) this.get('/images/:imageId', backend.imageHandler(), noDelay);
      else this.get('/images/:imageId', () => new Response(501, JSON_HEADERS, errorBody(XHR_IMAGES_MESSAGE)), noDelay);
      // Registered last: Mirage prefers static and parameter segments, so these only catch what nothing else matched.
      for (const method of ['get', 'post', 'delete', 'put', 'patch', 'head', 'options'] as const) {
        for (const path of ['/', '/*path'])
          this[method](path, (_schema: unknown, request: Request) => fallbackAnswer(table, method, request, selfFetch));
      }
      // Every request that is not /api goes to the network, whatever its origin.
      this.passthrough((request: Request) => !isApiRequestUrl(request.url));
    },
  });
  // Mirage's test environment forces timing 0; honour an explicit timing in tests too.
  server.timing = timing;
  // miragejs 0.1.48 drops the `logging: false` option (it assigns its own undefined field), and
  // its default logging prints every request and answer, passwords and tokens included.
  server.logging = false;
  // The worker's interceptor answers those itself.
  if (!options.interceptor) {
    answerMalformedPaths(server, isApiRequestUrl);
    answerImagesBeforePretender((id) => backend.image(id));
  }

  backends.set(server, backend);
  active = { server, backend };
  const shutdown = server.shutdown.bind(server);
  server.shutdown = () => {
    shutdown();
    backend.close();
    if (active?.server === server) active = null;
    const global = globalThis as GlobalWithServer;
    if (global[SERVER_KEY] === server) delete global[SERVER_KEY];
  };
  return server;
}

const SERVER_KEY = Symbol.for('@social/mock-api/server');
type GlobalWithServer = typeof globalThis & { [SERVER_KEY]?: Server };

/** The page's server: the first call starts it, later calls return the same one. */
export function startServer(options: ServerOptions = {}): Server {
  const global = globalThis as GlobalWithServer;
  const running = global[SERVER_KEY];
  if (running) return running;
  const switches = takeUrlSwitches(options.url);
  const server = makeServer({
    ...options,
    timing: switches.timing ?? options.timing,
    reset: options.reset || switches.reset,
    extraPosts: switches.seedPosts ?? options.extraPosts,
  });
  global[SERVER_KEY] = server;
  return server;
}

/** Drops the stored data and puts the running server (and the site's other tabs) back to the seed. */
export async function resetDatabase(): Promise<void> {
  const global = globalThis as GlobalWithServer;
  const server = global[SERVER_KEY] ?? active?.server;
  const backend = server ? backends.get(server) : undefined;
  if (backend) return backend.reseed();
  clearLegacyDb();
  await deleteStoredDatabase();
}

/** Puts this server's data back to the seed plus `extraPosts` generated posts; the change is announced (`onChange`). */
export function reseedServer(server: Server, extraPosts?: number): Promise<void> {
  const backend = backends.get(server);
  return backend ? backend.reseed(extraPosts) : Promise.resolve();
}

/** Resolves once the server's stored data is loaded (requests wait for it anyway). */
export function serverReady(server: Server): Promise<void> {
  return backends.get(server)?.ready ?? Promise.resolve();
}

export type { Server };
