/**
 * The fake backend's data. Nested lists (followers, likes, upvotes, reply authors) hold
 * user ids; answers are rendered from them with user summaries. Keeping ids means a new
 * avatar or name shows everywhere at once, and no password can leak through a nested user.
 */
import type { NotificationKind } from '../contract-v2';
import { builtIndexes, indexOf } from './indexes';

export interface StoredUser {
  _id: string;
  id: string;
  firstName: string;
  lastName: string;
  userHandler: string;
  /** Login e-mail. */
  username: string;
  password: string;
  pic: string;
  bio: string;
  link: string;
  /** User ids. */
  followers: string[];
  following: string[];
  /** Post ids. */
  bookmarks: string[];
  createdAt: string;
  updatedAt: string;
  /**
   * Set by a password change: the id (jti) of the first token still valid. Tokens issued before
   * it are refused (./tokens.ts, issuedBefore); absent when the password never changed.
   */
  sessionsFrom?: string;
  /** Their notifications (./notification-store.ts); absent until the first. */
  notifications?: StoredNotification[];
  /** How many of them are unread: stored, moved by each change. */
  unreadNotifications?: number;
  /** The number marking read took when they last opened the list: a notification whose seq is above it is unread. */
  notificationsReadSeq?: number;
}

/** One notification of a member's: a group of members who did one thing (../core/notifications.ts). */
export interface StoredNotification {
  /** A whole number as text. */
  id: string;
  key: string;
  kind: NotificationKind;
  postId: string | null;
  commentId: string | null;
  replyId: string | null;
  /** Who is in it and when each joined, oldest first. */
  actors: { id: string; at: string }[];
  updatedAt: string;
  /** Its place in the list: taken anew (from Db.nextId) at each change. */
  seq: number;
}

export interface StoredReply {
  _id: string;
  userId: string;
  content: string;
  createdAt: string;
  /** Set when the reply's text was edited; absent on unedited replies. */
  updatedAt?: string;
  /** True once an edit changed its text; absent in data stored before the mark (then an updatedAt says it). */
  edited?: boolean;
  /** The ids of the members its text mentions; absent when none. */
  mentions?: string[];
}

export interface StoredComment {
  _id: string;
  userId: string;
  content: string;
  upvotedBy: string[];
  replies: StoredReply[];
  createdAt: string;
  updatedAt: string;
  /** True once an edit changed its own text; absent in data stored before the mark (then a moved updatedAt says it). */
  edited?: boolean;
  /** The ids of the members its text mentions; absent when none. */
  mentions?: string[];
}

export interface StoredPost {
  _id: string;
  id: string;
  userId: string;
  content: string;
  pic: string;
  /** The picture's description (v2 only; absent in older data, shown as ''). */
  picAlt?: string;
  /** Invariant: likeCount === likedBy.length. */
  likeCount: number;
  likedBy: string[];
  dislikedBy: string[];
  comments: StoredComment[];
  createdAt: string;
  updatedAt: string;
  /** The ids of the members its text mentions; absent when none. */
  mentions?: string[];
}

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
}

export const DB_VERSION = 1;

export function takeNumericId(db: Db): string {
  const id = String(db.nextId);
  db.nextId += 1;
  return id;
}

// ---- Change tracking ----
// A write stores only the records it changed. Every member or post a write looks up through
// findUser/findPost (or marks with `touch`) is recorded with a copy taken before the change:
// the backend stores those records, and puts the copies back if the write fails.

/** Records a write looked up, each with its JSON as it was before the write. */
export type Touched = Map<StoredUser | StoredPost, string>;
const tracking = new WeakMap<Db, Touched>();

/** The records a write added and removed (through addPost, removePost, addUser), so nothing has to compare whole lists. */
export interface Membership {
  added: Set<StoredUser | StoredPost>;
  removed: Set<StoredUser | StoredPost>;
}
const memberships = new WeakMap<Db, Membership>();

export function trackChanges(db: Db): Touched {
  const touched: Touched = new Map();
  tracking.set(db, touched);
  memberships.set(db, { added: new Set(), removed: new Set() });
  return touched;
}

/** What the current (or last) write added and removed. */
export const membershipOf = (db: Db): Membership => memberships.get(db) ?? { added: new Set(), removed: new Set() };

function recordAdded(db: Db, record: StoredUser | StoredPost): void {
  memberships.get(db)?.added.add(record);
}

function recordRemoved(db: Db, record: StoredUser | StoredPost): void {
  const membership = memberships.get(db);
  if (!membership) return;
  // Added and removed by the same write: it never was.
  if (!membership.added.delete(record)) membership.removed.add(record);
}

export function stopTracking(db: Db): void {
  tracking.delete(db);
}

/** True when the write under way added or removed a member or a post. */
export const addedOrRemoved = (db: Db): boolean => {
  const { added, removed } = membershipOf(db);
  return added.size > 0 || removed.size > 0;
};

/**
 * Adds a post to the data and to its indexes. Writes only append to `db.posts` or replace it
 * (removePost), so a failed write is put back by restoring the array and its length.
 */
export function addPost(db: Db, post: StoredPost): StoredPost {
  db.posts.push(post);
  recordAdded(db, post);
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
  recordAdded(db, user);
  builtIndexes(db)?.syncUser(user);
  return user;
}

/** Removes a member from the data and from the indexes (what else was theirs is the caller's to remove first). */
export function removeUser(db: Db, user: StoredUser): void {
  db.users = db.users.filter((u) => u !== user);
  recordRemoved(db, user);
  builtIndexes(db)?.dropUser(user);
}

/** Marks a record the current write may change (no-op outside a write). */
export function touch<T extends StoredUser | StoredPost>(db: Db, record: T): T {
  const touched = tracking.get(db);
  if (touched && !touched.has(record)) touched.set(record, JSON.stringify(record));
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
