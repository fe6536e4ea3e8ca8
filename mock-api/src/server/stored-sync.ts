/**
 * Keeps the data in memory and IndexedDB (./idb.ts) in step: the first load (or the seed),
 * catching up on what another instance stored, and each write: its change set (the records the
 * store's functions handed out, added or removed: ./store.ts, WriteLog) stored in the same
 * transaction that caught up, or put back from the copies taken when they were handed out.
 * Apart from ./backend.ts so the storage rules read in one place.
 */
import { SERVER_ERRORS } from '../contract';
import { HttpError } from '../core/errors';
import {
  changesSince,
  IdbStorage,
  loadInTx,
  readImages,
  readMeta,
  readRecords,
  writeChange,
  type Loaded,
  type Meta,
  type WriteTx,
} from './idb';
import { referencedIds, refId, type ImageStore, type StoredImage } from './image-store';
import { clearLegacyDb, loadLegacyDb } from './persistence';
import { createSeedDb } from './seed';
import { builtIndexes } from './indexes';
import { beginWrite, changeSetOf, finishWrite, undoWrite, type Db, type StoredPost, type StoredUser, type WriteLog } from './store';

/** Status 507 (Insufficient Storage): the server understood the change but could not keep it. */
export const STORAGE_FULL_STATUS = 507;

const isQuotaError = (error: unknown): boolean =>
  !!error && typeof error === 'object' && (error as { name?: unknown }).name === 'QuotaExceededError';

/** The data kept in step: the Backend's, whose `db` this replaces when it loads. */
interface SyncedData {
  db: Db;
  readonly images: ImageStore;
}

interface SyncOptions {
  extraPosts: number;
  /** Start from the seed even if data is stored. */
  reset: boolean;
  /** IndexedDB database name (tests use their own). */
  storageName?: string;
}

/** What one committed write or reset changed: the ids of the members and posts added, changed or removed. */
export interface Committed {
  /** The storage revision this change made (0 without storage). */
  revision: number;
  /** Everything changed (a reset): reload all. */
  full: boolean;
  users: string[];
  posts: string[];
}

/** `db` with its inline pictures moved into the image store (a seed or earlier versions' data). */
export function withImagesMovedOut(images: ImageStore, db: Db): Db {
  images.beginWrite();
  images.extract(db);
  images.takePending();
  return db;
}

export class StoredSync {
  /** Each stored record's insertion sequence (lists keep that order across reloads and tabs). */
  private seqOf = new WeakMap<object, number>();
  private nextSeq = 1;
  /** The storage revision this tab's data matches. */
  private currentRevision = 0;
  private closed = false;
  private storage: IdbStorage | null = null;

  constructor(
    private readonly data: SyncedData,
    private readonly options: SyncOptions,
  ) {}

  /** Whether the data is stored (false before `start`, or when IndexedDB could not be opened). */
  get stored(): boolean {
    return this.storage !== null;
  }

  /** The storage revision this tab's data matches. */
  get revision(): number {
    return this.currentRevision;
  }

  /** No more catching up; the storage is closed by `closeStorage`. */
  stop(): void {
    this.closed = true;
  }

  closeStorage(): void {
    this.storage?.close();
  }

  private adopt({ db, meta, seqOf, images }: Loaded): void {
    this.data.images.addStored(images);
    this.data.db = db;
    this.seqOf = new WeakMap();
    for (const [record, seq] of seqOf) this.seqOf.set(record, seq);
    this.nextSeq = meta.nextSeq;
    this.currentRevision = meta.revision;
  }

  async start(): Promise<void> {
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
    const images = this.data.images;
    images.beginWrite();
    const changed = images.extract(this.data.db);
    if (changed.users.length === 0 && changed.posts.length === 0) return;
    const revision = this.currentRevision + 1;
    const tx = storage.beginWrite();
    try {
      await writeChange(tx, revision, {
        users: changed.users.map((record) => ({ record, seq: this.seqOf.get(record) ?? 0 })),
        posts: changed.posts.map((record) => ({ record, seq: this.seqOf.get(record) ?? 0 })),
        deletedUsers: [],
        deletedPosts: [],
        images: images.takePending(),
        deletedImages: [],
        meta: {
          nextId: this.data.db.nextId,
          nextSeq: this.nextSeq,
          revoked: this.data.db.revoked,
          retiredHandles: this.data.db.retiredHandles,
        },
      });
      await tx.done;
      this.currentRevision = revision;
    } catch (error) {
      console.warn('mock-api: could not move stored pictures into their own store; they stay inline for now.', error);
      images.dropPending();
      const stored = await storage.load();
      if (stored) this.adopt(stored);
    }
  }

  /** Stores `db` as the whole data (seed, reset, migration); on failure the page keeps it in memory. */
  async replaceStored(db: Db): Promise<void> {
    this.data.db = withImagesMovedOut(this.data.images, db);
    if (!this.storage) return;
    try {
      this.adopt(await this.storage.replaceAll(db, this.data.images.referencedBy(db)));
    } catch (error) {
      // The app still works for this page; changes will answer storageFull until space frees up.
      console.warn('mock-api: could not store the data', error);
    }
  }

  /**
   * Before a read: takes in what another instance stored since this one last looked (one meta
   * read when nothing changed). Another instance is a second tab on the in-page fallback (no
   * service worker), or the old worker while an updated one takes over.
   */
  async catchUp(): Promise<void> {
    if (!this.storage || this.closed) return;
    const tx = this.storage.beginWrite();
    const meta = await readMeta(tx);
    if (meta && meta.revision !== this.currentRevision) await this.applyStored(tx, meta);
    await tx.done;
  }

