import { useCallback, useMemo } from 'react';
import type { Comment, Post, Reply, User } from '@social/mock-api/contract';
import { api, errorMessage, posts$, setPosts, toast } from '@social/shell/bus';
import { useDesiredState } from './useDesiredState';

/**
 * Upvote of one comment, a toggle on the server: shows the member's last choice at once and
 * sends one call at a time until the server agrees (so a double click ends where it started,
 * a triple click upvoted); each answer replaces the shared posts list; a refusal rolls back.
 */
export function useCommentUpvote(postId: string, comment: Comment, myId: string | null) {
  const commentId = comment._id;
  const server = !!myId && comment.votes.upvotedBy.some((u) => u._id === myId);
  const send = useCallback(
    async (to: boolean): Promise<boolean> => {
      const { posts } = await api.comments.upvote(postId, commentId);
      setPosts(posts);
      const fresh = posts.find((p) => p._id === postId)?.comments.find((c) => c._id === commentId);
      // A comment deleted meanwhile: nothing left to agree with.
      return fresh ? !!myId && fresh.votes.upvotedBy.some((u) => u._id === myId) : to;
    },
    [postId, commentId, myId],
  );
  const onError = useCallback((error: unknown) => toast('error', errorMessage(error)), []);
  const { value, pending, set } = useDesiredState<boolean>({ server, send, onError });
  const count = comment.votes.upvotedBy.length + (value === server ? 0 : value ? 1 : -1);
  return {
    upvoted: value,
    count,
    pending,
    toggle: () => {
      if (myId) set(!value);
    },
  };
}

/** A short id for a new reply: crypto.randomUUID where the browser has it (it needs a secure context). */
function newReplyId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The comment as the shared list holds it now (fresher than a rendered copy), else the given one. */
function latestComment(postId: string, comment: Comment): Comment {
  return posts$.value.allPosts.find((p) => p._id === postId)?.comments.find((c) => c._id === comment._id) ?? comment;
}

/**
 * Add, edit, reply to and delete the comments of one post. Each call's answer replaces the
 * shared posts list; a refusal shows the server's message. Each returns whether it was saved,
 * so a form keeps its text when it was not.
 */
export function useCommentMutations(postId: string) {
  return useMemo(() => {
    const run = async (call: () => Promise<{ posts: Post[] }>): Promise<boolean> => {
      try {
        const { posts } = await call();
        setPosts(posts);
        return true;
      } catch (error) {
        toast('error', errorMessage(error));
        return false;
      }
    };
    return {
      add: (content: string) => run(() => api.comments.add(postId, { content })),
      edit: (commentId: string, content: string) => run(() => api.comments.edit(postId, commentId, { content })),
      /**
       * A reply travels through the comment-edit call with the comment's text unchanged (the
       * server does not mark it edited). The text and replies sent are the freshest the shared
       * list holds, so a reply never reverts an edit that landed after this page rendered.
       */
      reply: (comment: Comment, me: User, content: string) => {
        const reply: Reply = {
          _id: newReplyId(),
          user: { _id: me._id, firstName: me.firstName, lastName: me.lastName, userHandler: me.userHandler, pic: me.pic },
          content,
          createdAt: new Date().toISOString(),
        };
        return run(() => {
          const current = latestComment(postId, comment);
          return api.comments.edit(postId, comment._id, { content: current.content, replies: [...current.replies, reply] });
        });
      },
      remove: (commentId: string) => run(() => api.comments.remove(postId, commentId)),
    };
  }, [postId]);
}
