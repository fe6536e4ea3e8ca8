/**
 * /v2 comments and replies. A post's comments are a keyset page, oldest first
 * (comments_by_post: post_id, seq); each comment carries all its replies. Writes answer the
 * comment (and, when the post's comment count changed, the post).
 */
import { SERVER_ERRORS } from '@social/mock-api/contract';
import { V2_ERRORS } from '@social/mock-api/contract-v2';
import { fail, HttpError } from '@social/mock-api/errors';
import { assertRoomForReply } from '@social/mock-api/reply-edits';
import { objectField, requiredText, TEXT_LIMITS } from '@social/mock-api/rules';
import { one, rows, sql, type Executor } from '../db';
import { created, newId, ok, type Answer } from '../kit';
import type { RouteKit } from '../routes/kit';
import { param, postAuthorOr404, read, route, write, type WriteTx } from './kit';
import { LIST_TAGS, pageFrom, pageRequest, type ListKey } from '@social/mock-api/core';

const COMMENTS_LIST: ListKey = { tag: LIST_TAGS.comments, shape: ['int'] };

interface CommentRow {
  id: string;
  post_id: string;
  author_id: string;
  post_author_id: string;
}

async function commentOr404(ex: Executor, commentId: string): Promise<CommentRow> {
  const row = await one(
    ex,
    sql<CommentRow>`select c.id, c.post_id, c.author_id, p.author_id as post_author_id from comments c join posts p on p.id = c.post_id where c.id = ${commentId}`,
  );
  if (!row) throw fail.commentNotFound();
  return row;
}

async function replyOr404(ex: Executor, commentId: string, replyId: string): Promise<{ author_id: string }> {
  const row = await one(ex, sql<{ author_id: string }>`select author_id from replies where comment_id = ${commentId} and id = ${replyId}`);
  if (!row) throw new HttpError(404, V2_ERRORS.replyNotFound);
  return row;
}

const contentOf = (body: Record<string, unknown>, field: 'commentData' | 'replyData') =>
  requiredText(objectField(body, field).content, 'content', { max: TEXT_LIMITS.comment });

async function answerComment(t: WriteTx, commentId: string, status: 200 | 201): Promise<Answer> {
  const comment = await t.v2.comment(commentId);
  if (!comment) throw fail.commentNotFound();
  return status === 201 ? created({ comment }) : ok({ comment });
}

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
    write(ctx, async (t) => {
      const postId = param(ctx, 'postId');
      await postAuthorOr404(t.ex, postId);
      const content = contentOf(ctx.body, 'commentData');
      const id = newId();
      await sql`insert into comments (id, post_id, author_id, content, created_iso, updated_iso)
        values (${id}, ${postId}, ${t.me.id}, ${content}, ${ctx.now}, ${ctx.now})`.execute(t.ex);
      return created({ comment: await t.v2.comment(id), post: await t.v2.post(postId) });
    }),
  );

  route(r, 'editComment', (ctx) =>
    write(ctx, async (t) => {
      const comment = await commentOr404(t.ex, param(ctx, 'commentId'));
      if (comment.author_id !== t.me.id) throw fail.forbidden(SERVER_ERRORS.commentEditNotOwner);
      const content = contentOf(ctx.body, 'commentData');
      await sql`update comments set content = ${content}, updated_iso = ${ctx.now}, edited = true where id = ${comment.id} and content <> ${content}`.execute(
        t.ex,
      );
      return answerComment(t, comment.id, 201);
    }),
  );

  route(r, 'deleteComment', (ctx) =>
    write(ctx, async (t) => {
      const comment = await commentOr404(t.ex, param(ctx, 'commentId'));
      if (comment.author_id !== t.me.id && comment.post_author_id !== t.me.id) throw fail.forbidden(SERVER_ERRORS.commentDeleteNotAllowed);
      await sql`delete from comments where id = ${comment.id}`.execute(t.ex);
      return ok({ commentId: comment.id, post: await t.v2.post(comment.post_id) });
    }),
  );

  // A toggle: the first call adds the caller's vote, the next takes it back.
  route(r, 'upvoteComment', (ctx) =>
    write(ctx, async (t) => {
      const comment = await commentOr404(t.ex, param(ctx, 'commentId'));
      const removed = await one(
        t.ex,
        sql`delete from comment_upvotes where comment_id = ${comment.id} and member_id = ${t.me.id} returning 1`,
      );
      if (!removed)
        await sql`insert into comment_upvotes (comment_id, member_id) values (${comment.id}, ${t.me.id}) on conflict do nothing`.execute(
          t.ex,
        );
      return answerComment(t, comment.id, 200);
    }),
  );

  route(r, 'addReply', (ctx) =>
    write(ctx, async (t) => {
      const comment = await commentOr404(t.ex, param(ctx, 'commentId'));
      const content = contentOf(ctx.body, 'replyData');
      // The comment's row lock makes the count and the insert one step (no two adds past the cap).
      const held = await one(
        t.ex,
        sql<{
          n: number;
        }>`select (select count(*)::int from replies where comment_id = c.id) as n from comments c where c.id = ${comment.id} for update`,
      );
      assertRoomForReply(held?.n ?? 0);
      await sql`insert into replies (comment_id, id, author_id, content, created_iso, updated_iso, position)
        values (${comment.id}, ${newId()}, ${t.me.id}, ${content}, ${ctx.now}, ${ctx.now},
          (select coalesce(max(position), -1) + 1 from replies where comment_id = ${comment.id}))`.execute(t.ex);
      return answerComment(t, comment.id, 201);
    }),
  );

  route(r, 'editReply', (ctx) =>
    write(ctx, async (t) => {
      const comment = await commentOr404(t.ex, param(ctx, 'commentId'));
      const replyId = param(ctx, 'replyId');
      const reply = await replyOr404(t.ex, comment.id, replyId);
      if (reply.author_id !== t.me.id) throw fail.forbidden(V2_ERRORS.replyEditNotOwner);
      const content = contentOf(ctx.body, 'replyData');
      await sql`update replies set content = ${content}, updated_iso = ${ctx.now}, edited = true where comment_id = ${comment.id} and id = ${replyId} and content <> ${content}`.execute(
        t.ex,
      );
      return answerComment(t, comment.id, 201);
    }),
  );

  route(r, 'deleteReply', (ctx) =>
    write(ctx, async (t) => {
      const comment = await commentOr404(t.ex, param(ctx, 'commentId'));
      const replyId = param(ctx, 'replyId');
      const reply = await replyOr404(t.ex, comment.id, replyId);
      if (reply.author_id !== t.me.id && comment.post_author_id !== t.me.id) throw fail.forbidden(V2_ERRORS.replyDeleteNotAllowed);
      await sql`delete from replies where comment_id = ${comment.id} and id = ${replyId}`.execute(t.ex);
      return answerComment(t, comment.id, 200);
    }),
  );
}
