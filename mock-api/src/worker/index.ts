/**
 * The fake backend in the service worker: one MirageJS server for every tab of the origin.
 * MirageJS stays the backend (the same routes, data and storage as in a page), but its route
 * handlers are called by ./interceptor.ts with the worker's fetch `Request`s: no pretender, no
 * patched globals. Pictures are answered at `/api/images/<id>`, so answers name them by that
 * path (one URL for every tab and every load, unlike a page's object URLs).
 *
 * The worker may be stopped when idle and started again: everything is in IndexedDB, and the
 * delay set by the last page (`?api-delay`) is kept in Cache Storage.
 */
import { LIMITS } from '../contract';
import { makeServer, reseedServer, serverReady, type Server } from '../server';
import { MAX_EXTRA_POSTS } from '../server/seed';
import type { Committed } from '../server/backend';
import { WorkerInterceptor } from './interceptor';
import type { StartBackend } from './protocol';

export * from './protocol';
export type { Committed } from '../server/backend';
export { WorkerInterceptor } from './interceptor';

const SETTINGS_CACHE = 'orbit-backend-settings';
const SETTINGS_URL = '/__orbit-backend/settings.json';

interface Settings {
  timing: number;
}

async function readSettings(): Promise<Settings | null> {
  try {
    if (typeof caches === 'undefined') return null;
    const stored = await (await caches.open(SETTINGS_CACHE)).match(SETTINGS_URL);
    const value: unknown = stored ? await stored.json() : null;
    return value && typeof value === 'object' && typeof (value as Settings).timing === 'number' ? (value as Settings) : null;
  } catch {
    return null;
  }
}

async function writeSettings(settings: Settings): Promise<void> {
  try {
    if (typeof caches === 'undefined') return;
    await (
      await caches.open(SETTINGS_CACHE)
    ).put(SETTINGS_URL, new Response(JSON.stringify(settings), { headers: { 'Content-Type': 'application/json' } }));
  } catch {
    // Not kept: a restarted worker uses the default delay.
  }
}

export interface WorkerBackendOptions {
  /** A write was stored; `clientId` is the tab that made it (the others are to be told), `committed` what it changed. */
  onChange(clientId: string | undefined, committed: Committed): void;
  /** IndexedDB database name (tests). */
  storageName?: string;
  /** Keep the data in IndexedDB (default true; tests without IndexedDB turn it off). */
  persist?: boolean;
}

export class WorkerBackend {
  readonly interceptor = new WorkerInterceptor();
  private readonly server: Server;
  /** Settles once the stored delay (if any) is applied and the data is loaded. */
  private readonly started: Promise<void>;

  constructor(options: WorkerBackendOptions) {
    this.server = makeServer({
      environment: 'development',
      interceptor: this.interceptor,
      imageUrls: 'path',
      persist: options.persist ?? true,
      storageName: options.storageName,
      onChange: options.onChange,
    });
    this.started = Promise.all([
      readSettings().then((settings) => {
        if (settings) this.server.timing = settings.timing;
      }),
      serverReady(this.server),
    ]).then(() => undefined);
  }

  /** A page starts the backend: its switches apply (reset, generated posts, delay). */
  async start(message: StartBackend): Promise<void> {
    await this.started;
    const timing = Number.isFinite(message.timing) && message.timing >= 0 ? Math.floor(message.timing) : LIMITS.defaultDelayMs;
    this.server.timing = timing;
    await writeSettings({ timing });
    if (message.reset) {
      const extra = message.seedPosts === undefined ? 0 : Math.max(0, Math.min(MAX_EXTRA_POSTS, Math.floor(message.seedPosts)));
      await reseedServer(this.server, extra);
    }
  }

  /** Answers one `/api` request (`clientId`: the tab it came from). */
  async handle(request: Request, clientId?: string): Promise<Response> {
    await this.started;
    return this.interceptor.handle(request, clientId);
  }

  shutdown(): void {
    this.server.shutdown();
  }
}
