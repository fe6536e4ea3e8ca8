import { useCallback } from 'react';
import type { MemberV2 } from '@social/mock-api/contract-v2';
import { api, errorMessage, toast, useAuth } from '@social/shell/bus';
import { putMe, putMember, queryClient } from '@social/shell/data';
import { useDesiredState } from './use-desired-state';

/**
 * Follow / unfollow one member (the feed's suggestions and the profile header use it). The
 * button shows the member's last choice at once; one call at a time goes out until the server
 * agrees; each answer ({ me, member }) is written into the cache, so both members' counts show
 * everywhere. Once settled, the home feed and both members' follow lists are read again (who I
 * follow decides my home feed). A refusal rolls back with its message and reloads the member,
 * whose copy may have been stale.
 */
export function useFollow(member: MemberV2, { onFailed }: { onFailed?: () => void } = {}) {
  const auth = useAuth();
  const myId = auth?.user._id ?? null;
  const targetId = member._id;
  const server = !!myId && !!member.viewerFollows;

  const send = useCallback(
    async (to: boolean): Promise<boolean> => {
      const answer = to ? await api.v2.members.follow(targetId) : await api.v2.members.unfollow(targetId);
      putMe(answer.me);
      putMember(answer.member);
      return !!answer.member.viewerFollows;
    },
    [targetId],
  );
  const onSettled = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['posts', 'feed', 'home'] });
    void queryClient.invalidateQueries({ queryKey: ['members', 'follow', targetId] });
    if (myId) void queryClient.invalidateQueries({ queryKey: ['members', 'follow', myId] });
  }, [targetId, myId]);
  const onError = useCallback(
    (error: unknown) => {
      toast('error', errorMessage(error));
      // The copy on screen may be stale (followed elsewhere): show what the server holds.
      api.v2.members
        .byId(targetId)
        .then(({ member: fresh }) => putMember(fresh))
        .catch(() => undefined);
      onFailed?.();
    },
    [onFailed, targetId],
  );
  const { value, pending, set } = useDesiredState<boolean>({ server, send, onError, onSettled });

  return {
    /** What to show: the member's last choice while it travels, else the server's. */
    following: value,
    /** What the cache holds now (to adjust counts by the difference). */
    followingOnServer: server,
    pending,
    toggle: () => {
      if (myId && myId !== targetId) set(!value);
    },
  };
}
