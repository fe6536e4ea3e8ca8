/**
 * The fake backend's data. Nested lists (followers, likes, upvotes, reply authors) hold
 * user ids; answers are rendered from them with user summaries. Keeping ids means a new
 * avatar or name shows everywhere at once, and no password can leak through a nested user.
 */
import { builtIndexes, indexOf, invalidateIndexes } from './indexes';
import type { StoredPost, StoredUser } from './records';

export type { StoredComment, StoredMute, StoredNotification, StoredPost, StoredReply, StoredReport, StoredUser } from './records';

/** A token logout revoked; kept until it would have expired anyway. */
export interface RevokedToken {
  /** The token's jti. */
  id: string;
  /** ms since 1970. */
  expiresAt: number;
}

export interface Db {
  version: 1;
  /** Next numeric `id` (a number as text, see User in mock-api/src/contract.ts). */
  nextId: number;
  users: StoredUser[];
  posts: StoredPost[];
  /** Absent in data stored before logout revoked tokens; treated as empty. */
  revoked: RevokedToken[];
  /** The handles (lower-case) of deleted accounts: never given to a new member (core/account.ts, freeHandle). */
  retiredHandles: string[];
}

export const DB_VERSION = 1;

export function takeNumericId(db: Db): string {
  const id = String(db.nextId);
  db.nextId += 1;
  return id;
}

// ---- The write under way ----
// A write's change set is what the record functions below handed out or recorded: every member
// or post looked up with findUser/findPost (or marked with `touch`) to be changed, and every one
// added or removed with addPost/removePost/addUser/removeUser. The backend stores exactly those
// records (./stored-sync.ts). A record is copied when it is first handed out, so a write that
// fails is put back from those copies: nothing is compared and nothing else is copied.

type StoredRecord = StoredUser | StoredPost;
const isUser = (record: StoredRecord): record is StoredUser => 'userHandler' in record;

/** One write's change set, and what it is put back to if it fails. */
export interface WriteLog {
  /** Each record handed out to change, with a copy of it as it was before the write. */
  readonly before: Map<StoredRecord, StoredRecord>;
  readonly added: Set<StoredRecord>;
  readonly removed: Set<StoredRecord>;
  /** The lists, their lengths and the counters before the write (records are only appended, or a list replaced). */
  readonly lists: { users: StoredUser[]; usersLength: number; posts: StoredPost[]; postsLength: number };
  readonly nextId: number;
  readonly revoked: RevokedToken[];
  readonly retiredHandles: string[];
}
const writes = new WeakMap<Db, WriteLog>();

/** Starts recording a write's change set on `db`. */
export function beginWrite(db: Db): WriteLog {
  const log: WriteLog = {
    before: new Map(),
    added: new Set(),
    removed: new Set(),
    lists: { users: db.users, usersLength: db.users.length, posts: db.posts, postsLength: db.posts.length },
    nextId: db.nextId,
    revoked: db.revoked.slice(),
    retiredHandles: db.retiredHandles.slice(),
  };
  writes.set(db, log);
  return log;
}

/** The write succeeded: recording stops, and the records it changed move to their places in the indexes. */
export function finishWrite(db: Db, log: WriteLog): void {
  writes.delete(db);
  reindex(db, log);
}

/** Puts `db` back as it was when `log` began (the write threw, or could not be stored). */
export function undoWrite(db: Db, log: WriteLog): void {
  writes.delete(db);
  for (const [record, copy] of log.before) {
    for (const key of Object.keys(record)) delete (record as unknown as Record<string, unknown>)[key];
    Object.assign(record, copy);
  }
  db.users = log.lists.users;
  db.users.length = log.lists.usersLength;
  db.posts = log.lists.posts;
  db.posts.length = log.lists.postsLength;
  db.nextId = log.nextId;
  db.revoked = log.revoked;
  db.retiredHandles = log.retiredHandles;
  // Records came or went: rebuild the indexes on next use; else re-place the ones it changed.
  if (log.added.size > 0 || log.removed.size > 0) invalidateIndexes(db);
  else reindex(db, log);
}

/** The records a write changed (handed out or added, and still in the data) and removed, by kind. */
export function changeSetOf(log: WriteLog): {
  users: StoredUser[];
  posts: StoredPost[];
  removedUsers: StoredUser[];
  removedPosts: StoredPost[];
} {
  const changed = new Set([...log.before.keys(), ...log.added]);
  for (const record of log.removed) changed.delete(record);
  const removed = [...log.removed];
  return {
    users: [...changed].filter(isUser),
    posts: [...changed].filter((record): record is StoredPost => !isUser(record)),
    removedUsers: removed.filter(isUser),
    removedPosts: removed.filter((record): record is StoredPost => !isUser(record)),
  };
}

/** Puts the records a write handed out or added (and that are still in the data) at their places in the indexes. */
function reindex(db: Db, log: WriteLog): void {
  const indexes = builtIndexes(db);
  if (!indexes) return;
  for (const record of [...log.before.keys(), ...log.added]) {
    if (isUser(record) ? indexes.holdsUser(record) : indexes.holdsPost(record)) indexes.sync(record);
  }
}

/** A deep copy of plain data (a record: text, numbers, booleans, lists and objects). */
function copyOf<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyOf) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, copyOf(v)])) as T;
  return value;
}

/**
 * Adds a post to the data and to its indexes. Writes only append to `db.posts` or replace it
 * (removePost), so a failed write is put back by restoring the array and its length.
 */
export function addPost(db: Db, post: StoredPost): StoredPost {
  db.posts.push(post);
  writes.get(db)?.added.add(post);
  builtIndexes(db)?.syncPost(post);
  return post;
}

/** Removes a post from the data and from its indexes. */
export function removePost(db: Db, post: StoredPost): void {
  db.posts = db.posts.filter((p) => p !== post);
  recordRemoved(db, post);
  builtIndexes(db)?.dropPost(post);
}

/** Adds a member to the data and to the indexes. */
export function addUser(db: Db, user: StoredUser): StoredUser {
  db.users.push(user);
  writes.get(db)?.added.add(user);
  builtIndexes(db)?.syncUser(user);
  return user;
}

/** Removes a member from the data and from the indexes (what else was theirs is the caller's to remove first). */
export function removeUser(db: Db, user: StoredUser): void {
  db.users = db.users.filter((u) => u !== user);
  recordRemoved(db, user);
  builtIndexes(db)?.dropUser(user);
}

function recordRemoved(db: Db, record: StoredRecord): void {
  const log = writes.get(db);
  // Added and removed by the same write: it never was.
  if (log && !log.added.delete(record)) log.removed.add(record);
}

/** Hands out a record for the current write to change: it is stored with the write, or put back (no-op outside a write). */
export function touch<T extends StoredRecord>(db: Db, record: T): T {
  const log = writes.get(db);
  if (log && !log.before.has(record) && !log.added.has(record)) log.before.set(record, copyOf(record));
  return record;
}

export const findUser = (db: Db, userId: string): StoredUser | undefined => {
  const user = indexOf(db).usersById.get(userId);
  return user && touch(db, user);
};
export const findPost = (db: Db, postId: string): StoredPost | undefined => {
  const post = indexOf(db).postsById.get(postId);
  return post && touch(db, post);
};
/** A lookup that is only read (answers), never tracked. */
export const readUser = (db: Db, userId: string): StoredUser | undefined => indexOf(db).usersById.get(userId);
