import { useCallback, useMemo, useRef } from 'react';
import type { CommentV2 } from '@social/mock-api/contract-v2';
import { api, toast } from '@social/shell/bus';
import { appendComment, postActionError, putComment, putPost, removeComment } from '@social/shell/data';
import { useDesiredState } from './use-desired-state';

/**
 * Upvote of one comment, a toggle on the server: shows the member's last choice at once and
 * sends one call at a time until the server agrees (so a double click ends where it started,
 * a triple click upvoted); each answer ({ comment }) is written into the cache; a refusal rolls back.
 */
export function useCommentUpvote(comment: CommentV2, myId: string | null) {
  const commentId = comment._id;
  const server = !!myId && !!comment.viewerUpvoted;
  const send = useCallback(async (): Promise<boolean> => {
    const { comment: fresh } = await api.v2.comments.upvote(commentId);
    putComment(fresh);
    return !!fresh.viewerUpvoted;
  }, [commentId]);
  const onError = useCallback((error: unknown) => toast('error', postActionError(error, comment.postId)), [comment.postId]);
  const { value, pending, set } = useDesiredState<boolean>({ server, send, onError });
  // As for likes (./reactions.ts): once a live event moved the count from the one the click was
  // made against, it is the server's count (this upvote included) and is shown as is.
  const madeAgainst = useRef<number | null>(null);
  if (value === server) madeAgainst.current = null;
  else madeAgainst.current ??= comment.upvoteCount;
  const count = comment.upvoteCount + (value === server || madeAgainst.current !== comment.upvoteCount ? 0 : value ? 1 : -1);
  return {
    upvoted: value,
    count,
    pending,
    toggle: () => {
      if (myId) set(!value);
    },
  };
}

/**
 * Add, edit and delete the comments of one post, and their replies. Each answer is written
 * into the cache (the comment, and the post's new counts where the answer has them); a refusal
 * shows the server's message. Each returns whether it was saved, so a form keeps its text when
 * it was not.
 */
export function useCommentMutations(postId: string) {
  return useMemo(() => {
    const run = async (call: () => Promise<void>): Promise<boolean> => {
      try {
        await call();
        return true;
      } catch (error) {
        toast('error', postActionError(error, postId));
        return false;
      }
    };
    return {
      add: (content: string) =>
        run(async () => {
          const { comment, post } = await api.v2.comments.add(postId, content);
          putPost(post);
          appendComment(comment);
        }),
      edit: (commentId: string, content: string) =>
        run(async () => {
          const { comment } = await api.v2.comments.edit(commentId, content);
          putComment(comment);
        }),
      remove: (commentId: string) =>
        run(async () => {
          const { post } = await api.v2.comments.remove(commentId);
          removeComment(postId, commentId);
          putPost(post);
        }),
      /** A reply: its own call (the server gives it its id), so it never touches the comment's text. */
      reply: (comment: CommentV2, content: string) =>
        run(async () => {
          putComment((await api.v2.comments.reply(comment._id, content)).comment);
        }),
      editReply: (commentId: string, replyId: string, content: string) =>
        run(async () => {
          putComment((await api.v2.comments.editReply(commentId, replyId, content)).comment);
        }),
      removeReply: (commentId: string, replyId: string) =>
        run(async () => {
          putComment((await api.v2.comments.removeReply(commentId, replyId)).comment);
        }),
    };
  }, [postId]);
}
