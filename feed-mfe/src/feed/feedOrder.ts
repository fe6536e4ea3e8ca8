/**
 * The feed's rules as pure functions (tested in feed-mfe/test/feedOrder.test.ts): who is in the home feed,
 * the Latest and Trending orders, and keeping unchanged posts' identity so a like
 * re-renders only the card it changed.
 */
import type { Post, User, UserSummary } from '@social/mock-api/contract';

export type FeedSort = 'latest' | 'trending';

type Member = Pick<User, '_id'> & { followers: Pick<UserSummary, '_id'>[]; following: Pick<UserSummary, '_id'>[] };

/** Ids of the authors the home feed shows: me, my followers and the people I follow. */
export function homeAuthorIds(me: Member): Set<string> {
  const ids = new Set<string>([me._id]);
  for (const u of me.followers) ids.add(u._id);
  for (const u of me.following) ids.add(u._id);
  return ids;
}

/** Posts written by me, my followers or people I follow (post.userId is the author _id). */
export function homePosts(posts: readonly Post[], me: Member): Post[] {
  const authors = homeAuthorIds(me);
  return posts.filter((post) => authors.has(post.userId));
}

/** Likes plus comments: the Trending score. */
export const trendingScore = (post: Post): number => post.likes.likeCount + post.comments.length;

// Unparseable dates sort last rather than breaking the order.
const timeOf = (post: Post): number => {
  const t = Date.parse(post.createdAt);
  return Number.isNaN(t) ? -Infinity : t;
};

/** Newest first (createdAt descending). Returns a new array. */
export function sortLatest(posts: readonly Post[]): Post[] {
  const times = new Map(posts.map((p) => [p, timeOf(p)]));
  return [...posts].sort((a, b) => times.get(b)! - times.get(a)!);
}

/** Posts with at least one like or comment, by likes plus comments descending; ties newest first. */
export function sortTrending(posts: readonly Post[]): Post[] {
  return sortLatest(posts.filter((p) => trendingScore(p) > 0)).sort((a, b) => trendingScore(b) - trendingScore(a));
}

export function sortFeed(posts: readonly Post[], sort: FeedSort): Post[] {
  return sort === 'latest' ? sortLatest(posts) : sortTrending(posts);
}

/** The home feed as shown: filtered to my circle, then ordered. */
export function homeFeed(posts: readonly Post[], me: Member, sort: FeedSort): Post[] {
  return sortFeed(homePosts(posts, me), sort);
}

/**
 * The explore feed as shown. `paged` is what the pages brought, in the server's order for
 * `sort`; each post is shown in its latest version from the shared list, and a post the
 * shared list no longer holds has been deleted. Trending keeps the paged order (so a like
 * does not make a card jump) but, like home, only posts with a like or a comment. Latest is
 * newest first, and also shows shared posts newer than the oldest loaded one (a post written
 * since the page loaded belongs among them).
 */
export function exploreFeed(paged: readonly Post[], shared: readonly Post[], sort: FeedSort): Post[] {
  let shown: Post[] = [...paged];
  if (shared.length > 0) {
    const byId = new Map(shared.map((p) => [p._id, p]));
    shown = paged.flatMap((p) => {
      const latest = byId.get(p._id);
      return latest ? [latest] : [];
    });
  }
  if (sort !== 'latest') return shown.filter((p) => trendingScore(p) > 0);
  if (shown.length > 0 && shared.length > 0) {
    const held = new Set(shown.map((p) => p._id));
    const oldest = Math.min(...shown.map(timeOf));
    shown = [...shown, ...shared.filter((p) => !held.has(p._id) && timeOf(p) >= oldest)];
  }
  return sortLatest(shown);
}

/** Users suggested to follow: every member other than me whom I do not follow. */
export function suggestedUsers(users: readonly User[], me: Member): User[] {
  const following = new Set(me.following.map((u) => u._id));
  return users.filter((u) => u._id !== me._id && !following.has(u._id));
}

/** True when two JSON values (as the API sends them) are equal. Plain loops: it runs over every post on each change. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const aIsArray = Array.isArray(a);
  if (aIsArray !== Array.isArray(b)) return false;
  if (aIsArray) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i += 1) if (!sameJson(x[i], y[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const key in x) {
    if (!Object.prototype.hasOwnProperty.call(x, key)) continue;
    count += 1;
    if (!Object.prototype.hasOwnProperty.call(y, key) || !sameJson(x[key], y[key])) return false;
  }
  for (const key in y) if (Object.prototype.hasOwnProperty.call(y, key)) count -= 1;
  return count === 0;
}

/**
 * Every post change replaces the whole list with freshly parsed objects (mock-api/src/server/routes/posts.ts). This keeps
 * the previous object of each post whose data did not change, so memoised cards skip rendering.
 */
export function reuseUnchanged(previous: ReadonlyMap<string, Post>, next: readonly Post[]): { posts: Post[]; byId: Map<string, Post> } {
  const byId = new Map<string, Post>();
  const posts = next.map((post) => {
    const old = previous.get(post._id);
    const kept = old && sameJson(old, post) ? old : post;
    byId.set(post._id, kept);
    return kept;
  });
  return { posts, byId };
}
