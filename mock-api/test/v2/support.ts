/**
 * Helpers for the v2 contract tests. Expected orders and sets are computed from the spec's own
 * API (v1 answers hold every post and member in full), so the same tests hold on any backend
 * and any seed. No backend internals: these files also run against api-server
 * (api-server/jest.contract.config.js).
 */
import type { Post, User } from '../../src/contract';
import type { Page, PostV2 } from '../../src/contract-v2';
import { anonymous } from '../helpers';

/** Every item of a paged list, page by page (at most `maxPages`), checking each page's size. */
export async function allPages<T, P extends Page>(
  fetchPage: (cursor: string | null) => Promise<P>,
  items: (page: P) => T[],
  limit: number,
  maxPages = 100,
): Promise<{ items: T[]; pages: number }> {
  const out: T[] = [];
  let cursor: string | null = null;
  for (let pages = 1; pages <= maxPages; pages += 1) {
    const page: P = await fetchPage(cursor);
    const got = items(page);
    expect(got.length).toBeLessThanOrEqual(limit);
    out.push(...got);
    if (page.nextCursor === null) return { items: out, pages };
    // A page that says more follow is full.
    expect(got).toHaveLength(limit);
    expect(typeof page.nextCursor).toBe('string');
    cursor = page.nextCursor;
  }
  throw new Error(`more than ${maxPages} pages`);
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const time = (iso: string) => Date.parse(iso);

/** Latest: createdAt descending, then _id descending. */
export const latestOrder = <T extends { _id: string; createdAt: string }>(posts: readonly T[]): T[] =>
  [...posts].sort((a, b) => time(b.createdAt) - time(a.createdAt) || byText(b._id, a._id));

export const v1Score = (p: Post) => p.likes.likeCount + p.comments.length;

/** Trending: only posts with likes plus comments above 0, by that score descending, then createdAt and _id descending. */
export const trendingOrder = (posts: readonly Post[]): Post[] =>
  [...posts]
    .filter((p) => v1Score(p) > 0)
    .sort((a, b) => v1Score(b) - v1Score(a) || time(b.createdAt) - time(a.createdAt) || byText(b._id, a._id));

export const ids = (items: readonly { _id: string }[]): string[] => items.map((item) => item._id);

/** Every post and member as the spec's API answers them now. */
export async function v1World(): Promise<{ posts: Post[]; users: User[] }> {
  const [{ posts }, { users }] = await Promise.all([anonymous().posts.all(), anonymous().users.all()]);
  return { posts, users };
}

/** The counts a v2 post must carry, from the v1 answer of the same post. */
export const countsOf = (p: Post) => ({
  likeCount: p.likes.likeCount,
  dislikeCount: p.likes.dislikedBy.length,
  commentCount: p.comments.length,
});

export const countsV2 = (p: PostV2) => ({ likeCount: p.likeCount, dislikeCount: p.dislikeCount, commentCount: p.commentCount });

/** Keys a public member answer may have (no e-mail, no bookmarks, no growing lists). */
export const MEMBER_KEYS = [
  '_id',
  'id',
  'firstName',
  'lastName',
  'userHandler',
  'pic',
  'bio',
  'link',
  'createdAt',
  'updatedAt',
  'postCount',
  'followerCount',
  'followingCount',
];
export const POST_KEYS = [
  '_id',
  'id',
  'userId',
  'author',
  'content',
  'pic',
  'picAlt',
  'pictures',
  'edited',
  'createdAt',
  'updatedAt',
  'likeCount',
  'dislikeCount',
  'commentCount',
  'repostCount',
];
export const AUTHOR_KEYS = ['_id', 'firstName', 'lastName', 'userHandler', 'pic'];

/** base64url of an ASCII text (to make cursors no list gave). */
export const base64url = (text: string): string => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
