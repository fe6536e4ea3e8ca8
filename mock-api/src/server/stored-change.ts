/**
 * What a write changed, as ./stored-sync.ts stores it: the records it added, changed or removed
 * (compared with its snapshot) and the pictures to store or delete. Apart so the diffing reads
 * on its own.
 */
import type { Change } from './idb';
import { referencedIds, refId, type StoredImage } from './image-store';
import { membershipOf, type StoredPost, type StoredUser } from './store';
import type { SyncedData } from './stored-sync';
import type { Snapshot } from './write-snapshot';

/** The stored insertion sequences: a record's (a new one gets the next), and the next to give. */
export interface Seqs {
  seqFor(record: object): number;
  nextSeq(): number;
}

/** The records a write added, changed or removed (compared with the snapshot taken before it). */
export function changeOf(data: SyncedData, snapshot: Snapshot, seqs: Seqs): Change {
  const db = data.db;
  // The records the write added and removed, as addPost, removePost and addUser recorded them.
  const { added, removed } = membershipOf(db);
  const isUser = (record: StoredUser | StoredPost): record is StoredUser => 'userHandler' in record;
  const isPost = (record: StoredUser | StoredPost): record is StoredPost => !('userHandler' in record);
  const users = { added: [...added].filter(isUser), removed: [...removed].filter(isUser) };
  const posts = { added: [...added].filter(isPost), removed: [...removed].filter(isPost) };
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
  const pictures = pictureChanges(data, snapshot, [...changedUsers, ...changedPosts], [...users.removed, ...posts.removed]);
  return {
    users: [...changedUsers].map((record) => ({ record, seq: seqs.seqFor(record) })),
    posts: [...changedPosts].map((record) => ({ record, seq: seqs.seqFor(record) })),
    deletedUsers: users.removed.map((r) => r._id),
    deletedPosts: posts.removed.map((r) => r._id),
    images: pictures.put,
    deletedImages: pictures.deleted,
    meta: { nextId: db.nextId, nextSeq: seqs.nextSeq(), revoked: db.revoked },
  };
}

/**
 * Images to store (every picture a write set, stored again if already there: another tab may
 * have dropped it meanwhile) and images no record refers to any more (a post deleted, a picture
 * replaced), which are deleted.
 */
function pictureChanges(
  data: SyncedData,
  snapshot: Snapshot,
  changed: (StoredUser | StoredPost)[],
  removed: (StoredUser | StoredPost)[],
): { put: StoredImage[]; deleted: string[] } {
  const put = new Map<string, StoredImage>();
  const dropped = new Set<string>();
  for (const record of changed) {
    const before = snapshot.touched.get(record);
    const oldPic = before === undefined ? '' : (JSON.parse(before) as { pic: string }).pic;
    if (oldPic === record.pic) continue;
    const id = refId(record.pic);
    const image = id ? data.images.get(id) : undefined;
    if (image) put.set(image.id, image);
    const oldId = refId(oldPic);
    if (oldId) dropped.add(oldId);
  }
  for (const id of referencedIds(removed)) dropped.add(id);
  if (dropped.size > 0) {
    for (const id of referencedIds([...data.db.users, ...data.db.posts])) dropped.delete(id);
  }
  return { put: [...put.values()], deleted: [...dropped] };
}
