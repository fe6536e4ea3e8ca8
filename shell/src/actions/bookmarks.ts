import { useCallback } from 'react';
import { CLIENT_MESSAGES } from '@social/mock-api/contract';
import type { PostV2 } from '@social/mock-api/contract-v2';
import { api, toast, useAuth } from '@social/shell/bus';
import { postActionError, putPost, queryClient, queryKeys, removePostFrom } from '@social/shell/data';
import { useDesiredState } from './use-desired-state';

/**
 * Save / remove saved for one post. Shows the member's last choice at once, sends one call at
 * a time until the server agrees, writes each answer ({ post } with viewer.bookmarked) into the
 * cache, keeps the member's BOOKMARKED tab in step, toasts once the last choice is saved, and
 * rolls back with the server's message on a refusal.
 */
export function useBookmark(post: PostV2) {
  const auth = useAuth();
  const myId = auth?.user._id ?? null;
  const postId = post._id;
  const server = !!myId && !!post.viewer?.bookmarked;

  const send = useCallback(
    async (to: boolean): Promise<boolean> => {
      const { post: fresh } = to ? await api.v2.posts.bookmark(postId) : await api.v2.posts.removeBookmark(postId);
      putPost(fresh);
      if (myId) {
        const tab = queryKeys.memberPosts(myId, 'bookmarks');
        // Out of the tab at once; a new bookmark comes on top with the tab's next read.
        if (!fresh.viewer?.bookmarked) removePostFrom(postId, tab);
        else void queryClient.invalidateQueries({ queryKey: tab });
        void queryClient.invalidateQueries({ queryKey: queryKeys.me, refetchType: 'none' });
      }
      return !!fresh.viewer?.bookmarked;
    },
    [postId, myId],
  );
  const onError = useCallback((error: unknown) => toast('error', postActionError(error, postId)), [postId]);
  const onSettled = useCallback(
    (saved: boolean) => toast('success', saved ? CLIENT_MESSAGES.bookmarkAdded : CLIENT_MESSAGES.bookmarkRemoved),
    [],
  );
  const { value, pending, set } = useDesiredState<boolean>({ server, send, onError, onSettled });

  return {
    saved: value,
    pending,
    toggle: () => {
      if (myId) set(!value);
    },
  };
}
