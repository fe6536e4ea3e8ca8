/**
 * /comments endpoints (client: mock-api/src/client.ts). Replies are added by editing the parent comment with an
 * extended replies list, so that edit is open to every signed-in member, within limits:
 * - the comment's author may change its content and their own replies, never another member's;
 * - anyone else may only append their reply; the content and earlier replies stay as they are
 *   (the rule, with its caps, is ../reply-edits.ts, shared with api-server).
 * A reply's author is always taken from the server's records or, for a new reply, from the
 * token: a client-sent `user` is never trusted.
 */
import { SERVER_ERRORS } from '../../contract';
import { fail } from '../errors';
import type { StoredComment, StoredPost, StoredReply } from '../store';
import { newId } from '../time';
import { parseSentReplies, repliesAfterEdit } from '../reply-edits';
import { objectField, requiredText, TEXT_LIMITS } from '../validate';
import { markEdited } from '../v2/edited';
import { created, ok, type RouteKit } from './kit';
import { postOr404 } from './posts';

function commentOr404(post: StoredPost, commentId: string | undefined): StoredComment {
  const comment = post.comments.find((c) => c._id === commentId);
  if (!comment) throw fail.commentNotFound();
  return comment;
}

export function commentRoutes(r: RouteKit): void {
  r.read('get', '/comments/:postId', ({ db, params, render }) => {
    const post = postOr404(db, params.postId);
    return ok({ comments: post.comments.map((c) => render.comment(post._id, c)) });
  });

  r.write('post', '/comments/add/:postId', ({ db, params, body, caller, render, now }) => {
    const user = caller();
    const post = postOr404(db, params.postId);
    const commentData = objectField(body, 'commentData');
    const content = requiredText(commentData.content, 'content', { max: TEXT_LIMITS.comment });
    post.comments.push({ _id: newId(), userId: user._id, content, upvotedBy: [], replies: [], createdAt: now, updatedAt: now });
    return created({ posts: render.posts() });
  });

  r.write('post', '/comments/edit/:postId/:commentId', ({ db, params, body, caller, render, now }) => {
    const user = caller();
    const post = postOr404(db, params.postId);
    const comment = commentOr404(post, params.commentId);
    const commentData = objectField(body, 'commentData');
    const content = requiredText(commentData.content, 'content', { max: TEXT_LIMITS.comment });
    const sent = commentData.replies === undefined ? undefined : parseSentReplies(commentData.replies);
    const isAuthor = comment.userId === user._id;
    if (!isAuthor && content !== comment.content) throw fail.forbidden(SERVER_ERRORS.commentEditNotOwner);

    let replies = comment.replies;
    if (sent) {
      // The rule (../reply-edits.ts): others' replies stay; a new reply is the caller's.
      const plan = repliesAfterEdit(
        comment.replies.map((reply) => ({ id: reply._id, authorId: reply.userId, content: reply.content })),
        sent,
        user._id,
        isAuthor,
      );
      // A reply whose text changed is marked edited by the edit itself (../v2/edited.ts).
      replies = plan.map((item): StoredReply => {
        if ('added' in item) return { _id: item.added._id, userId: user._id, content: item.added.content, createdAt: now };
        const old = comment.replies[item.kept]!;
        if (old.content === item.content) return old;
        const edited = { ...old, content: item.content, updatedAt: now };
        markEdited(edited);
        return edited;
      });
    }
    // Only a change of its own text marks the comment "(edited)" (../v2/edited.ts), not a reply.
    if (content !== comment.content) {
      comment.updatedAt = now;
      markEdited(comment);
    }
    comment.content = content;
    comment.replies = replies;
    return created({ posts: render.posts() });
  });

  r.write('post', '/comments/delete/:postId/:commentId', ({ db, params, caller, render }) => {
    const user = caller();
    const post = postOr404(db, params.postId);
    const comment = commentOr404(post, params.commentId);
    if (comment.userId !== user._id && post.userId !== user._id) throw fail.forbidden(SERVER_ERRORS.commentDeleteNotAllowed);
    post.comments = post.comments.filter((c) => c !== comment);
    return created({ posts: render.posts() });
  });

  // A toggle: the first call adds the caller's vote, the next takes it back.
  r.write('post', '/comments/upvote/:postId/:commentId', ({ db, params, caller, render }) => {
    const user = caller();
    const post = postOr404(db, params.postId);
    const comment = commentOr404(post, params.commentId);
    comment.upvotedBy = comment.upvotedBy.includes(user._id)
      ? comment.upvotedBy.filter((id) => id !== user._id)
      : [...comment.upvotedBy, user._id];
    return created({ posts: render.posts() });
  });
}
