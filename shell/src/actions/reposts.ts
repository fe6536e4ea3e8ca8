import { useCallback, useRef } from 'react';
import type { PostV2 } from '@social/mock-api/contract-v2';
import { api, toast, useAuth } from '@social/shell/bus';
import { postActionError, putPost, queryClient, queryKeys } from '@social/shell/data';
import { useDesiredState } from './use-desired-state';

/** The member's reposted posts move on their own profile tabs: those tabs are read again when next shown. */
function refreshOwnTabs(myId: string): void {
  for (const tab of ['posts', 'activities'] as const)
    void queryClient.invalidateQueries({ queryKey: queryKeys.memberPosts(myId, tab), refetchType: 'none' });
}

/**
 * Repost and undo repost of one post (docs/api.md, "Reposts and quotes"). Shows the member's
 * last choice at once, sends one call at a time until the server agrees, writes each answer into
 * the cache (the post's entry and every list showing it) and rolls back with the server's
 * message on a refusal. The count shown follows the choice, as a like's does.
 */
export function useRepost(post: PostV2) {
  const auth = useAuth();
  const myId = auth?.user._id ?? null;
  const postId = post._id;
  const server = !!myId && !!post.viewer?.reposted;
  const send = useCallback(
    async (to: boolean): Promise<boolean> => {
      const { post: fresh } = to ? await api.v2.posts.repost(postId) : await api.v2.posts.undoRepost(postId);
      putPost(fresh);
      if (myId) refreshOwnTabs(myId);
      return !!fresh.viewer?.reposted;
    },
    [postId, myId],
  );
  const onError = useCallback((error: unknown) => toast('error', postActionError(error, postId)), [postId]);
  const { value, pending, set } = useDesiredState<boolean>({ server, send, onError });

  // As for likes (./reactions.ts): a live count that already holds this repost is not counted twice.
  const madeAgainst = useRef<number | null>(null);
  // A post kept from before reposts (a saved snapshot of the feed) has no count: none yet.
  const stored = post.repostCount ?? 0;
  if (value === server) madeAgainst.current = null;
  else madeAgainst.current ??= stored;
  let repostCount = stored;
  if (madeAgainst.current === stored && value !== server) repostCount += value ? 1 : -1;

  return {
    reposted: value,
    repostCount: Math.max(0, repostCount),
    pending,
    toggle: () => {
      if (myId) set(!value);
    },
  };
}
