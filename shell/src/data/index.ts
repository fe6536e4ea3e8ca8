/**
 * `@social/shell/data`: the product's server state (docs/data-layer.md). One QueryClient
 * (TanStack Query) for the page, shared as a Module Federation singleton; the keys; the read
 * hooks; and the writers that apply a write's answer to every list that shows the entity.
 *
 * It follows the bus: a logout (or another member signing in) empties the cache, so nothing
 * private outlives the session; another tab's change (the fake backend's
 * BACKEND_CHANGE_EVENT) marks everything stale and refetches what is on screen.
 */
import { BACKEND_CHANGE_EVENT } from '@social/mock-api/contract';
import { auth$ } from '@social/shell/bus';
import { queryClient } from './client';

export { queryClient, queryKeys, createQueryClient, retryRead, STALE_MS, type FeedMode, type FollowListKind, type MemberPostsTab } from './client';
export {
  appendComment,
  prependPost,
  putComment,
  putMe,
  putMember,
  putPost,
  removeComment,
  removePost,
  removePostFrom,
  seedMembers,
  seedPosts,
} from './cache';
export {
  feedPageSize,
  prefetchFeed,
  useComments,
  useDebounced,
  useFeed,
  useFollowList,
  useMe,
  useMember,
  useMemberEntity,
  useMemberPosts,
  useMemberSearch,
  usePost,
  usePostEntity,
  useSuggestedMembers,
  type PagedList,
} from './hooks';

let sessionToken = auth$.value?.token ?? null;
auth$.subscribe((auth) => {
  const token = auth?.token ?? null;
  if (token === sessionToken) return;
  sessionToken = token;
  // Signed out, or someone else signed in: nothing of the previous session stays readable.
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.clear();
});

if (typeof window !== 'undefined') {
  window.addEventListener(BACKEND_CHANGE_EVENT, () => {
    if (auth$.value) void queryClient.invalidateQueries();
  });
}
