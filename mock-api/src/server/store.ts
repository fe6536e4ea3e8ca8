/**
 * The fake backend's data. Nested lists (followers, likes, upvotes, reply authors) hold
 * user ids; answers are rendered from them with user summaries. Keeping ids means a new
 * avatar or name shows everywhere at once, and no password can leak through a nested user.
 */
import type { Comment, Post, Reply, User, UserSummary } from '../contract';
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
}

export interface StoredReply {
  _id: string;
  userId: string;
  content: string;
  createdAt: string;
  /** Set when the reply's text was edited (v2); absent in older data and on unedited replies. */
  updatedAt?: string;
}

export interface StoredComment {
  _id: string;
  userId: string;
  content: string;
  upvotedBy: string[];
  replies: StoredReply[];
  createdAt: string;
  updatedAt: string;
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
/** Databases whose current write added or removed a record (see addPost, removePost, addUser). */
const membershipChanged = new WeakSet<Db>();

export function trackChanges(db: Db): Touched {
  const touched: Touched = new Map();
  tracking.set(db, touched);
  membershipChanged.delete(db);
  return touched;
}

export function stopTracking(db: Db): void {
  tracking.delete(db);
}

/** True when the write under way added or removed a member or a post. */
export const addedOrRemoved = (db: Db): boolean => membershipChanged.has(db);

/** Adds a post to the data and to its indexes. */
export function addPost(db: Db, post: StoredPost): StoredPost {
  db.posts.push(post);
  membershipChanged.add(db);
  builtIndexes(db)?.syncPost(post);
  return post;
}

/** Removes a post from the data and from its indexes. */
export function removePost(db: Db, post: StoredPost): void {
  db.posts = db.posts.filter((p) => p !== post);
  membershipChanged.add(db);
  builtIndexes(db)?.dropPost(post);
}

/** Adds a member to the data and to the indexes. */
export function addUser(db: Db, user: StoredUser): StoredUser {
  db.users.push(user);
  membershipChanged.add(db);
  builtIndexes(db)?.syncUser(user);
  return user;
}

/** Marks a record the current write may change (no-op outside a write); its rendered answer is dropped. */
export function touch<T extends StoredUser | StoredPost>(db: Db, record: T): T {
  const touched = tracking.get(db);
  if (touched && !touched.has(record)) {
    touched.set(record, JSON.stringify(record));
    if (!('userHandler' in record)) renderCacheOf(db).delete(record);
  }
  return record;
}

// ---- Rendered posts, kept between requests ----
// Every post change answers with all posts; rendering and serialising 5,000 of them on each like
// would cost the whole database. Each post's JSON is kept until a write touches the post, or
// until a member's name, handle, e-mail or picture changes (every post embeds those).

const renderCaches = new WeakMap<Db, WeakMap<StoredPost, string>>();

function renderCacheOf(db: Db): WeakMap<StoredPost, string> {
  let cache = renderCaches.get(db);
  if (!cache) {
    cache = new WeakMap();
    renderCaches.set(db, cache);
  }
  return cache;
}

/** Drops every rendered post (after a write was put back, or a member's summary changed). */
export function clearRenderCache(db: Db): void {
  renderCaches.delete(db);
}

/** The fields of a member that answers embed in posts. */
export const summaryKey = (user: Pick<StoredUser, 'firstName' | 'lastName' | 'userHandler' | 'pic' | 'username'>): string =>
  JSON.stringify([user.firstName, user.lastName, user.userHandler, user.pic, user.username]);

/** JSON text an answer embeds as is (see `jsonText`). */
export class JsonText {
  constructor(readonly text: string) {}
}

/** Serialises an answer, embedding JsonText parts as they are. */
export function jsonText(value: unknown): string {
  if (value instanceof JsonText) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : jsonText(item))).join(',')}]`;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const parts: string[] = [];
    for (const [key, item] of Object.entries(value)) if (item !== undefined) parts.push(`${JSON.stringify(key)}:${jsonText(item)}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
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

/** Renders answers. One per request: it caches summaries so big lists stay cheap. */
export class Renderer {
  private readonly summaries = new Map<string, UserSummary | null>();

  /** `pic` turns a stored picture (a reference, see ./image-store.ts) into the URL an answer shows. */
  constructor(
    private readonly db: Db,
    readonly pic: (stored: string) => string = (stored) => stored,
  ) {}

  summary(userId: string): UserSummary | null {
    let cached = this.summaries.get(userId);
    if (cached === undefined) {
      const user = readUser(this.db, userId);
      cached = user
        ? { _id: user._id, firstName: user.firstName, lastName: user.lastName, userHandler: user.userHandler, pic: this.pic(user.pic) }
        : null;
      this.summaries.set(userId, cached);
    }
    return cached ? { ...cached } : null;
  }

