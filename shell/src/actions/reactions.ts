import { useCallback, useRef } from 'react';
import type { PostV2 } from '@social/mock-api/contract-v2';
import { api, toast } from '@social/shell/bus';
import { postActionError, putPost } from '@social/shell/data';
import { useDesiredState } from './use-desired-state';

export type ReactionChoice = 'like' | 'dislike' | 'none';

export interface Reaction {
  liked: boolean;
  disliked: boolean;
  likeCount: number;
  pending: boolean;
  like: () => void;
  dislike: () => void;
}

const choiceIn = (post: PostV2): ReactionChoice => post.viewer?.reaction ?? 'none';

/**
 * Like and dislike of one post. The card shows the member's last choice at once; the calls
 * follow one at a time (a like takes back a dislike and the reverse, as the server does),
 * each answer ({ post }) is written into the query cache (the post's entry and every list
 * showing it), and a refusal rolls back with its message.
 * There is no un-like from the card: choosing the reaction already chosen does nothing.
 */
export function useReaction(post: PostV2, myId: string | null): Reaction {
  const server = myId ? choiceIn(post) : 'none';
  const postId = post._id;
  const send = useCallback(
    async (to: ReactionChoice): Promise<ReactionChoice> => {
      if (to === 'none') return 'none'; // Never wished from the card (see above).
      const { post: fresh } = to === 'like' ? await api.v2.posts.like(postId) : await api.v2.posts.dislike(postId);
      putPost(fresh);
      return choiceIn(fresh);
    },
    [postId],
  );
  const onError = useCallback((error: unknown) => toast('error', postActionError(error, postId)), [postId]);
  const { value, pending, set } = useDesiredState<ReactionChoice>({ server, send, onError });

  // The count as the server will have it once the shown choice lands. A live event may bring
  // the server's new count (this very like included) before the answer: once the count moved
  // from the one the choice was made against, it is shown as is, never counted twice.
  const madeAgainst = useRef<number | null>(null);
  if (value === server) madeAgainst.current = null;
  else madeAgainst.current ??= post.likeCount;
  let likeCount = post.likeCount;
  if (madeAgainst.current === post.likeCount) {
    if (value === 'like' && server !== 'like') likeCount += 1;
    if (value === 'dislike' && server === 'like') likeCount -= 1;
  }

  return {
    liked: value === 'like',
    disliked: value === 'dislike',
    likeCount,
    pending,
    like: () => {
      if (myId) set('like');
    },
    dislike: () => {
      if (myId) set('dislike');
    },
  };
}
