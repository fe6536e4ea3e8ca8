/**
 * The fake backend's storage: IndexedDB (through `idb`), one record per member and per post,
 * so a write stores only what it changed. Every tab of the site shares it:
 *
 * - `meta` holds the counters (nextId, the insertion sequence), the revoked tokens and the
 *   `revision`, which every committed write increases by one;
 * - `changes` logs which records each revision touched, so a tab that is behind re-reads just
 *   those records (a tab too far behind, or after a reset, reloads everything);
 * - records keep a `seq` so lists come back in the order they were made (the API's lists
 *   follow it);
 * - `images` holds each picture once, by content (./image-store.ts); records refer to it.
 *
 * Writes happen in one readwrite transaction over every store: the caller catches up, applies
 * its change and commits, or nothing is written (IndexedDB aborts the whole transaction,
 * e.g. on QuotaExceededError).
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { StoredImage } from './image-store';
import { DB_VERSION, type Db, type RevokedToken, type StoredPost, type StoredUser } from './store';

export const IDB_NAME = 'social-mock-api';
/** 2: pictures moved out of the records into `images`. */
const SCHEMA_VERSION = 2;
/** How many revisions of the change log are kept; a tab further behind reloads everything. */
const CHANGE_LOG_LENGTH = 500;

export interface Meta {
  key: 'meta';
  version: typeof DB_VERSION;
  revision: number;
  nextId: number;
  nextSeq: number;
  revoked: RevokedToken[];
  /** Absent in data stored before accounts could be deleted; treated as empty. */
  retiredHandles?: string[];
}

interface Wrapped<T> {
  _id: string;
  seq: number;
  data: T;
}

interface ChangeEntry {
  revision: number;
  /** Everything changed (a reset or a migration): reload all. */
  full: boolean;
  users: string[];
  posts: string[];
}

interface Schema extends DBSchema {
  meta: { key: string; value: Meta };
  users: { key: string; value: Wrapped<StoredUser> };
  posts: { key: string; value: Wrapped<StoredPost> };
  changes: { key: number; value: ChangeEntry };
  images: { key: string; value: StoredImage };
}

const STORES = ['meta', 'users', 'posts', 'changes', 'images'] as const;
export type WriteTx = IDBPTransaction<Schema, typeof STORES, 'readwrite'>;

/** The records of the Db plus each record's insertion sequence. */
export interface Loaded {
  db: Db;
  meta: Meta;
  seqOf: Map<object, number>;
  images: StoredImage[];
}

/** A change to store: records to put (with their seq) and ids to delete. */
export interface Change {
  users: { record: StoredUser; seq: number }[];
  posts: { record: StoredPost; seq: number }[];
  deletedUsers: string[];
  deletedPosts: string[];
  images: StoredImage[];
  deletedImages: string[];
  meta: Omit<Meta, 'key' | 'version' | 'revision'>;
}

export const idbAvailable = (): boolean => typeof indexedDB !== 'undefined';

export class IdbStorage {
  private constructor(private readonly idb: IDBPDatabase<Schema>) {}

  static async open(name = IDB_NAME): Promise<IdbStorage> {
    const idb = await openDB<Schema>(name, SCHEMA_VERSION, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1) {
          database.createObjectStore('meta', { keyPath: 'key' });
          database.createObjectStore('users', { keyPath: '_id' });
          database.createObjectStore('posts', { keyPath: '_id' });
          database.createObjectStore('changes', { keyPath: 'revision' });
        }
        // Records of version 1 still hold data: URLs; the backend moves them here on start.
        if (oldVersion < 2) database.createObjectStore('images', { keyPath: 'id' });
      },
      // Another tab runs a newer schema: let it upgrade; this page's next reload uses it.
      blocking() {
        idb.close();
      },
    });
    return new IdbStorage(idb);
  }

  close(): void {
    this.idb.close();
  }

  /** Everything stored, or null when nothing is (a first start). */
  async load(): Promise<Loaded | null> {
    const tx = this.idb.transaction(['meta', 'users', 'posts', 'images'], 'readonly');
    const [meta, users, posts, images] = await Promise.all([
      tx.objectStore('meta').get('meta'),
      tx.objectStore('users').getAll(),
      tx.objectStore('posts').getAll(),
      // Blobs read from IndexedDB are handles: their bytes stay on disk until an image is shown.
      tx.objectStore('images').getAll(),
    ]);
    await tx.done;
    if (!meta) return null;
    return assemble(meta, users, posts, images);
  }

  /** Replaces everything with `db` and the images it refers to, in one transaction (seed, reset, migration). */
  async replaceAll(db: Db, images: StoredImage[]): Promise<Loaded> {
    const tx = this.idb.transaction(STORES, 'readwrite');
    const previous = await tx.objectStore('meta').get('meta');
    const revision = (previous?.revision ?? 0) + 1;
    const seqOf = new Map<object, number>();
    let seq = 0;
    await Promise.all([
      tx.objectStore('users').clear(),
      tx.objectStore('posts').clear(),
      tx.objectStore('changes').clear(),
      tx.objectStore('images').clear(),
    ]);
    const puts: Promise<unknown>[] = images.map((image) => tx.objectStore('images').put(image));
    for (const user of db.users) {
      seqOf.set(user, (seq += 1));
      puts.push(tx.objectStore('users').put({ _id: user._id, seq, data: user }));
    }
    for (const post of db.posts) {
      seqOf.set(post, (seq += 1));
      puts.push(tx.objectStore('posts').put({ _id: post._id, seq, data: post }));
    }
    const meta: Meta = {
      key: 'meta',
      version: DB_VERSION,
      revision,
      nextId: db.nextId,
      nextSeq: seq + 1,
      revoked: db.revoked,
      retiredHandles: db.retiredHandles,
    };
    puts.push(tx.objectStore('meta').put(meta));
    puts.push(tx.objectStore('changes').put({ revision, full: true, users: [], posts: [] }));
    await Promise.all(puts);
    await tx.done;
    return { db, meta, seqOf, images };
  }

  /** A readwrite transaction over every store (the caller keeps it busy until it commits). */
  beginWrite(): WriteTx {
    const tx = this.idb.transaction(STORES, 'readwrite');
    // An aborted write is reported by the request that failed; this copy only keeps the rejection handled.
    tx.done.catch(() => undefined);
    return tx;
  }
}

