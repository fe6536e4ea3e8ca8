import { useCallback } from 'react';
import { CLIENT_MESSAGES } from '@social/mock-api/contract';
import { api, auth$, errorMessage, toast, updateAuthUser, useAuth } from '@social/shell/bus';
import { useDesiredState } from './useDesiredState';

/**
 * Save / remove saved for one post. Shows the member's last choice at once, sends one call at
 * a time until the server agrees, keeps the stored user's bookmarks in step with each answer,
 * toasts once the last choice is saved, and rolls back with the server's message on a refusal.
 */
export function useBookmark(postId: string) {
  const auth = useAuth();
  const myId = auth?.user._id ?? null;
  const server = !!auth && auth.user.bookmarks.includes(postId);

  const send = useCallback(
    async (to: boolean): Promise<boolean> => {
      const { bookmarks } = to ? await api.users.bookmark(postId) : await api.users.removeBookmark(postId);
      // The freshest stored user: another change (a follow, a profile edit) may have landed meanwhile.
      const current = auth$.value?.user;
      if (current && current._id === myId) updateAuthUser({ ...current, bookmarks });
      return bookmarks.includes(postId);
    },
    [postId, myId],
  );
  const onError = useCallback((error: unknown) => toast('error', errorMessage(error)), []);
  const onSettled = useCallback((saved: boolean) => toast('success', saved ? CLIENT_MESSAGES.bookmarkAdded : CLIENT_MESSAGES.bookmarkRemoved), []);
  const { value, pending, set } = useDesiredState<boolean>({ server, send, onError, onSettled });

  return {
    saved: value,
    pending,
    toggle: () => {
      if (myId) set(!value);
    },
  };
}
