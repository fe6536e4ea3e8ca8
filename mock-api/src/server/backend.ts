/**
 * The data behind one Mirage server and the wrapper every route goes through: it parses and
 * checks the request, resolves the caller from the token, runs the handler and, for writes,
 * stores what changed or puts it back. No handler can crash the server or leave a half-made
 * change behind.
 *
 * With `persist` the data lives in IndexedDB (./idb.ts). In the product one instance serves
 * every tab of the site: it runs in the service worker (../worker/), so there is nothing to
 * replicate between tabs.
 * - requests run one at a time, in order;
 * - a write re-reads, inside its own readwrite transaction, what another instance stored since
 *   this one last looked (IndexedDB runs such transactions one after another), applies its
 *   change and stores the records it touched in that transaction. That is what a worker that
 *   was stopped and started again, or an updated worker taking over from the old one, needs:
 *   no write is lost, whichever instance made it. A read first takes in what another
 *   instance stored (one meta read when nothing did), so two tabs on the in-page fallback (no
 *   service worker) see each other's writes and logouts.
 * Every committed change (a write, stored or in memory, or a reset) then passes `committed`
 * once: its live events go out on LIVE_CHANNEL (./live.ts, docs/live.md), from the worker as
 * from a page, and `onChange` is told (the worker tells the other tabs, which fire
 * BACKEND_CHANGE_EVENT).
 */
import { Response, type Request } from 'miragejs';
import { SERVER_ERRORS } from '../contract';
import { errorBody, HttpError } from './errors';
import {
  changesSince,
  idbAvailable,
  IdbStorage,
  loadInTx,
  readImages,
  readMeta,
  readRecords,
  writeChange,
  type Change,
  type Loaded,
  type Meta,
  type WriteTx,
} from './idb';
import { ImageStore, referencedIds, refId, type ImageUrls, type StoredImage } from './image-store';
import { IMAGE_NOT_FOUND } from './images';
import { clearLegacyDb, loadLegacyDb } from './persistence';
import { createSeedDb } from './seed';
import { builtIndexes } from './indexes';
import { liveEventsOf, LivePublisher } from './live';
import { membershipOf, type Db, type StoredPost, type StoredUser } from './store';
import { parseBody, type JsonObject } from './validate';
import { answerOf, errorResponse, JSON_HEADERS, requestContext, type Ctx, type Handler } from './request-context';
import { idsOf, putBack, withSnapshot, type Snapshot } from './write-snapshot';

export type { Answer, Ctx, Handler } from './request-context';

/** Where GET /api/images/<id> leaves the image's Blob for an interceptor that can answer bytes (../worker/interceptor.ts). */
export const BLOB_BODY = Symbol.for('@social/mock-api/blob-body');
/** The tab a request came from, as the worker's interceptor names it (passed to `onChange`). */
export const REQUEST_CLIENT = Symbol.for('@social/mock-api/client-id');

/** Status 507 (Insufficient Storage): the server understood the change but could not keep it. */
export const STORAGE_FULL_STATUS = 507;

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

/** What one stored write or reset changed: the ids of the members and posts added, changed or removed. */
export interface Committed {
  /** The storage revision this change made (0 without storage). */
  revision: number;
  /** Everything changed (a reset): reload all. */
  full: boolean;
  users: string[];
  posts: string[];
}

const isQuotaError = (error: unknown): boolean =>
  !!error && typeof error === 'object' && (error as { name?: unknown }).name === 'QuotaExceededError';


export class Backend {
  db: Db;
  /** Pictures, each stored once; records hold references (./image-store.ts). */
  readonly images: ImageStore;
  /** Each stored record's insertion sequence (lists keep that order across reloads and tabs). */
  private seqOf = new WeakMap<object, number>();
  private nextSeq = 1;
  /** The storage revision this tab's data matches. */
  private revision = 0;
  private closed = false;
  private storage: IdbStorage | null = null;
  /** Each committed write's live events, to every page of the site (./live.ts, docs/live.md). */
  private readonly live = new LivePublisher();
  /** This tab's requests, one at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Resolves once the stored data is loaded (at once without persistence). */
  readonly ready: Promise<void>;

