/**
 * A write's way back. A handler changes the data in memory in place; the snapshot taken before
 * it runs lets ./backend.ts put the data back when the handler throws or the change cannot be
 * stored, so no half-made change stays behind.
 */
import type { DomainEvent } from '../core/events';
import type { ImageStore } from './image-store';
import { builtIndexes, invalidateIndexes } from './indexes';
import { addedOrRemoved, membershipOf, stopTracking, trackChanges, type Db, type StoredPost, type StoredUser, type Touched } from './store';

/**
 * What a write can be put back to. Writes only append to the users and posts arrays or replace
 * them (see addPost in ./store.ts), so the arrays and their lengths are enough: no copy of 50,000
 * posts per like.
 */
export interface Snapshot {
  users: StoredUser[];
  usersLength: number;
  posts: StoredPost[];
  postsLength: number;
  nextId: number;
  revoked: Db['revoked'];
  touched: Touched;
  /** The write's events, as its operation named them (published once it is committed: ./committed-changes.ts). */
  events: DomainEvent[];
}

/**
 * Runs `write` on `db` with a snapshot taken first; a write that throws is put back. The
 * records it touched are re-placed in the indexes.
 */
export function withSnapshot<T>(db: Db, images: ImageStore, write: () => T): { result: T; snapshot: Snapshot } {
  const snapshot: Snapshot = {
    users: db.users,
    usersLength: db.users.length,
    posts: db.posts,
    postsLength: db.posts.length,
    nextId: db.nextId,
    revoked: db.revoked.slice(),
    touched: trackChanges(db),
    events: [],
  };
  images.beginWrite();
  try {
    const result = write();
    reindex(db, snapshot.touched);
    return { result, snapshot };
  } catch (error) {
    putBack(db, images, snapshot);
    throw error;
  } finally {
    stopTracking(db);
  }
}

/** Puts `db` back as it was when `snapshot` was taken, and drops the pictures the write added. */
export function putBack(db: Db, images: ImageStore, snapshot: Snapshot): void {
  images.dropPending();
  for (const [record, json] of snapshot.touched) {
    for (const key of Object.keys(record)) delete (record as unknown as Record<string, unknown>)[key];
    Object.assign(record, JSON.parse(json));
  }
  db.users = snapshot.users;
  db.users.length = snapshot.usersLength;
  db.posts = snapshot.posts;
  db.posts.length = snapshot.postsLength;
  db.nextId = snapshot.nextId;
  db.revoked = snapshot.revoked;
  // The records are as they were: put them back in their places, or rebuild if some came or went.
  if (addedOrRemoved(db)) invalidateIndexes(db);
  else reindex(db, snapshot.touched);
}

/** The ids of the members and posts a write kept in memory added, changed or removed. */
export function idsOf(snapshot: Snapshot, db: Db): { users: string[]; posts: string[] } {
  const { added, removed } = membershipOf(db);
  const ids = { users: new Set<string>(), posts: new Set<string>() };
  const note = (record: StoredUser | StoredPost) => ('userHandler' in record ? ids.users : ids.posts).add(record._id);
  for (const record of [...added, ...removed]) note(record);
  for (const [record, json] of snapshot.touched) if (JSON.stringify(record) !== json) note(record);
  return { users: [...ids.users], posts: [...ids.posts] };
}

/** Puts the records a write touched (and that are still in the data) at their places in the indexes. */
function reindex(db: Db, touched: Touched): void {
  const indexes = builtIndexes(db);
  if (!indexes) return;
  for (const record of touched.keys()) {
    if ('userHandler' in record) {
      if (indexes.holdsUser(record)) indexes.syncUser(record);
    } else if (indexes.holdsPost(record)) indexes.syncPost(record);
  }
}
