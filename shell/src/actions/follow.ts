import { useCallback } from 'react';
import { api, errorMessage, refreshUsers, setUsers, toast, useAuth, useUsers } from '@social/shell/bus';
import { useDesiredState } from './useDesiredState';

/**
 * Follow / unfollow one member (the feed's suggestions and the profile header use it). The
 * button shows the member's last choice at once; one call at a time goes out until the server
 * agrees; each answer replaces the shared members list (which refreshes the stored user). A
 * refusal rolls back with its message and reloads the list, whose copy may have been stale.
 */
export function useFollow(targetId: string, { onFailed }: { onFailed?: () => void } = {}) {
  const auth = useAuth();
  const { allUsers } = useUsers();
  const myId = auth?.user._id ?? null;
  // The freshest copy of me: the shared list, else the stored user.
  const me = allUsers.find((u) => u._id === myId) ?? auth?.user ?? null;
  const server = !!me && me.following.some((u) => u._id === targetId);

  const send = useCallback(
    async (to: boolean): Promise<boolean> => {
      const answer = to ? await api.users.follow(targetId) : await api.users.unfollow(targetId);
      setUsers(answer.allUsers);
      return answer.user.following.some((u) => u._id === targetId);
    },
    [targetId],
  );
  const onError = useCallback(
    (error: unknown) => {
      toast('error', errorMessage(error));
      refreshUsers().catch(() => undefined);
      onFailed?.();
    },
    [onFailed],
  );
  const { value, pending, set } = useDesiredState<boolean>({ server, send, onError });

  return {
    /** What to show: the member's last choice while it travels, else the server's. */
    following: value,
    /** What the shared list holds now (to adjust counts by the difference). */
    followingOnServer: server,
    pending,
    toggle: () => {
      if (myId && myId !== targetId) set(!value);
    },
  };
}