  constructor(private readonly options: BackendOptions) {
    this.images = new ImageStore(options.imageUrls);
    this.db = this.withImagesMovedOut(createSeedDb(options.extraPosts));
    this.ready = options.persist && idbAvailable() ? this.enqueue(() => this.start()) : Promise.resolve();
  }

  /** Closes the live channel and the storage. */
  close(): void {
    this.closed = true;
    this.live.close();
    void this.ready.then(() => this.storage?.close());
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** `db` with its inline pictures moved into the image store (a seed or earlier versions' data). */
  private withImagesMovedOut(db: Db): Db {
    this.images.beginWrite();
    this.images.extract(db);
    this.images.takePending();
    return db;
  }

  private adopt({ db, meta, seqOf, images }: Loaded): void {
    this.images.addStored(images);
    this.db = db;
    this.seqOf = new WeakMap();
    for (const [record, seq] of seqOf) this.seqOf.set(record, seq);
    this.nextSeq = meta.nextSeq;
    this.revision = meta.revision;
  }

  private async start(): Promise<void> {
    try {
      this.storage = await IdbStorage.open(this.options.storageName);
    } catch (error) {
      console.warn('mock-api: IndexedDB could not be opened; changes last until the page closes.', error);
      return;
    }
    const stored = this.options.reset ? null : await this.storage.load();
    if (stored) {
      this.adopt(stored);
      await this.moveInlineImages();
      return;
    }
    // First start: bring over what earlier versions kept in localStorage, else the seed.
    const legacy = this.options.reset ? null : loadLegacyDb();
    await this.replaceStored(legacy?.db ?? createSeedDb(this.options.extraPosts));
    if (legacy) clearLegacyDb();
    if (this.options.reset) clearLegacyDb();
  }

  /**
   * Data stored before pictures had their own store holds them inline: move them out, every
   * such record and its images in one transaction. If that can't be stored (no space), the
   * records stay as they were and are shown as before; the next start tries again.
   */
  private async moveInlineImages(): Promise<void> {
    const storage = this.storage!;
    this.images.beginWrite();
    const changed = this.images.extract(this.db);
    if (changed.users.length === 0 && changed.posts.length === 0) return;
    const revision = this.revision + 1;
    const tx = storage.beginWrite();
    try {
      await writeChange(tx, revision, {
        users: changed.users.map((record) => ({ record, seq: this.seqOf.get(record) ?? 0 })),
        posts: changed.posts.map((record) => ({ record, seq: this.seqOf.get(record) ?? 0 })),
        deletedUsers: [],
        deletedPosts: [],
        images: this.images.takePending(),
        deletedImages: [],
        meta: { nextId: this.db.nextId, nextSeq: this.nextSeq, revoked: this.db.revoked },
      });
      await tx.done;
      this.revision = revision;
    } catch (error) {
      console.warn('mock-api: could not move stored pictures into their own store; they stay inline for now.', error);
      this.images.dropPending();
      const stored = await storage.load();
      if (stored) this.adopt(stored);
    }
  }

  /** Stores `db` as the whole data (seed, reset, migration); on failure the page keeps it in memory. */
  private async replaceStored(db: Db): Promise<void> {
    this.db = this.withImagesMovedOut(db);
    if (!this.storage) return;
    try {
      this.adopt(await this.storage.replaceAll(db, this.images.referencedBy(db)));
    } catch (error) {
      // The app still works for this page; changes will answer storageFull until space frees up.
      console.warn('mock-api: could not store the data', error);
    }
  }

  /** Back to the seed (with `extraPosts` generated posts when given), here and in storage; the tabs are told. */
  reseed(extraPosts = this.options.extraPosts): Promise<void> {
    return this.enqueue(async () => {
      await this.ready;
      clearLegacyDb();
      const seed = createSeedDb(extraPosts);
      if (this.storage) await this.replaceStored(seed);
      else this.db = seed;
      this.committed(undefined, { revision: this.revision, full: true, users: [], posts: [] });
    });
  }

  /**
   * Before a read: takes in what another instance stored since this one last looked (one meta
   * read when nothing changed). Another instance is a second tab on the in-page fallback (no
   * service worker), or the old worker while an updated one takes over.
   */
  private async catchUp(): Promise<void> {
    if (!this.storage || this.closed) return;
    const tx = this.storage.beginWrite();
    const meta = await readMeta(tx);
    if (meta && meta.revision !== this.revision) await this.applyStored(tx, meta);
    await tx.done;
  }

  private async applyStored(tx: WriteTx, meta: Meta): Promise<void> {
    const delta = meta.revision > this.revision ? await changesSince(tx, this.revision, meta.revision) : 'all';
    if (delta === 'all') {
      this.adopt(await loadInTx(tx));
      return;
    }
    const stored = await readRecords(tx, delta);
    let inserted = false;
    // Built indexes follow record by record: a like in another tab re-places one post here.
    const indexes = builtIndexes(this.db);
    const apply = <T extends StoredUser | StoredPost>(list: T[], records: Map<string, { seq: number; data: T } | undefined>): T[] => {
      let next = list;
      for (const [id, item] of records) {
        const index = next.findIndex((record) => record._id === id);
        const old = index >= 0 ? next[index] : undefined;
        if (old) indexes?.drop(old);
        if (!item) {
          if (index >= 0) next = next.filter((_, i) => i !== index);
          continue;
        }
        this.seqOf.set(item.data, item.seq);
        if (index >= 0) next[index] = item.data;
        else {
          next.push(item.data);
          inserted = true;
        }
        indexes?.sync(item.data);
      }
      return next;
    };
    this.db.users = apply(this.db.users, stored.users);
    this.db.posts = apply(this.db.posts, stored.posts);
    // Pictures another tab added: read their Blobs (this tab makes its own object URLs).
    const missing = new Set<string>();
    for (const records of [stored.users, stored.posts]) {
      for (const item of records.values()) {
        const id = item ? refId(item.data.pic) : null;
        if (id && !this.images.has(id)) missing.add(id);
      }
    }
    if (missing.size > 0) this.images.addStored(await readImages(tx, missing));
    if (inserted) {
      const bySeq = (a: object, b: object) => (this.seqOf.get(a) ?? 0) - (this.seqOf.get(b) ?? 0);
      this.db.users.sort(bySeq);
      this.db.posts.sort(bySeq);
    }
    this.db.nextId = meta.nextId;
    this.db.revoked = meta.revoked;
    this.nextSeq = meta.nextSeq;
    this.revision = meta.revision;
  }

  private context(request: Request, body: JsonObject): Ctx {
    return requestContext(this.db, this.images, request, body);
  }

  /** Wraps a handler for Mirage. GETs ignore the body; writes store what they changed or put it back. */
  handle(kind: 'read' | 'write', method: string, handler: Handler) {
    return (_schema: unknown, request: Request): Promise<Response> =>
      this.enqueue(async () => {
        try {
          await this.ready;
          const body = method === 'get' ? {} : parseBody(request.requestBody);
          if (!this.storage) {
            const { response, snapshot } = this.run(kind, handler, request, body);
            // Kept in memory only: nothing to store.
            this.images.takePending();
            if (snapshot) this.committed((request as unknown as { [REQUEST_CLIENT]?: string })[REQUEST_CLIENT], { revision: 0, full: false, ...idsOf(snapshot, this.db) }, snapshot);
            return response;
          }
          if (kind === 'read') {
            await this.catchUp();
            return this.run(kind, handler, request, body).response;
          }
          return await this.storedWrite(handler, request, body);
        } catch (error) {
          return errorResponse(error);
        }
      });
  }

  /** Runs a handler on the data in memory; a write that throws is put back. */
  private run(kind: 'read' | 'write', handler: Handler, request: Request, body: JsonObject): { response: Response; snapshot?: Snapshot } {
    if (kind === 'read') return { response: answerOf(handler(this.context(request, body))) };
    const { result, snapshot } = withSnapshot(this.db, this.images, () => answerOf(handler(this.context(request, body))));
    return { response: result, snapshot };
  }

  /** One write with storage: catch up, apply, store the records it changed, all in one transaction. */
  private async storedWrite(handler: Handler, request: Request, body: JsonObject): Promise<Response> {
    const storage = this.storage!;
    const tx = storage.beginWrite();
    let snapshot: Snapshot | undefined;
    try {
      const meta = await readMeta(tx);
      if (meta && meta.revision !== this.revision) await this.applyStored(tx, meta);
      const result = this.run('write', handler, request, body);
      snapshot = result.snapshot!;
      const nextSeqBefore = this.nextSeq;
      const change = this.changeOf(snapshot);
      const revision = this.revision + 1;
      const written = writeChange(tx, revision, change);
      try {
        await written;
        await tx.done;
      } catch (error) {
        this.nextSeq = nextSeqBefore;
        throw tx.error ?? error;
      }
      this.revision = revision;
      this.images.takePending();
      this.committed(
        (request as unknown as { [REQUEST_CLIENT]?: string })[REQUEST_CLIENT],
        {
          revision,
          full: false,
          users: [...change.users.map((u) => u.record._id), ...change.deletedUsers],
          posts: [...change.posts.map((p) => p.record._id), ...change.deletedPosts],
        },
        snapshot,
      );
      return result.response;
    } catch (error) {
      try {
        tx.abort();
      } catch {
        // Already finished or aborted.
      }
      if (snapshot) putBack(this.db, this.images, snapshot);
      if (isQuotaError(error)) throw new HttpError(STORAGE_FULL_STATUS, SERVER_ERRORS.storageFull);
      throw error;
    }
  }

  /**
   * Every change this backend made, stored or kept in memory, passes here once, after it was
   * committed (`write`: the write's snapshot; none for a reset): its live events go out on
   * LIVE_CHANNEL (./live.ts; in the service worker as in a page, docs/live.md), then
   * `onChange` is told (the worker tells the other tabs).
   */
  private committed(clientId: string | undefined, change: Committed, write?: Snapshot): void {
    const revision = this.storage ? change.revision : undefined;
    if (write) this.publishLive(write, revision);
    else this.live.publishReset(revision);
    this.options.onChange?.(clientId, change);
  }

  /** The live events of the write just committed (its snapshot, and what it added and removed). */
  private publishLive(snapshot: Snapshot, revision?: number): void {
    try {
      const events = liveEventsOf({ db: this.db, touched: snapshot.touched, membership: membershipOf(this.db), pic: (pic) => this.images.display(pic) });
      this.live.publish(events, revision);
    } catch (error) {
      // The write is stored; the other pages catch up on focus or their next read.
      console.warn('mock-api: could not compute live events', error);
    }
  }

  /** The records a write added, changed or removed (compared with the snapshot taken before it). */
  private changeOf(snapshot: Snapshot): Change {
    const db = this.db;
    // The records the write added and removed, as addPost, removePost and addUser recorded them.
    const { added, removed } = membershipOf(db);
    const isUser = (record: StoredUser | StoredPost): record is StoredUser => 'userHandler' in record;
    const isPost = (record: StoredUser | StoredPost): record is StoredPost => !('userHandler' in record);
    const users = { added: [...added].filter(isUser), removed: [...removed].filter(isUser) };
    const posts = { added: [...added].filter(isPost), removed: [...removed].filter(isPost) };
    const seqFor = (record: object) => {
      let seq = this.seqOf.get(record);
      if (seq === undefined) {
        seq = this.nextSeq;
        this.nextSeq += 1;
        this.seqOf.set(record, seq);
      }
      return seq;
    };
    const changedUsers = new Set<StoredUser>(users.added);
    const changedPosts = new Set<StoredPost>(posts.added);
    const removedUsers = new Set(users.removed);
    const removedPosts = new Set(posts.removed);
    for (const [record, json] of snapshot.touched) {
      if (removedUsers.has(record as StoredUser) || removedPosts.has(record as StoredPost)) continue;
      if (JSON.stringify(record) === json) continue;
      if ('userHandler' in record) changedUsers.add(record);
      else changedPosts.add(record);
    }
    const pictures = this.pictureChanges(snapshot, [...changedUsers, ...changedPosts], [...users.removed, ...posts.removed]);
    return {
      users: [...changedUsers].map((record) => ({ record, seq: seqFor(record) })),
      posts: [...changedPosts].map((record) => ({ record, seq: seqFor(record) })),
      deletedUsers: users.removed.map((r) => r._id),
      deletedPosts: posts.removed.map((r) => r._id),
      images: pictures.put,
      deletedImages: pictures.deleted,
      meta: { nextId: db.nextId, nextSeq: this.nextSeq, revoked: db.revoked },
    };
  }

  /**
   * Images to store (every picture a write set, stored again if already there: another tab may
   * have dropped it meanwhile) and images no record refers to any more (a post deleted, a picture
   * replaced), which are deleted.
   */
  private pictureChanges(snapshot: Snapshot, changed: (StoredUser | StoredPost)[], removed: (StoredUser | StoredPost)[]): { put: StoredImage[]; deleted: string[] } {
    const put = new Map<string, StoredImage>();
    const dropped = new Set<string>();
    for (const record of changed) {
      const before = snapshot.touched.get(record);
      const oldPic = before === undefined ? '' : (JSON.parse(before) as { pic: string }).pic;
      if (oldPic === record.pic) continue;
      const id = refId(record.pic);
      const image = id ? this.images.get(id) : undefined;
      if (image) put.set(image.id, image);
      const oldId = refId(oldPic);
      if (oldId) dropped.add(oldId);
    }
    for (const id of referencedIds(removed)) dropped.add(id);
    if (dropped.size > 0) {
      for (const id of referencedIds([...this.db.users, ...this.db.posts])) dropped.delete(id);
    }
    return { put: [...put.values()], deleted: [...dropped] };
  }

  /** GET /api/images/:imageId: the stored image's bytes, as api-server serves them. */
  imageHandler() {
    return (_schema: unknown, request: Request): Promise<Response> =>
      this.enqueue(async () => {
        await this.ready;
        const id = request.params?.imageId ?? '';
        const blob = this.images.has(id) ? this.images.blobOf(id) : null;
        if (!blob) return new Response(404, JSON_HEADERS, errorBody(IMAGE_NOT_FOUND));
        (request as unknown as { [BLOB_BODY]?: Blob })[BLOB_BODY] = blob;
        respondWithBlob(request, blob);
        return new Response(
          200,
          {
            'Content-Type': blob.type,
            'Content-Length': String(blob.size),
            'Cache-Control': 'public, max-age=31536000, immutable',
            ETag: `"${id}"`,
            'X-Content-Type-Options': 'nosniff',
          },
          // Mirage serialises bodies to text; respondWithBlob puts the Blob in its place.
          '',
        );
      });
  }
}

/**
 * Mirage serialises every body to text and pretender's fake XMLHttpRequest only takes text;
 * binary text would be re-encoded as UTF-8 by the fetch polyfill. For this one request, the
 * 200 answer's body is the Blob itself, as the XHR's `response`, which the polyfill (asking for
 * responseType 'blob') passes to `new Response` untouched.
 */
function respondWithBlob(request: Request, blob: Blob): void {
  // pretender's FakeRequest: the fields and methods of fake-xml-http-request it uses to answer.
  const xhr = request as unknown as {
    respond(status: number, headers: Record<string, string>, body: unknown): void;
    _setResponseHeaders(headers: Record<string, string>): void;
    _readyStateChange(state: number): void;
    status: number;
    statusText: string;
    response: unknown;
    responseText: string;
    responseType?: string;
  };
  if (typeof xhr.respond !== 'function' || typeof xhr._setResponseHeaders !== 'function') return;
  const respond = xhr.respond.bind(xhr);
  xhr.respond = (status, headers, body) => {
    if (status !== 200) return respond(status, headers, body);
    xhr._setResponseHeaders(headers);
    xhr.status = status;
    xhr.statusText = 'OK';
    xhr.responseText = '';
    xhr.response = blob;
    xhr._readyStateChange(3);
    xhr._readyStateChange(4);
  };
}
