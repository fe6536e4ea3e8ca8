/**
 * `@social/shell/data`: the product's server state (docs/data-layer.md). One QueryClient
 * (TanStack Query) for the page, shared as a Module Federation singleton; the keys; the read
 * hooks; and the writers that apply a write's answer to every list that shows the entity.
 *
 * It follows the bus: a logout (or another member signing in) empties the cache and deletes
 * Home's snapshot (./snapshot.ts: a returning member's first screen), so nothing private
 * outlives the session. Live events (./live, docs/live.md) update the cache in place:
 * one connection per page while a member is signed in. Another tab's change on the fake
 * backend (BACKEND_CHANGE_EVENT) also marks what is cached stale and refetches what is on
 * screen, except the post lists: their new posts wait behind "Show N new posts".
 */
import type { Query } from '@tanstack/react-query';
import { BACKEND_CHANGE_EVENT } from '@social/mock-api/contract';
import { auth$ } from '@social/shell/bus';
import { queryClient, queryKeys } from './client';
import { connectLive } from './live/connection';
import { forgetSnapshot, restoreSnapshot, saveSnapshot } from './snapshot';

export {
  queryClient,
  queryKeys,
  createQueryClient,
  retryRead,
  STALE_MS,
  type FeedMode,
  type FollowListKind,
  type MemberPostsTab,
} from './client';
export {
  appendComment,
  markAllRead,
  prependOwnPost,
  prependPost,
  putComment,
  putMe,
  putMember,
  putNotification,
  putPost,
  putRelationship,
  removeComment,
  removeNotification,
  removePost,
  removePostFrom,
  refetchAfterSafetyChange,
  seedMembers,
  seedPosts,
} from './cache';
export {
  feedPageSize,
  markNotificationsRead,
  prefetchFeed,
  prefetchSuggestedMembers,
  useComments,
  useDebounced,
  useFeed,
  useFollowList,
  useLikers,
  useMe,
  useMember,
  useMemberEntity,
  useMemberPosts,
  useMemberSearch,
  useNotifications,
  usePagedList,
  usePost,
  usePostEntity,
  useRelationship,
  useSuggestedMembers,
  useTagPosts,
  useUnreadNotifications,
  type PagedList,
} from './hooks';
export { applyLiveEvent, type LiveContext } from './live/apply';
export {
  connectLive,
  liveEventsUrl,
  openDefaultSource,
  REOPEN_DELAYS_MS,
  type LiveConnection,
  type LiveRequest,
  type LiveSource,
  type OpenSource,
} from './live/connection';
export { useLiveTopic, type LiveTopic } from './live/topics';
export { DELETED_POST_MESSAGE, POST_DELETED_NOTICE, isPostDeleted, markPostDeleted, postActionError, usePostDeleted } from './live/deleted';
export { addNewPost, clearNewPosts, newPostsOf, showNewPosts, useNewPosts } from './live/new-posts';

let sessionToken = auth$.value?.token ?? null;
// A returning member: Home as they last saw it, at once, asked again as it shows (./snapshot.ts).
restoreSnapshot(queryClient, auth$.value?.user._id);
auth$.subscribe((auth) => {
  const token = auth?.token ?? null;
  if (token === sessionToken) return;
  sessionToken = token;
  // Signed out, or someone else signed in: nothing of the previous session stays readable.
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.clear();
  forgetSnapshot();
});

if (typeof window !== 'undefined') {
  window.addEventListener(BACKEND_CHANGE_EVENT, () => {
    if (!auth$.value) return;
    // Post lists follow live events: a refetch would push new posts above what the member reads.
    const predicate = (query: Query) => query.queryKey[0] !== queryKeys.postLists[0];
    // A read under way may have read before the change: invalidating alone would keep it (TanStack
    // refetches a query still without data by joining its fetch), and its old answer would stay,
    // fresh, over the live event it arrives after. It is cancelled (put back) and read again.
    void queryClient
      .cancelQueries({ predicate, fetchStatus: 'fetching' })
      .catch(() => undefined)
      .then(() => queryClient.invalidateQueries({ predicate }));
  });
  // The page's one live connection, open while a member is signed in.
  connectLive(queryClient);
  // Home's snapshot is taken when the member leaves the page or switches away from it (a phone
  // may end a hidden page without a pagehide).
  const keepHome = () => saveSnapshot(queryClient, auth$.value?.user._id);
  window.addEventListener('pagehide', keepHome);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') keepHome();
  });
}
