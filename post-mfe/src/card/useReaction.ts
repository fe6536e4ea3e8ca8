import { useRef, useState } from 'react';
import type { Post } from '@social/mock-api/contract';
import { api, errorMessage, setPosts, toast } from '@social/shell/bus';

type Choice = 'like' | 'dislike';

/**
 * Like and dislike that feel instant: the choice shows at once (local state), then the card
 * settles to the server's list, or goes back to what it was with the server's refusal as a toast.
 */
export function useReaction(post: Post, myId: string | null) {
  const [pending, setPending] = useState<Choice | null>(null);
  // A ref as well as state: a second click in the same frame must see the first one.
  const busyRef = useRef(false);

  const likedOnServer = !!myId && post.likes.likedBy.some((u) => u._id === myId);
  const dislikedOnServer = !!myId && post.likes.dislikedBy.some((u) => u._id === myId);

  let liked = likedOnServer;
  let disliked = dislikedOnServer;
  let likeCount = post.likes.likeCount;
  // Mirror the server's rule (mock-api/src/server/routes/posts.ts): a like takes back a dislike; a dislike takes back a like.
  if (pending === 'like' && !likedOnServer) {
    liked = true;
    disliked = false;
    likeCount += 1;
  } else if (pending === 'dislike' && !dislikedOnServer) {
    disliked = true;
    if (likedOnServer) likeCount -= 1;
    liked = false;
  }

  const react = async (choice: Choice) => {
    if (!myId || busyRef.current) return;
    // No un-like from the card: a chosen reaction is inactive.
    if ((choice === 'like' && liked) || (choice === 'dislike' && disliked)) return;
    busyRef.current = true;
    setPending(choice);
    try {
      const { posts } = choice === 'like' ? await api.posts.like(post._id) : await api.posts.dislike(post._id);
      setPosts(posts);
    } catch (error) {
      toast('error', errorMessage(error));
    } finally {
      // Batched with setPosts: the card goes from the optimistic view straight to the server's.
      busyRef.current = false;
      setPending(null);
    }
  };

  return {
    liked,
    disliked,
    likeCount,
    busy: pending !== null,
    like: () => react('like'),
    dislike: () => react('dislike'),
  };
}
