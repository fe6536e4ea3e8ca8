/** /comments endpoints (mock-api/src/server/routes/comments.ts). A comment is "edited" only when its own text changes. */
import {
  addComment,
  commentText,
  deleteComment,
  editCommentWithReplies,
  upvoteComment,
  type Actor,
  type Operation,
  type Outcome,
} from '@social/mock-api/core';
import { perform } from '../live/log';
import { SqlCommentStore } from '../comment-store';
import { actorOf, created, ok, type Ctx } from '../kit';
import type { RouteKit } from './kit';
import { postAuthorOr404 } from '../v2/kit';

/** A comment operation in one transaction by the token holder, with its live events; v1 answers every post (SPEC §7). */
const commentWrite = (ctx: Ctx, operationOf: (store: SqlCommentStore, actor: Actor) => Operation<Outcome<unknown>>) =>
  ctx.tx(async (t) => {
    const caller = await t.caller();
    await perform(t.ex, operationOf(new SqlCommentStore(t.ex, ctx.origin), actorOf(ctx, caller)));
    return created({ posts: await t.render.posts() });
  });

export function commentRoutes(r: RouteKit): void {
  r.route('GET', '/comments/:postId', ({ params, tx }) =>
    tx(async (t) => {
      await postAuthorOr404(t.ex, params.postId);
      return ok({ comments: await t.render.comments(params.postId ?? '') });
    }),
  );

  r.route('POST', '/comments/add/:postId', (ctx) =>
    commentWrite(ctx, (store, actor) => addComment(store, actor, ctx.params.postId ?? '', () => commentText(ctx.body, 'commentData'))),
  );

  // Replies are added by editing the comment with an extended replies list (mock-api/src/core/reply-edits.ts).
  r.route('POST', '/comments/edit/:postId/:commentId', (ctx) =>
    commentWrite(ctx, (store, actor) =>
      editCommentWithReplies(store, actor, ctx.params.postId ?? '', ctx.params.commentId ?? '', ctx.body),
    ),
  );

  r.route('POST', '/comments/delete/:postId/:commentId', (ctx) =>
    commentWrite(ctx, (store, actor) => deleteComment(store, actor, ctx.params.commentId ?? '', ctx.params.postId ?? '')),
  );

  // A toggle: the first call adds the caller's vote, the next takes it back.
  r.route('POST', '/comments/upvote/:postId/:commentId', (ctx) =>
    commentWrite(ctx, (store, actor) => upvoteComment(store, actor, ctx.params.commentId ?? '', ctx.params.postId ?? '')),
  );
}
