/**
 * How the signed-in member stands with the member whose profile this is (blocking, muting),
 * and the calls that change it (docs/safety.md). Blocking ends follows both ways, so the answer's
 * two members go into the cache, and every list safety filters is read again.
 */
import { useCallback, useEffect, useState } from 'react';
import type { RelationshipV2 } from '@social/mock-api/contract-v2';
import { api } from '@social/shell/bus';
import { putMe, putMember, refetchAfterSafetyChange } from '@social/shell/data';

export interface Relationship {
  /** Null until the server answered (or when it could not). */
  relationship: RelationshipV2 | null;
  block(): Promise<void>;
  unblock(): Promise<void>;
  mute(seconds: number): Promise<void>;
  unmute(): Promise<void>;
}

export function useRelationship(memberId: string, signedIn: boolean): Relationship {
  const [relationship, setRelationship] = useState<RelationshipV2 | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    api.v2.members
      .relationship(memberId)
      .then((answer) => current && setRelationship(answer.relationship))
      // Without it the menu offers Mute and Block, which the server answers for itself.
      .catch(() => current && setRelationship({ blocking: false, muting: false, mutedUntil: null }));
    return () => {
      current = false;
    };
  }, [memberId, signedIn]);

  const blockAs = useCallback(
    async (blocking: boolean) => {
      const answer = blocking ? await api.v2.members.block(memberId) : await api.v2.members.unblock(memberId);
      putMe(answer.me);
      putMember(answer.member);
      setRelationship(answer.relationship);
      refetchAfterSafetyChange();
    },
    [memberId],
  );

  const muteAs = useCallback(
    async (seconds: number | null) => {
      const answer = seconds === null ? await api.v2.members.unmute(memberId) : await api.v2.members.mute(memberId, seconds);
      setRelationship(answer.relationship);
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
