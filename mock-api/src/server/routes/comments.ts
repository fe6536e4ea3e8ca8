/**
 * /comments endpoints (client: mock-api/src/client.ts). Replies are added by editing the parent comment with an
 * extended replies list, so that edit is open to every signed-in member, within limits:
 * - the comment's author may change its content and their own replies, never another member's;
 * - anyone else may only append their reply; the content and earlier replies stay as they are
 *   (the rule, with its caps, is ../../core/reply-edits.ts).
 * A reply's author is always taken from the server's records or, for a new reply, from the
 * token: a client-sent `user` is never trusted.
 */
import { addComment, commentText, deleteComment, editCommentWithReplies, upvoteComment } from '../../core/comments';
import { runNow } from '../../core/operation';
import type { Ctx } from '../backend';
import { MemoryCommentStore } from '../comment-store';
import { actorOf, created, ok, type RouteKit } from './kit';
import { postOr404 } from './posts';

const store = (ctx: Ctx) => new MemoryCommentStore(ctx);

/** Every write answers every post (SPEC §7); the rules are the core's (../../core/comments.ts). */
export function commentRoutes(r: RouteKit): void {
  r.read('get', '/comments/:postId', ({ db, params, render }) => {
    const post = postOr404(db, params.postId);
    return ok({ comments: post.comments.map((c) => render.comment(post._id, c)) });
  });

  r.write('post', '/comments/add/:postId', (ctx) => {
    const { events } = runNow(addComment(store(ctx), actorOf(ctx), ctx.params.postId ?? '', () => commentText(ctx.body, 'commentData')));
    return created({ posts: ctx.render.posts() }, events);
  });

  r.write('post', '/comments/edit/:postId/:commentId', (ctx) => {
    const { params } = ctx;
    const { events } = runNow(editCommentWithReplies(store(ctx), actorOf(ctx), params.postId ?? '', params.commentId ?? '', ctx.body));
    return created({ posts: ctx.render.posts() }, events);
  });

  r.write('post', '/comments/delete/:postId/:commentId', (ctx) => {
    const { events } = runNow(deleteComment(store(ctx), actorOf(ctx), ctx.params.commentId ?? '', ctx.params.postId ?? ''));
    return created({ posts: ctx.render.posts() }, events);
  });

  // A toggle: the first call adds the caller's vote, the next takes it back.
  r.write('post', '/comments/upvote/:postId/:commentId', (ctx) => {
    const { events } = runNow(upvoteComment(store(ctx), actorOf(ctx), ctx.params.commentId ?? '', ctx.params.postId ?? ''));
    return created({ posts: ctx.render.posts() }, events);
  });
}
