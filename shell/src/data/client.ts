/**
 * The one QueryClient of the page and the keys of everything it holds (docs/data-layer.md).
 * Shared as a Module Federation singleton (`@social/shell/data`), so every app reads and writes
 * the same cache; the hooks pass this client explicitly, so they need no provider above them.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@social/shell/bus';
import type { PostSort } from '@social/mock-api/contract';

/** Reads are fresh for this long; then a mount, focus or reconnect refetches them. */
export const STALE_MS = 30_000;

/**
 * A read is tried once more after a failure the server might not repeat (network, 5xx); a
 * refusal (4xx: not found, bad token) is final at once.
 */
export function retryRead(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_MS, refetchOnWindowFocus: true, refetchOnReconnect: true, retry: retryRead },
      // A write is never repeated behind the member's back: the actions roll back and say why.
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

export type FeedMode = 'home' | 'explore';
export type MemberPostsTab = 'posts' | 'bookmarks' | 'activities';
export type FollowListKind = 'followers' | 'following';

/**
 * Query keys. Entities are cached once, by id ('post', 'member', 'me'); lists are pages under
 * two prefixes, 'posts' (every list of posts) and 'members' (every list of members), so a
 * write's answer can be applied to every list that shows the entity (./cache.ts).
 */
export const queryKeys = {
  post: (postId: string) => ['post', postId] as const,
  member: (memberId: string) => ['member', memberId] as const,
  /** handle (lower case) → the member's _id; the member itself is under queryKeys.member. */
  memberHandle: (handle: string) => ['member-handle', handle.toLowerCase()] as const,
  me: ['me'] as const,
  comments: (postId: string) => ['comments', postId] as const,
  postLists: ['posts'] as const,
  feed: (mode: FeedMode, sort: PostSort) => ['posts', 'feed', mode, sort] as const,
  memberPosts: (memberId: string, tab: MemberPostsTab) => ['posts', 'member', memberId, tab] as const,
  /** A tag's posts; `tag` normalised (`@social/mock-api/text`), so #Orbit and #orbit share one list. */
  tagPosts: (tag: string) => ['posts', 'tag', tag] as const,
  tagLists: ['posts', 'tag'] as const,
  memberLists: ['members'] as const,
  followList: (memberId: string, kind: FollowListKind) => ['members', 'follow', memberId, kind] as const,
  likers: (postId: string) => ['members', 'likers', postId] as const,
  suggested: ['members', 'suggested'] as const,
  search: (query: string) => ['members', 'search', query] as const,
  /** How the signed-in member stands with a member (blocking, muting: docs/safety.md). */
  relationship: (memberId: string) => ['relationship', memberId] as const,
  /** The member's notifications, newest first (pages), and their stored unread count. */
  notifications: ['notifications', 'list'] as const,
  unreadNotifications: ['notifications', 'unread'] as const,
};