function assemble(meta: Meta, users: Wrapped<StoredUser>[], posts: Wrapped<StoredPost>[], images: StoredImage[]): Loaded {
  const seqOf = new Map<object, number>();
  const bySeq = <T extends object>(list: Wrapped<T>[]) =>
    list
      .sort((a, b) => a.seq - b.seq)
      .map((item) => {
        seqOf.set(item.data, item.seq);
        return item.data;
      });
  const db: Db = {
    version: DB_VERSION,
    nextId: meta.nextId,
    users: bySeq(users),
    posts: bySeq(posts),
    revoked: meta.revoked,
    retiredHandles: meta.retiredHandles ?? [],
  };
  return { db, meta, seqOf, images };
}

/** What changed since `from` according to the log, or 'all' when the log can't tell. */
export async function changesSince(tx: WriteTx, from: number, to: number): Promise<{ users: Set<string>; posts: Set<string> } | 'all'> {
  if (to - from > CHANGE_LOG_LENGTH) return 'all';
  const entries = await tx.objectStore('changes').getAll(IDBKeyRange.bound(from + 1, to));
  if (entries.length !== to - from || entries.some((entry) => entry.full)) return 'all';
  const users = new Set<string>();
  const posts = new Set<string>();
  for (const entry of entries) {
    entry.users.forEach((id) => users.add(id));
    entry.posts.forEach((id) => posts.add(id));
  }
  return { users, posts };
}

/** Reads every record inside a write transaction (a tab too far behind). */
export async function loadInTx(tx: WriteTx): Promise<Loaded> {
  const [meta, users, posts, images] = await Promise.all([
    tx.objectStore('meta').get('meta'),
    tx.objectStore('users').getAll(),
    tx.objectStore('posts').getAll(),
    tx.objectStore('images').getAll(),
  ]);
  if (!meta) throw new Error('The stored data has no meta record.');
  return assemble(meta, users, posts, images);
}

/** The stored images of these ids (those another tab added); missing ones are left out. */
export async function readImages(tx: WriteTx, ids: Iterable<string>): Promise<StoredImage[]> {
  const found = await Promise.all([...ids].map((id) => tx.objectStore('images').get(id)));
  return found.filter((image): image is StoredImage => !!image);
}

export async function readMeta(tx: WriteTx): Promise<Meta | undefined> {
  return tx.objectStore('meta').get('meta');
}

export async function readRecords(
  tx: WriteTx,
  ids: { users: Iterable<string>; posts: Iterable<string> },
): Promise<{ users: Map<string, Wrapped<StoredUser> | undefined>; posts: Map<string, Wrapped<StoredPost> | undefined> }> {
  const users = new Map<string, Wrapped<StoredUser> | undefined>();
  const posts = new Map<string, Wrapped<StoredPost> | undefined>();
  await Promise.all([
    ...[...ids.users].map(async (id) => users.set(id, await tx.objectStore('users').get(id))),
    ...[...ids.posts].map(async (id) => posts.set(id, await tx.objectStore('posts').get(id))),
  ]);
  return { users, posts };
}

/** Queues the puts and deletes of one change plus its meta and log entry; the caller awaits tx.done. */
export function writeChange(tx: WriteTx, revision: number, change: Change): Promise<unknown> {
  const requests: Promise<unknown>[] = [];
  try {
    queueChange(tx, revision, change, requests);
  } catch (error) {
    // A put refused at once (e.g. QuotaExceededError): the ones already queued fail with the abort.
    for (const request of requests) request.catch(() => undefined);
    throw error;
  }
  return Promise.all(requests);
}

function queueChange(tx: WriteTx, revision: number, change: Change, requests: Promise<unknown>[]): void {
  for (const { record, seq } of change.users) requests.push(tx.objectStore('users').put({ _id: record._id, seq, data: record }));
  for (const { record, seq } of change.posts) requests.push(tx.objectStore('posts').put({ _id: record._id, seq, data: record }));
  for (const id of change.deletedUsers) requests.push(tx.objectStore('users').delete(id));
  for (const id of change.deletedPosts) requests.push(tx.objectStore('posts').delete(id));
  for (const image of change.images) requests.push(tx.objectStore('images').put(image));
  for (const id of change.deletedImages) requests.push(tx.objectStore('images').delete(id));
  requests.push(tx.objectStore('meta').put({ key: 'meta', version: DB_VERSION, revision, ...change.meta }));
  requests.push(
    tx.objectStore('changes').put({
      revision,
      full: false,
      users: [...change.users.map((u) => u.record._id), ...change.deletedUsers],
      posts: [...change.posts.map((p) => p.record._id), ...change.deletedPosts],
    }),
  );
  if (revision > CHANGE_LOG_LENGTH) requests.push(tx.objectStore('changes').delete(IDBKeyRange.upperBound(revision - CHANGE_LOG_LENGTH)));
}

/** Drops the whole database (resetDatabase() with no server running). */
export async function deleteStoredDatabase(name = IDB_NAME): Promise<void> {
  if (!idbAvailable()) return;
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });
}
