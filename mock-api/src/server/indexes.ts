/**
 * The fake backend's derived indexes: built in memory from the records (never stored), kept up
 * to date by every write, so that v2 calls find a post, a member or a comment by id and page
 * through a feed without scanning or sorting every post. docs/api.md ("Fake backend") lists them.
 *
 * Who keeps them right:
 * - `addPost` / `removePost` / `addUser` (./store.ts) change the lists and the indexes together;
 * - after every write, the records it changed are re-placed (`finishWrite` in ./store.ts), so a
 *   like, a comment or a reply moves the post in Trending and in the members' activities;
 * - records read from another instance are re-placed one by one (./stored-sync.ts); a write put
 *   back that had added or removed records drops the whole index: it is rebuilt on the next
 *   request (`indexOf`).
 */
import { trendingScore } from '../core/posts';
import { tagsOf } from '../core/text';
import { SearchIndex } from './search-index';
import type { StoredPost, StoredUser } from './records';

/** What the indexes are built from: the data's members and posts (a `Db` of ./store.ts). */
interface Records {
  users: readonly StoredUser[];
  posts: readonly StoredPost[];
}

/** A sort key: compared component by component; a list holds its items in descending key order. */
export type Key = readonly (number | string)[];

/** Negative when `a` comes before `b` (the greater key first), 0 when equal. */
export function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === undefined) return 1;
    if (y === undefined) return -1;
    return x > y ? -1 : 1;
  }
  return 0;
}

/**
 * Items in descending key order. Each item's key is kept as it was when the item went in, so an
 * item whose key changed (a post liked) is found at its old place and moved: a binary search and
 * one splice, not a sort.
 */
export class SortedList<T> {
  private items: T[] = [];
  private readonly keys = new Map<T, Key>();

  /** `keyOf` gives null for an item that does not belong in this list (e.g. an unreacted post in Trending). */
  constructor(private readonly keyOf: (item: T) => Key | null) {}

  get size(): number {
    return this.items.length;
  }

  /** Replaces the contents (one sort, for a rebuild). */
  build(items: Iterable<T>): void {
    this.keys.clear();
    const kept: T[] = [];
    for (const item of items) {
      const key = this.keyOf(item);
      if (key === null) continue;
      this.keys.set(item, key);
      kept.push(item);
    }
    kept.sort((a, b) => compareKeys(this.keys.get(a)!, this.keys.get(b)!));
    this.items = kept;
  }

  has(item: T): boolean {
    return this.keys.has(item);
  }

  keyAt(index: number): Key {
    return this.keys.get(this.items[index]!)!;
  }

  at(index: number): T | undefined {
    return this.items[index];
  }

