/**
 * v2 comments and replies: a post's comments (oldest first), add, edit (author), delete (comment
 * or post author), upvote toggle; replies have their own calls with server-made ids.
 */
import { addComment, addReply, commentText, deleteComment, deleteReply, editComment, editReply, upvoteComment } from '../../core/comments';
import { LIST_TAGS } from '../../core/lists';
import { runNow } from '../../core/operation';
import type { Ctx } from '../backend';
import { MemoryCommentStore } from '../comment-store';
import { actorOf, answered, ok, v2Read, v2Write, type RouteKit } from '../routes/kit';
import { visiblePostOr404 } from '../../core/posts';
import { MemoryPostStore } from '../post-store';
import { hiddenFrom } from '../safety-filters';
import { forViewer, pageOfArrivals, postOr404, viewerOf } from './common';

const store = (ctx: Ctx) => new MemoryCommentStore(ctx);
const commentId = (ctx: Ctx) => ctx.params.commentId ?? '';
const replyId = (ctx: Ctx) => ctx.params.replyId ?? '';
const textOf = (ctx: Ctx, field: 'commentData' | 'replyData') => () => commentText(ctx.body, field);
const commentAnswer = <T>(comment: T) => ({ comment });

export function commentRoutesV2(r: RouteKit): void {
  // Comments and replies of members safety hides from the viewer are left out (docs/safety.md).
  v2Read(r, 'comments', (ctx) => {
    const post = postOr404(ctx.db, ctx.params.postId);
    const viewerId = viewerOf(ctx)?._id ?? null;
    runNow(visiblePostOr404(new MemoryPostStore(ctx), post._id, viewerId));
    const { hidden } = hiddenFrom(ctx.db, viewerId, ctx.now);
    const shown = post.comments.filter((c) => !hidden.has(c.userId));
    const page = pageOfArrivals(
      shown.map((c) => c._id),
      ctx.query,
      LIST_TAGS.comments,
      false,
    );
    const byId = new Map(shown.map((c) => [c._id, { ...c, replies: c.replies.filter((reply) => !hidden.has(reply.userId)) }]));
    const render = forViewer(ctx);
    return ok({ comments: page.ids.map((id) => render.comment(post, byId.get(id)!)), nextCursor: page.nextCursor });
  });

  v2Write(r, 'addComment', (ctx) =>
    answered(201, runNow(addComment(store(ctx), actorOf(ctx), ctx.params.postId ?? '', textOf(ctx, 'commentData'))), (result) => result),
  );
  v2Write(r, 'editComment', (ctx) =>
    answered(201, runNow(editComment(store(ctx), actorOf(ctx), commentId(ctx), textOf(ctx, 'commentData'))), commentAnswer),
  );
  v2Write(r, 'deleteComment', (ctx) => answered(200, runNow(deleteComment(store(ctx), actorOf(ctx), commentId(ctx))), (result) => result));
  v2Write(r, 'upvoteComment', (ctx) => answered(200, runNow(upvoteComment(store(ctx), actorOf(ctx), commentId(ctx))), commentAnswer));
  v2Write(r, 'addReply', (ctx) =>
    answered(201, runNow(addReply(store(ctx), actorOf(ctx), commentId(ctx), textOf(ctx, 'replyData'))), commentAnswer),
  );
  v2Write(r, 'editReply', (ctx) =>
    answered(201, runNow(editReply(store(ctx), actorOf(ctx), commentId(ctx), replyId(ctx), textOf(ctx, 'replyData'))), commentAnswer),
  );
  v2Write(r, 'deleteReply', (ctx) =>
    answered(200, runNow(deleteReply(store(ctx), actorOf(ctx), commentId(ctx), replyId(ctx))), commentAnswer),
  );
}