  /** Summaries of the ids that still name a member (a vanished one is left out, not rendered as null). */
  summaryList(ids: readonly string[]): UserSummary[] {
    const out: UserSummary[] = [];
    for (const id of ids) {
      const s = this.summary(id);
      if (s) out.push(s);
    }
    return out;
  }

  user(user: StoredUser): User {
    return {
      _id: user._id,
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      userHandler: user.userHandler,
      username: user.username,
      pic: this.pic(user.pic),
      bio: user.bio,
      link: user.link,
      followers: this.summaryList(user.followers),
      following: this.summaryList(user.following),
      bookmarks: [...user.bookmarks],
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    };
  }

  users(): User[] {
    return this.db.users.map((u) => this.user(u));
  }

  private unknownUser(userId: string): UserSummary {
    return { _id: userId, firstName: 'Former', lastName: 'member', userHandler: '', pic: '' };
  }

  reply(reply: StoredReply): Reply {
    return {
      _id: reply._id,
      user: this.summary(reply.userId) ?? this.unknownUser(reply.userId),
      content: reply.content,
      createdAt: reply.createdAt,
    };
  }

  comment(postId: string, comment: StoredComment): Comment {
    return {
      _id: comment._id,
      postId,
      content: comment.content,
      user: this.summary(comment.userId) ?? this.unknownUser(comment.userId),
      votes: { upvotedBy: this.summaryList(comment.upvotedBy) },
      replies: comment.replies.map((r) => this.reply(r)),
      createdAt: comment.createdAt,
      updatedAt: comment.updatedAt,
    };
  }

  post(post: StoredPost): Post {
    return {
      _id: post._id,
      id: post.id,
      userId: post.userId,
      username: readUser(this.db, post.userId)?.username ?? '',
      content: post.content,
      pic: this.pic(post.pic),
      likes: {
        likeCount: post.likeCount,
        likedBy: this.summaryList(post.likedBy),
        dislikedBy: this.summaryList(post.dislikedBy),
      },
      comments: post.comments.map((c) => this.comment(post._id, c)),
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
    };
  }

  /** A post's answer as JSON text, rendered once and kept until the post changes. */
  postText(post: StoredPost): string {
    const cache = renderCacheOf(this.db);
    let text = cache.get(post);
    if (text === undefined) {
      text = JSON.stringify(this.post(post));
      cache.set(post, text);
    }
    return text;
  }

  /**
   * Every post, newest first (the apps sort again for Latest/Trending), as JSON text: a Post[]
   * in the answer. The order is kept while the list holds the same records, and the text is
   * kept in blocks of posts: a like re-joins one block and chains the others (JavaScript
   * concatenation shares them), instead of sorting and copying every post's text again.
   */
  posts(): JsonText {
    const posts = this.db.posts;
    let cache = postsCaches.get(this.db);
    if (!cache || cache.source.length !== posts.length || cache.source.some((post, i) => post !== posts[i])) {
      cache = { source: posts.slice(), sorted: sortNewestFirst(posts), blocks: [] };
      postsCaches.set(this.db, cache);
    }
    const { sorted, blocks } = cache;
    blocks.length = Math.ceil(sorted.length / POSTS_BLOCK);
    let text = '';
    for (let b = 0; b < blocks.length; b += 1) {
      const texts = sorted.slice(b * POSTS_BLOCK, (b + 1) * POSTS_BLOCK).map((post) => this.postText(post));
      let block = blocks[b];
      if (!block || block.texts.length !== texts.length || block.texts.some((t, i) => t !== texts[i])) {
        block = { texts, joined: texts.join(',') };
        blocks[b] = block;
      }
      text = b === 0 ? block.joined : `${text},${block.joined}`;
    }
    return new JsonText(`[${text}]`);
  }
}

/** Posts per block of kept answer text (see Renderer.posts). */
const POSTS_BLOCK = 64;
interface PostsCache {
  /** db.posts when the order was taken: the same records in the same places keep it. */
  source: StoredPost[];
  sorted: StoredPost[];
  blocks: { texts: string[]; joined: string }[];
}
const postsCaches = new WeakMap<Db, PostsCache>();

/** Parsed createdAt of each post (it never changes), so sorting thousands of posts stays cheap. */
const createdTimes = new WeakMap<StoredPost, number>();
function createdTime(post: StoredPost): number {
  let time = createdTimes.get(post);
  if (time === undefined) {
    time = Date.parse(post.createdAt);
    createdTimes.set(post, time);
  }
  return time;
}

export function sortNewestFirst(posts: readonly StoredPost[]): StoredPost[] {
  return [...posts].sort((a, b) => createdTime(b) - createdTime(a));
}