  /** The index of the first item that comes after `key` (all items when key is null). */
  after(key: Key | null): number {
    if (key === null) return 0;
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareKeys(this.keys.get(this.items[mid]!)!, key) <= 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Puts the item in its place for its current key (moves it, adds it, or takes it out). */
  sync(item: T): void {
    const old = this.keys.get(item);
    const key = this.keyOf(item);
    if (old && key && compareKeys(old, key) === 0) return;
    if (old) this.remove(item);
    if (!key) return;
    const at = this.after(key);
    this.items.splice(at, 0, item);
    this.keys.set(item, key);
  }

  /** The items in order (a copy). */
  toArray(): T[] {
    return this.items.slice();
  }

  remove(item: T): void {
    const old = this.keys.get(item);
    if (!old) return;
    // Items with an equal key sit together; find this one among them.
    let at = this.after(old) - 1;
    while (at >= 0 && this.items[at] !== item) at -= 1;
    if (at >= 0) this.items.splice(at, 1);
    this.keys.delete(item);
  }
}

/** createdAt as ms (parsed once per record: it never changes). */
const times = new WeakMap<object, number>();
function timeOf(record: { createdAt: string }): number {
  let time = times.get(record);
  if (time === undefined) {
    time = Date.parse(record.createdAt);
    if (Number.isNaN(time)) time = 0;
    times.set(record, time);
  }
  return time;
}

/**
 * A stored list, or none: the indexes are built from whatever storage held, and one damaged
 * record must not stop every other request (a request that renders it answers 500 instead).
 */
const listOf = <T>(list: readonly T[] | undefined | null): readonly T[] => (Array.isArray(list) ? list : []);

/** Trending's score (../core/posts.ts) of a stored post. */
const scoreOf = (post: StoredPost): number =>
  trendingScore({ likeCount: Number(post.likeCount) || 0, commentCount: listOf(post.comments).length });

const latestKey = (post: StoredPost): Key => [timeOf(post), post._id];
export const trendingKey = (post: StoredPost): Key | null => {
  const score = scoreOf(post);
  return score > 0 ? [score, timeOf(post), post._id] : null;
};
const newestMemberKey = (user: StoredUser): Key => [timeOf(user), user._id];

/** A post's feed lists: Latest (every post) and Trending (reacted posts). */
interface FeedLists {
  latest: SortedList<StoredPost>;
  trending: SortedList<StoredPost>;
}
const feedLists = (): FeedLists => ({ latest: new SortedList(latestKey), trending: new SortedList(trendingKey) });

/** One member's repost of a post, as their list of reposts holds it (newest first by the repost's time). */
export interface RepostEntry {
  post: StoredPost;
  memberId: string;
  at: string;
}
const repostKey = (entry: RepostEntry): Key => [timeOf({ createdAt: entry.at }), entry.post._id];
const newRepostList = () => new SortedList<RepostEntry>(repostKey);

/** Everyone who wrote, liked, disliked, reposted, commented on or replied to the post (SPEC §2 "activities", and reposts). */
function participantsOf(post: StoredPost): Set<string> {
  const ids = new Set<string>([post.userId, ...listOf(post.likedBy), ...listOf(post.dislikedBy)]);
  for (const repost of listOf(post.reposts)) ids.add(repost.memberId);
  for (const comment of listOf(post.comments)) {
    ids.add(comment.userId);
    for (const reply of listOf(comment.replies)) ids.add(reply.userId);
  }
  return ids;
}

/** The post's tags; a damaged record (content not text) has none. */
const tagsFrom = (post: StoredPost): string[] => (typeof post.content === 'string' ? tagsOf(post.content) : []);

export class Indexes {
  readonly postsById = new Map<string, StoredPost>();
  readonly usersById = new Map<string, StoredUser>();
  /** Lower-cased userHandler → member. */
  readonly usersByHandle = new Map<string, StoredUser>();
  /** Every post: the explore feed. */
  readonly all: FeedLists = feedLists();
  /** Each author's posts: a profile's posts, and the home feed merges its authors' lists. */
  readonly byAuthor = new Map<string, FeedLists>();
  /** Each member's activities (posts they wrote or reacted to), newest post first. */
  readonly activities = new Map<string, SortedList<StoredPost>>();
  /** Comment id → its post. */
  readonly commentPost = new Map<string, StoredPost>();
  /** Members, newest first (suggested members). */
  readonly newestMembers = new SortedList<StoredUser>(newestMemberKey);
  /** Each tag's posts (the tags of their content, ../core/text.ts), newest first. */
  readonly byTag = new Map<string, SortedList<StoredPost>>();
  /** Each member's reposts, newest first: their profile's posts and the home feeds of those who follow them. */
  readonly repostsBy = new Map<string, SortedList<RepostEntry>>();
  /** Each post's reposts as entries of those lists (member id → entry). */
  private readonly repostEntries = new Map<StoredPost, Map<string, RepostEntry>>();
  private readonly participants = new Map<StoredPost, Set<string>>();
  /** Each post's tags, with the content they were read from (a like leaves the content, so its tags are not read again). */
  private readonly postTags = new Map<StoredPost, { content: unknown; tags: string[] }>();
  private readonly commentIds = new Map<StoredPost, string[]>();
  private handleOrder: StoredUser[] | null = null;
  private searchIndex: SearchIndex | null = null;

  constructor(db: Records) {
    for (const user of db.users) this.indexUser(user);
    this.newestMembers.build(db.users);
    const postsOf = new Map<string, StoredPost[]>();
    const activityOf = new Map<string, StoredPost[]>();
    const taggedWith = new Map<string, StoredPost[]>();
    for (const post of db.posts) {
      this.postsById.set(post._id, post);
      let own = postsOf.get(post.userId);
      if (!own) postsOf.set(post.userId, (own = []));
      own.push(post);
      const people = participantsOf(post);
      this.participants.set(post, people);
      for (const id of people) {
        let list = activityOf.get(id);
        if (!list) activityOf.set(id, (list = []));
        list.push(post);
      }
      this.indexComments(post);
      this.indexReposts(post);
      const tags = tagsFrom(post);
      this.postTags.set(post, { content: post.content, tags });
      for (const tag of tags) {
        let list = taggedWith.get(tag);
        if (!list) taggedWith.set(tag, (list = []));
        list.push(post);
      }
    }
    this.all.latest.build(db.posts);
    this.all.trending.build(db.posts);
    for (const [userId, posts] of postsOf) {
      const lists = this.listsOf(userId);
      lists.latest.build(posts);
      lists.trending.build(posts);
    }
    for (const [userId, posts] of activityOf) this.activityOf(userId).build(posts);
    for (const [tag, posts] of taggedWith) this.tagList(tag).build(posts);
  }

