/**
 * How the signed-in member stands with the member whose profile this is (blocking, muting),
 * and the calls that change it (docs/safety.md). The standing is the shell's query
 * (`useRelationship`), which the member's other pages keep up to date. Blocking ends follows
 * both ways, so the answer's two members go into the cache, and every list safety filters is
 * read again.
 */
import { useCallback } from 'react';
import type { RelationshipV2 } from '@social/mock-api/contract-v2';
import { api } from '@social/shell/bus';
import { putMe, putMember, putRelationship, refetchAfterSafetyChange, useRelationship as useStanding } from '@social/shell/data';

export interface Relationship {
  /** Null until the server answered (or when it could not). */
  relationship: RelationshipV2 | null;
  block(): Promise<void>;
  unblock(): Promise<void>;
  mute(seconds: number): Promise<void>;
  unmute(): Promise<void>;
}

export function useRelationship(memberId: string, signedIn: boolean): Relationship {
  const relationship = useStanding(memberId, signedIn);

  const blockAs = useCallback(
    async (blocking: boolean) => {
      const answer = blocking ? await api.v2.members.block(memberId) : await api.v2.members.unblock(memberId);
      putMe(answer.me);
      putMember(answer.member);
      putRelationship(memberId, answer.relationship);
      refetchAfterSafetyChange();
    },
    [memberId],
  );

  const muteAs = useCallback(
    async (seconds: number | null) => {
      const answer = seconds === null ? await api.v2.members.unmute(memberId) : await api.v2.members.mute(memberId, seconds);
      putRelationship(memberId, answer.relationship);
      refetchAfterSafetyChange();
    },
    [memberId],
  );

  return {
    relationship,
    block: () => blockAs(true),
    unblock: () => blockAs(false),
    mute: (seconds) => muteAs(seconds),
    unmute: () => muteAs(null),
  };
}
