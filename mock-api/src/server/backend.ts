/**
 * The data behind one Mirage server and the wrapper every route goes through: requests run one
 * at a time, in order (the queue here), each parsed and checked, its handler run and, for
 * writes, what changed stored or put back. No handler can crash the server or leave a half-made
 * change behind. This class composes the parts, one concern a file:
 * - ./request-context.ts: what a handler sees (`Ctx`: input, caller from the token) and answers;
 * - ./stored-sync.ts: a write's change set (./store.ts, WriteLog) stored in IndexedDB
 *   (./idb.ts) or put back; load and catch up;
 * - ./live.ts: each committed write's live events;
 * - ./image-response.ts: GET /api/images/<id>'s bytes.
 *
 * In the product one instance serves every tab of the site: it runs in the service worker
 * (../worker/), so there is nothing to replicate between tabs. A write re-reads, inside its own
 * readwrite transaction, what another instance stored since this one last looked (a worker
 * stopped and started again, or an updated worker taking over), so no write is lost. A read
 * first takes in what another instance stored, so two tabs on the in-page fallback (no service
 * worker) see each other's writes and logouts. Every committed change (a write, stored or in
 * memory, or a reset) then passes `committed` once: its live events go out on LIVE_CHANNEL
 * (./live.ts, docs/live.md) and `onChange` is told (the worker tells the other tabs, which fire
 * BACKEND_CHANGE_EVENT).
 */
import type { Request, Response } from 'miragejs';
import type { DomainEvent } from '../core/events';
import { idbAvailable } from './idb';
import { imageAnswer, imageResponse, type ImageAnswer } from './image-response';
import { ImageStore, type ImageUrls } from './image-store';
import { clearLegacyDb } from './persistence';
import { LivePublisher } from './live';
import { answerOf, errorResponse, requestContext, type Handler } from './request-context';
import { createSeedDb } from './seed';
import type { Db } from './store';
import { StoredSync, withImagesMovedOut, type Committed } from './stored-sync';
import { parseBody } from '../core/validate';

export type { Answer, Ctx, Handler, WriteHandler } from './request-context';
export type { Committed } from './stored-sync';
export { BLOB_BODY } from './image-response';
export { STORAGE_FULL_STATUS } from './stored-sync';

/** The tab a request came from, as the worker's interceptor names it (passed to `onChange`). */
export const REQUEST_CLIENT = Symbol.for('@social/mock-api/client-id');

const clientOf = (request: Request): string | undefined => (request as unknown as { [REQUEST_CLIENT]?: string })[REQUEST_CLIENT];

export interface BackendOptions {
  persist: boolean;
  extraPosts: number;
  /** Start from the seed even if data is stored. */
  reset: boolean;
  /** IndexedDB database name (tests use their own). */
  storageName?: string;
  /** How answers name stored pictures (./image-store.ts): object URLs in a page, `/api/images/<id>` in the worker. */
  imageUrls?: ImageUrls;
  /**
   * Called after a write or a reset was committed (stored, or kept in memory without storage),
   * with the tab whose request made it (the worker tells the others) and what was committed,
   * after the change's live events were published (`committed` below).
   */
  onChange?: (clientId: string | undefined, committed: Committed) => void;
}

export class Backend {
  db: Db;
  /** Pictures, each stored once; records hold references (./image-store.ts). */
  readonly images: ImageStore;
  /** The data in IndexedDB, when `persist` (./stored-sync.ts). */
  private readonly sync: StoredSync;
  /** Each committed write's live events, to every page of the site (./live.ts, docs/live.md). */
  private readonly live = new LivePublisher();
  /** This tab's requests, one at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Resolves once the stored data is loaded (at once without persistence). */
  readonly ready: Promise<void>;

  constructor(private readonly options: BackendOptions) {
    this.images = new ImageStore(options.imageUrls);
    this.db = withImagesMovedOut(this.images, createSeedDb(options.extraPosts));
    this.sync = new StoredSync(this, options);
    this.ready = options.persist && idbAvailable() ? this.enqueue(() => this.sync.start()) : Promise.resolve();
  }

  /** Closes the live channel and the storage. */
  close(): void {
    this.sync.stop();
    this.live.close();
    void this.ready.then(() => this.sync.closeStorage());
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Back to the seed (with `extraPosts` generated posts when given), here and in storage; the tabs are told. */
  reseed(extraPosts = this.options.extraPosts): Promise<void> {
    return this.enqueue(async () => {
      await this.ready;
      clearLegacyDb();
      const seed = createSeedDb(extraPosts);
      if (this.sync.stored) await this.sync.replaceStored(seed);
      else this.db = seed;
      this.committed(undefined, { revision: this.sync.revision, full: true, users: [], posts: [] });
    });
  }

  /** Wraps a handler for Mirage. GETs ignore the body; writes store what they changed or put it back. */
  handle(kind: 'read' | 'write', method: string, handler: Handler) {
    return (_schema: unknown, request: Request): Promise<Response> =>
      this.enqueue(async () => {
        try {
          await this.ready;
          const body = method === 'get' ? {} : parseBody(request.requestBody);
          const run = () => handler(requestContext(this.db, this.images, request, body));
          if (kind === 'read') {
            await this.sync.catchUp();
            return answerOf(run());
          }
          // The events its operation named (RouteKit.write requires them) go out once the write is committed.
          let events: DomainEvent[] = [];
          return await this.sync.write(
            () => {
              const answer = run();
              events = answer.events ?? [];
              return answerOf(answer);
            },
            (change) => this.committed(clientOf(request), change, events),
          );
        } catch (error) {
          return errorResponse(error);
        }
      });
  }

  /**
   * Every change this backend made, stored or kept in memory, passes here once, after it was
   * committed: a write's live events (a reset: `reset`) go out on LIVE_CHANNEL (./live.ts; in the
   * service worker as in a page, docs/live.md), numbered from its storage revision when stored,
   * then `onChange` is told (the worker tells the other tabs).
   */
  private committed(clientId: string | undefined, change: Committed, events?: DomainEvent[]): void {
    const revision = this.sync.stored ? change.revision : undefined;
    if (events) this.live.publish(events, revision, this.db);
    else this.live.publishReset(revision);
    this.options.onChange?.(clientId, change);
  }

  /** GET /api/images/<id>'s answer (in turn with the other requests, once the data is loaded). */
  image(id: string): Promise<ImageAnswer> {
    return this.enqueue(async () => {
      await this.ready;
      return imageAnswer(this.images, id);
    });
  }

  /** GET /api/images/:imageId as a Mirage route, for the worker's interceptor (./image-response.ts). */
  imageHandler() {
    return async (_schema: unknown, request: Request): Promise<Response> =>
      imageResponse(await this.image(request.params?.imageId ?? ''), request);
  }
}
