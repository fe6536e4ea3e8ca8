import { useCallback } from 'react';
import type { Post } from '@social/mock-api/contract';
import { api, errorMessage, setPosts, toast } from '@social/shell/bus';
import { useDesiredState } from './useDesiredState';

export type ReactionChoice = 'like' | 'dislike' | 'none';

export interface Reaction {
  liked: boolean;
  disliked: boolean;
  likeCount: number;
  pending: boolean;
  like: () => void;
  dislike: () => void;
}

const choiceIn = (post: Post, myId: string | null): ReactionChoice => {
  if (!myId) return 'none';
  if (post.likes.likedBy.some((u) => u._id === myId)) return 'like';
  if (post.likes.dislikedBy.some((u) => u._id === myId)) return 'dislike';
  return 'none';
};

/**
 * Like and dislike of one post. The card shows the member's last choice at once; the calls
 * follow one at a time (a like takes back a dislike and the reverse, as the server does),
 * each answer replaces the shared posts list, and a refusal rolls back with its message.
 * There is no un-like from the card: choosing the reaction already chosen does nothing.
 */
export function useReaction(post: Post, myId: string | null): Reaction {
  const server = choiceIn(post, myId);
  const postId = post._id;
  const send = useCallback(
    async (to: ReactionChoice): Promise<ReactionChoice> => {
      if (to === 'none') return 'none'; // Never wished from the card (see above).
      const { posts } = to === 'like' ? await api.posts.like(postId) : await api.posts.dislike(postId);
      setPosts(posts);
      const fresh = posts.find((p) => p._id === postId);
      return fresh ? choiceIn(fresh, myId) : to;
    },
    [postId, myId],
  );
  const onError = useCallback((error: unknown) => toast('error', errorMessage(error)), []);
  const { value, pending, set } = useDesiredState<ReactionChoice>({ server, send, onError });

  // The count as the server will have it once the shown choice lands.
  let likeCount = post.likes.likeCount;
  if (value === 'like' && server !== 'like') likeCount += 1;
  if (value === 'dislike' && server === 'like') likeCount -= 1;

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