  listsOf(userId: string): FeedLists {
    let lists = this.byAuthor.get(userId);
    if (!lists) this.byAuthor.set(userId, (lists = feedLists()));
    return lists;
  }

  /** The member's reposts, newest first (an empty list for a member who reposted nothing). */
  repostsOf(userId: string): SortedList<RepostEntry> {
    let list = this.repostsBy.get(userId);
    if (!list) this.repostsBy.set(userId, (list = newRepostList()));
    return list;
  }

  /** The post's reposts into their members' lists: new ones in, undone ones out. */
  private indexReposts(post: StoredPost): void {
    const before = this.repostEntries.get(post) ?? new Map<string, RepostEntry>();
    const now = new Map<string, RepostEntry>();
    for (const repost of listOf(post.reposts)) {
      if (typeof repost?.memberId !== 'string' || typeof repost.at !== 'string') continue;
      const old = before.get(repost.memberId);
      const entry = old && old.at === repost.at ? old : { post, memberId: repost.memberId, at: repost.at };
      if (entry !== old) {
        if (old) this.repostsBy.get(repost.memberId)?.remove(old);
        this.repostsOf(repost.memberId).sync(entry);
      }
      now.set(repost.memberId, entry);
    }
    for (const [memberId, entry] of before) if (now.get(memberId) !== entry) this.repostsBy.get(memberId)?.remove(entry);
    if (now.size > 0) this.repostEntries.set(post, now);
    else this.repostEntries.delete(post);
  }

  activityOf(userId: string): SortedList<StoredPost> {
    let list = this.activities.get(userId);
    if (!list) this.activities.set(userId, (list = new SortedList(latestKey)));
    return list;
  }

  /** The tag's posts, newest first (an empty list for a tag no post has). */
  tagList(tag: string): SortedList<StoredPost> {
    let list = this.byTag.get(tag);
    if (!list) this.byTag.set(tag, (list = new SortedList(latestKey)));
    return list;
  }

  /** Takes the post out of the tag's list; a tag no post has any more leaves the index. */
  private untag(tag: string, post: StoredPost): void {
    const list = this.byTag.get(tag);
    list?.remove(post);
    if (list?.size === 0) this.byTag.delete(tag);
  }

  /** Post search's words (./search-index.ts), built on first use. */
  search(): SearchIndex {
    return (this.searchIndex ??= new SearchIndex(this.postsById.values()));
  }

  /** A post added or changed: every list it belongs in, at its place for its current counts. */
  syncPost(post: StoredPost): void {
    this.postsById.set(post._id, post);
    this.searchIndex?.sync(post);
    for (const lists of [this.all, this.listsOf(post.userId)]) {
      lists.latest.sync(post);
      lists.trending.sync(post);
    }
    const before = this.participants.get(post) ?? new Set<string>();
    const now = participantsOf(post);
    for (const id of before) if (!now.has(id)) this.activities.get(id)?.remove(post);
    for (const id of now) if (!before.has(id)) this.activityOf(id).sync(post);
    this.participants.set(post, now);
    this.indexComments(post);
    this.indexReposts(post);
    const tagged = this.postTags.get(post);
    if (tagged?.content === post.content) return;
    const tagsNow = tagsFrom(post);
    for (const tag of tagged?.tags ?? []) if (!tagsNow.includes(tag)) this.untag(tag, post);
    for (const tag of tagsNow) this.tagList(tag).sync(post);
    this.postTags.set(post, { content: post.content, tags: tagsNow });
  }

  dropPost(post: StoredPost): void {
    if (this.postsById.get(post._id) === post) this.postsById.delete(post._id);
    this.searchIndex?.drop(post);
    for (const lists of [this.all, this.listsOf(post.userId)]) {
      lists.latest.remove(post);
      lists.trending.remove(post);
    }
    for (const id of this.participants.get(post) ?? []) this.activities.get(id)?.remove(post);
    this.participants.delete(post);
    for (const [memberId, entry] of this.repostEntries.get(post) ?? []) this.repostsBy.get(memberId)?.remove(entry);
    this.repostEntries.delete(post);
    for (const tag of this.postTags.get(post)?.tags ?? []) this.untag(tag, post);
    this.postTags.delete(post);
    for (const id of this.commentIds.get(post) ?? []) if (this.commentPost.get(id) === post) this.commentPost.delete(id);
    this.commentIds.delete(post);
  }

