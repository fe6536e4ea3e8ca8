/**
 * /v2 comments and replies, bound to the core's operations (mock-api/src/core/comments.ts) on
 * SqlCommentStore. A post's comments are a keyset page, oldest first (comments_by_post:
 * post_id, seq); each comment carries all its replies. Writes answer the comment (and, when the
 * post's comment count changed, the post).
 */
import {
  addComment,
  addReply,
  commentText,
  deleteComment,
  deleteReply,
  editComment,
  editReply,
  LIST_TAGS,
  pageFrom,
  pageRequest,
  upvoteComment,
  type ListKey,
} from '@social/mock-api/core';
import { rows, sql } from '../db';
import { SqlCommentStore } from '../comment-store';
import { created, ok, type Ctx } from '../kit';
import type { RouteKit } from '../routes/kit';
import { param, postAuthorOr404, read, route, write } from './kit';

const COMMENTS_LIST: ListKey = { tag: LIST_TAGS.comments, shape: ['int'] };

const textOf = (ctx: Ctx, field: 'commentData' | 'replyData') => () => commentText(ctx.body, field);

export function commentRoutesV2(r: RouteKit): void {
  route(r, 'comments', (ctx) => {
    const request = pageRequest(ctx.query, COMMENTS_LIST);
    const { limit, after } = request;
    return read(ctx, async (t) => {
      const postId = param(ctx, 'postId');
      await postAuthorOr404(t.ex, postId);
      const list = await rows(
        t.ex,
        sql<{ id: string; seq: string }>`select c.id, c.seq::text as seq from comments c
          where c.post_id = ${postId} ${after ? sql`and c.seq > ${after[0]}::bigint` : sql``}
          order by c.seq limit ${limit + 1}`,
      );
      const page = pageFrom(list, request, (row) => [Number(row.seq)]);
      return ok({ comments: await t.v2.comments(page.items.map((c) => c.id)), nextCursor: page.nextCursor });
    });
  });

  route(r, 'addComment', (ctx) =>
    write(ctx, async (t) =>
      created(
        (await t.perform(addComment(new SqlCommentStore(t.ex, ctx.origin), t.actor, param(ctx, 'postId'), textOf(ctx, 'commentData'))))
          .result,
      ),
    ),
  );
  route(r, 'editComment', (ctx) =>
    write(ctx, async (t) => {
      const store = new SqlCommentStore(t.ex, ctx.origin);
      return created({
        comment: (await t.perform(editComment(store, t.actor, param(ctx, 'commentId'), textOf(ctx, 'commentData')))).result,
      });
    }),
  );
  route(r, 'deleteComment', (ctx) =>
    write(ctx, async (t) =>
      ok((await t.perform(deleteComment(new SqlCommentStore(t.ex, ctx.origin), t.actor, param(ctx, 'commentId')))).result),
    ),
  );
  // A toggle: the first call adds the caller's vote, the next takes it back.
  route(r, 'upvoteComment', (ctx) =>
    write(ctx, async (t) =>
      ok({ comment: (await t.perform(upvoteComment(new SqlCommentStore(t.ex, ctx.origin), t.actor, param(ctx, 'commentId')))).result }),
    ),
  );
  route(r, 'addReply', (ctx) =>
    write(ctx, async (t) => {
      const store = new SqlCommentStore(t.ex, ctx.origin);
      return created({ comment: (await t.perform(addReply(store, t.actor, param(ctx, 'commentId'), textOf(ctx, 'replyData')))).result });
    }),
  );
  route(r, 'editReply', (ctx) =>
    write(ctx, async (t) => {
      const store = new SqlCommentStore(t.ex, ctx.origin);
      const outcome = await t.perform(editReply(store, t.actor, param(ctx, 'commentId'), param(ctx, 'replyId'), textOf(ctx, 'replyData')));
      return created({ comment: outcome.result });
    }),
  );
  route(r, 'deleteReply', (ctx) =>
    write(ctx, async (t) => {
      const store = new SqlCommentStore(t.ex, ctx.origin);
      return ok({ comment: (await t.perform(deleteReply(store, t.actor, param(ctx, 'commentId'), param(ctx, 'replyId')))).result });
    }),
  );
}