  private async applyStored(tx: WriteTx, meta: Meta): Promise<void> {
    const delta = meta.revision > this.currentRevision ? await changesSince(tx, this.currentRevision, meta.revision) : 'all';
    if (delta === 'all') {
      this.adopt(await loadInTx(tx));
      return;
    }
    const data = this.data;
    const stored = await readRecords(tx, delta);
    let inserted = false;
    // Built indexes follow record by record: a like in another tab re-places one post here.
    const indexes = builtIndexes(data.db);
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
    data.db.users = apply(data.db.users, stored.users);
    data.db.posts = apply(data.db.posts, stored.posts);
    // Pictures another tab added: read their Blobs (this tab makes its own object URLs).
    const missing = new Set<string>();
    for (const records of [stored.users, stored.posts]) {
      for (const item of records.values()) {
        const id = item ? refId(item.data.pic) : null;
        if (id && !data.images.has(id)) missing.add(id);
      }
    }
    if (missing.size > 0) data.images.addStored(await readImages(tx, missing));
    if (inserted) {
      const bySeq = (a: object, b: object) => (this.seqOf.get(a) ?? 0) - (this.seqOf.get(b) ?? 0);
      data.db.users.sort(bySeq);
      data.db.posts.sort(bySeq);
    }
    data.db.nextId = meta.nextId;
    data.db.revoked = meta.revoked;
    data.db.retiredHandles = meta.retiredHandles ?? [];
    this.nextSeq = meta.nextSeq;
    this.currentRevision = meta.revision;
  }

  /** A record's insertion sequence, the next one if it has none yet (a record the write added). */
  private seqFor(record: object): number {
    let seq = this.seqOf.get(record);
    if (seq === undefined) {
      seq = this.nextSeq;
      this.nextSeq += 1;
      this.seqOf.set(record, seq);
    }
    return seq;
  }

  /**
   * One write: with storage, catch up, apply (`run`) and store its change set (./store.ts,
   * WriteLog), all in one transaction; without, apply it in memory. Then `committed` is told.
   * If any of it fails, the records the write changed are put back (a full storage answers 507
   * storageFull).
   */
  async write<T>(run: () => T, committed: (change: Committed) => void): Promise<T> {
    const images = this.data.images;
    const tx = this.storage?.beginWrite();
    const nextSeqBefore = this.nextSeq;
    let log: WriteLog | undefined;
    try {
      if (tx) {
        const meta = await readMeta(tx);
        if (meta && meta.revision !== this.currentRevision) await this.applyStored(tx, meta);
      }
      log = beginWrite(this.data.db);
      images.beginWrite();
      const result = run();
      finishWrite(this.data.db, log);
      const set = changeSetOf(log);
      let revision = 0;
      if (tx) {
        revision = this.currentRevision + 1;
        const stored = writeChange(tx, revision, {
          users: set.users.map((record) => ({ record, seq: this.seqFor(record) })),
          posts: set.posts.map((record) => ({ record, seq: this.seqFor(record) })),
          deletedUsers: set.removedUsers.map((record) => record._id),
          deletedPosts: set.removedPosts.map((record) => record._id),
          ...this.pictureChanges(log, [...set.users, ...set.posts], [...set.removedUsers, ...set.removedPosts]),
          meta: {
            nextId: this.data.db.nextId,
            nextSeq: this.nextSeq,
            revoked: this.data.db.revoked,
            retiredHandles: this.data.db.retiredHandles,
          },
        });
        try {
          await stored;
          await tx.done;
        } catch (error) {
          throw tx.error ?? error;
        }
        this.currentRevision = revision;
      }
      images.takePending();
      const idsOf = (records: { _id: string }[]) => records.map((record) => record._id);
      committed({
        revision,
        full: false,
        users: idsOf([...set.users, ...set.removedUsers]),
        posts: idsOf([...set.posts, ...set.removedPosts]),
      });
      return result;
    } catch (error) {
      try {
        tx?.abort();
      } catch {
        // Already finished or aborted.
      }
      this.nextSeq = nextSeqBefore;
      if (log) {
        undoWrite(this.data.db, log);
        images.dropPending();
      }
      if (isQuotaError(error)) throw new HttpError(STORAGE_FULL_STATUS, SERVER_ERRORS.storageFull);
      throw error;
    }
  }

  /**
   * The pictures a write stores (each it set, stored again if already there: another instance
   * may have dropped it meanwhile) and those no record refers to any more (a post deleted, a
   * picture replaced), which are deleted.
   */
  private pictureChanges(log: WriteLog, changed: (StoredUser | StoredPost)[], removed: (StoredUser | StoredPost)[]) {
    const put = new Map<string, StoredImage>();
    const dropped = new Set<string>();
    for (const record of changed) {
      const old = log.before.get(record) as typeof record | undefined;
      const oldIds = old ? referencedIds([old]) : new Set<string>();
      const ids = referencedIds([record]);
      for (const id of ids) {
        if (oldIds.has(id)) continue;
        const image = this.data.images.get(id);
        if (image) put.set(image.id, image);
      }
      for (const id of oldIds) if (!ids.has(id)) dropped.add(id);
    }
    for (const id of referencedIds(removed)) dropped.add(id);
    if (dropped.size > 0) {
      for (const id of referencedIds([...this.data.db.users, ...this.data.db.posts])) dropped.delete(id);
    }
    return { images: [...put.values()], deletedImages: [...dropped] };
  }
}