  /** True when the index holds this very record (not a copy another tab stored since). */
  holdsPost(post: StoredPost): boolean {
    return this.postsById.get(post._id) === post;
  }

  holdsUser(user: StoredUser): boolean {
    return this.usersById.get(user._id) === user;
  }

  syncUser(user: StoredUser): void {
    const old = this.usersById.get(user._id);
    if (old !== user || !this.usersByHandle.has(user.userHandler.toLowerCase())) this.handleOrder = null;
    this.indexUser(user);
    this.newestMembers.sync(user);
  }

  /** A member left the data, or is about to be replaced by another copy (records read from another tab). */
  dropUser(user: StoredUser): void {
    if (this.usersById.get(user._id) === user) this.usersById.delete(user._id);
    const key = user.userHandler.toLowerCase();
    if (this.usersByHandle.get(key) === user) this.usersByHandle.delete(key);
    this.newestMembers.remove(user);
    this.handleOrder = null;
  }

  /** Adds or re-places a record of either kind. */
  sync(record: StoredUser | StoredPost): void {
    if ('userHandler' in record) this.syncUser(record);
    else this.syncPost(record);
  }

  /** Takes a record of either kind out. */
  drop(record: StoredUser | StoredPost): void {
    if ('userHandler' in record) this.dropUser(record);
    else this.dropPost(record);
  }

  /** Members ordered by userHandler (search answers in this order). */
  membersByHandle(): StoredUser[] {
    if (!this.handleOrder) {
      this.handleOrder = [...this.usersById.values()].sort((a, b) =>
        a.userHandler < b.userHandler ? -1 : a.userHandler > b.userHandler ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0,
      );
    }
    return this.handleOrder;
  }

  /** Every index as plain ids in order (tests compare indexes kept by writes with fresh ones). */
  describe(): Record<string, unknown> {
    const sortedEntries = <V>(map: Map<string, V>, f: (value: V) => unknown) =>
      [...map.entries()]
        .map(([key, value]) => [key, f(value)] as const)
        .filter(([, v]) => !(Array.isArray(v) && v.length === 0))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const ids = <T extends { _id: string }>(list: SortedList<T>) => list.toArray().map((item) => item._id);
    return {
      posts: [...this.postsById.keys()].sort(),
      users: [...this.usersById.keys()].sort(),
      handles: sortedEntries(this.usersByHandle, (u) => u._id),
      latest: ids(this.all.latest),
      trending: ids(this.all.trending),
      byAuthorLatest: sortedEntries(this.byAuthor, (l) => ids(l.latest)),
      byAuthorTrending: sortedEntries(this.byAuthor, (l) => ids(l.trending)),
      activities: sortedEntries(this.activities, ids),
      reposts: sortedEntries(this.repostsBy, (l) => l.toArray().map((entry) => `${entry.post._id}@${entry.at}`)),
      comments: sortedEntries(this.commentPost, (p) => p._id),
      newestMembers: ids(this.newestMembers),
      tags: sortedEntries(this.byTag, ids),
      byHandle: this.membersByHandle().map((u) => u._id),
    };
  }

  private indexUser(user: StoredUser): void {
    this.usersById.set(user._id, user);
    this.usersByHandle.set(user.userHandler.toLowerCase(), user);
  }

  private indexComments(post: StoredPost): void {
    const before = this.commentIds.get(post);
    const ids = listOf(post.comments).map((c) => c._id);
    if (before) for (const id of before) if (this.commentPost.get(id) === post) this.commentPost.delete(id);
    for (const id of ids) this.commentPost.set(id, post);
    this.commentIds.set(post, ids);
  }
}

const built = new WeakMap<Records, Indexes>();

/** The database's indexes, built on first use after a load or an invalidation. */
export function indexOf(db: Records): Indexes {
  let indexes = built.get(db);
  if (!indexes) {
    indexes = new Indexes(db);
    built.set(db, indexes);
  }
  return indexes;
}

/** Drops the indexes (after the records changed in a way no write recorded); rebuilt on next use. */
export function invalidateIndexes(db: Records): void {
  built.delete(db);
}

/** The indexes if they are built (writes keep built ones right; unbuilt ones are built from the records later). */
export function builtIndexes(db: Records): Indexes | undefined {
  return built.get(db);
}
