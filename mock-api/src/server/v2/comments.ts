/**
 * v2 comments and replies: a post's comments (oldest first), add, edit (author), delete (comment
 * or post author), upvote toggle; replies have their own calls with server-made ids.
 */
import { SERVER_ERRORS } from '../../contract';
import { V2_ERRORS, type CommentV2 } from '../../contract-v2';
import { fail } from '../errors';
import { created, ok, type RouteKit } from '../routes/kit';
import type { StoredComment, StoredPost } from '../store';
import { newId } from '../time';
import { assertRoomForReply } from '../reply-edits';
import { objectField, requiredText, TEXT_LIMITS } from '../validate';
import { LIST_TAGS } from '../../core/lists';
import { asCaller, commentOr404, forViewer, pageOfArrivals, postOr404, replyOr404, type V2Renderer } from './common';
import { markEdited, withEditMarks } from './edited';

const contentOf = (body: Record<string, unknown>, field: 'commentData' | 'replyData') =>
  requiredText(objectField(body, field).content, 'content', { max: TEXT_LIMITS.comment });

/** A comment as every answer here gives it: with its edit marks (./edited.ts). */
const answerOf = (render: V2Renderer, post: StoredPost, comment: StoredComment): CommentV2 =>
  withEditMarks(render.comment(post, comment), comment);

export function commentRoutesV2(r: RouteKit): void {
  r.read('get', '/v2/posts/:postId/comments', (ctx) => {
    const post = postOr404(ctx.db, ctx.params.postId);
    const page = pageOfArrivals(
      post.comments.map((c) => c._id),
      ctx.query,
      LIST_TAGS.comments,
      false,
    );
    const byId = new Map(post.comments.map((c) => [c._id, c]));
    const render = forViewer(ctx);
    return ok({ comments: page.ids.map((id) => answerOf(render, post, byId.get(id)!)), nextCursor: page.nextCursor });
  });

  r.write('post', '/v2/posts/:postId/comments', (ctx) => {
    const { me, render } = asCaller(ctx);
    const post = postOr404(ctx.db, ctx.params.postId);
    const content = contentOf(ctx.body, 'commentData');
    const comment: StoredComment = {
      _id: newId(),
      userId: me._id,
      content,
      upvotedBy: [],
      replies: [],
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
    post.comments.push(comment);
    return created({ comment: answerOf(render, post, comment), post: render.post(post) });
  });

  r.write('post', '/v2/comments/edit/:commentId', (ctx) => {
    const { me, render } = asCaller(ctx);
    const { post, comment } = commentOr404(ctx.db, ctx.params.commentId);
    const content = contentOf(ctx.body, 'commentData');
    if (comment.userId !== me._id) throw fail.forbidden(SERVER_ERRORS.commentEditNotOwner);
    if (content !== comment.content) {
      comment.updatedAt = ctx.now;
      markEdited(comment);
    }
    comment.content = content;
    return created({ comment: answerOf(render, post, comment) });
  });

  r.write('delete', '/v2/comments/:commentId', (ctx) => {
    const { me, render } = asCaller(ctx);
    const { post, comment } = commentOr404(ctx.db, ctx.params.commentId);
    if (comment.userId !== me._id && post.userId !== me._id) throw fail.forbidden(SERVER_ERRORS.commentDeleteNotAllowed);
    post.comments = post.comments.filter((c) => c !== comment);
    return ok({ commentId: comment._id, post: render.post(post) });
  });

  // A toggle: the first call adds the caller's vote, the next takes it back.
  r.write('post', '/v2/comments/upvote/:commentId', (ctx) => {
    const { me, render } = asCaller(ctx);
    const { post, comment } = commentOr404(ctx.db, ctx.params.commentId);
    comment.upvotedBy = comment.upvotedBy.includes(me._id)
      ? comment.upvotedBy.filter((id) => id !== me._id)
      : [...comment.upvotedBy, me._id];
    return ok({ comment: answerOf(render, post, comment) });
  });

  r.write('post', '/v2/comments/:commentId/replies', (ctx) => {
    const { me, render } = asCaller(ctx);
    const { post, comment } = commentOr404(ctx.db, ctx.params.commentId);
    const content = contentOf(ctx.body, 'replyData');
    assertRoomForReply(comment.replies.length);
    comment.replies.push({ _id: newId(), userId: me._id, content, createdAt: ctx.now });
    return created({ comment: answerOf(render, post, comment) });
  });

  r.write('post', '/v2/comments/:commentId/replies/edit/:replyId', (ctx) => {
    const { me, render } = asCaller(ctx);
    const { post, comment } = commentOr404(ctx.db, ctx.params.commentId);
    const reply = replyOr404(comment, ctx.params.replyId);
    const content = contentOf(ctx.body, 'replyData');
    if (reply.userId !== me._id) throw fail.forbidden(V2_ERRORS.replyEditNotOwner);
    if (content !== reply.content) {
      reply.updatedAt = ctx.now;
      markEdited(reply);
    }
    reply.content = content;
    return created({ comment: answerOf(render, post, comment) });
  });

  r.write('delete', '/v2/comments/:commentId/replies/:replyId', (ctx) => {
    const { me, render } = asCaller(ctx);
    const { post, comment } = commentOr404(ctx.db, ctx.params.commentId);
    const reply = replyOr404(comment, ctx.params.replyId);
    if (reply.userId !== me._id && post.userId !== me._id) throw fail.forbidden(V2_ERRORS.replyDeleteNotAllowed);
    comment.replies = comment.replies.filter((x) => x !== reply);
    return ok({ comment: answerOf(render, post, comment) });
  });
}
