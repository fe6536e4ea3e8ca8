/** /comments endpoints (mock-api/src/server/routes/comments.ts). A comment is "edited" only when its own text changes. */
import { SERVER_ERRORS } from '@social/mock-api/contract';
import { fail } from '@social/mock-api/errors';
import { INPUT_MESSAGES, isObject, objectField, requiredText, TEXT_LIMITS } from '@social/mock-api/rules';
import { one, rows, sql, type Transaction } from '../db';
import { created, newId, ok } from '../kit';
import type { RouteKit } from './kit';
import { postAuthorOr404 } from './posts';

interface CommentRow {
  id: string;
  author_id: string;
  content: string;
}

async function commentOr404(ex: Transaction, postId: string, commentId: string | undefined): Promise<CommentRow> {
  const row = await one(
    ex,
    sql<CommentRow>`select id, author_id, content from comments where id = ${commentId ?? ''} and post_id = ${postId}`,
  );
  if (!row) throw fail.commentNotFound();
  return row;
}

function parseReplies(value: unknown): { _id: string; content: string }[] {
  if (!Array.isArray(value)) throw fail.badRequest(INPUT_MESSAGES.repliesList);
  const seen = new Set<string>();
  return value.map((item: unknown) => {
    if (!isObject(item) || typeof item._id !== 'string' || !item._id.trim()) throw fail.badRequest(INPUT_MESSAGES.repliesList);
    if (seen.has(item._id)) throw fail.badRequest(INPUT_MESSAGES.duplicateReply);
    seen.add(item._id);
    return { _id: item._id, content: requiredText(item.content, 'reply content', { max: TEXT_LIMITS.comment }) };
  });
}

export function commentRoutes(r: RouteKit): void {
  r.route('GET', '/comments/:postId', ({ params, tx }) =>
    tx(async (t) => {
      await postAuthorOr404(t.ex, params.postId);
      return ok({ comments: await t.render.comments(params.postId ?? '') });
    }),
  );

  r.route('POST', '/comments/add/:postId', ({ params, body, tx, now }) =>
    tx(async (t) => {
      const caller = await t.caller();
      await postAuthorOr404(t.ex, params.postId);
      const commentData = objectField(body, 'commentData');
      const content = requiredText(commentData.content, 'content', { max: TEXT_LIMITS.comment });
      await sql`insert into comments (id, post_id, author_id, content, created_iso, updated_iso)
        values (${newId()}, ${params.postId ?? ''}, ${caller.id}, ${content}, ${now}, ${now})`.execute(t.ex);
      return created({ posts: await t.render.posts() });
    }),
  );

  r.route('POST', '/comments/edit/:postId/:commentId', ({ params, body, tx, now }) =>
    tx(async (t) => {
      const caller = await t.caller();
      const postId = params.postId ?? '';
      await postAuthorOr404(t.ex, postId);
      const comment = await commentOr404(t.ex, postId, params.commentId);
      const commentData = objectField(body, 'commentData');
      const content = requiredText(commentData.content, 'content', { max: TEXT_LIMITS.comment });
      const sent = commentData.replies === undefined ? undefined : parseReplies(commentData.replies);
      const isAuthor = comment.author_id === caller.id;
      if (!isAuthor && content !== comment.content) throw fail.forbidden(SERVER_ERRORS.commentEditNotOwner);

      if (sent) {
        const old = await rows(
          t.ex,
          sql<{ id: string; author_id: string; content: string; created_iso: string; updated_iso: string | null; edited: boolean }>`
            select id, author_id, content, created_iso, updated_iso, edited from replies where comment_id = ${comment.id} order by position`,
        );
        const earlier = new Map(old.map((reply) => [reply.id, reply]));
        // A new reply is the caller's (whatever user the body names); earlier ones keep their authors.
        const next = sent.map((reply) => {
          const before = earlier.get(reply._id);
          if (!before)
            return { id: reply._id, author_id: caller.id, content: reply.content, created_iso: now, updated_iso: null, edited: false };
          if (before.content === reply.content) return before;
          if (before.author_id !== caller.id) throw fail.forbidden(INPUT_MESSAGES.replyEditNotOwner);
          return { ...before, content: reply.content, updated_iso: now, edited: true };
        });
        if (!isAuthor) {
          const appendsOnly = old.every((reply, i) => next[i]?.id === reply.id && next[i]?.content === reply.content);
          if (!appendsOnly) throw fail.forbidden(SERVER_ERRORS.commentEditNotOwner);
        }
        await sql`delete from replies where comment_id = ${comment.id}`.execute(t.ex);
        for (const [position, reply] of next.entries()) {
          await sql`insert into replies (comment_id, id, author_id, content, created_iso, updated_iso, edited, position)
            values (${comment.id}, ${reply.id}, ${reply.author_id}, ${reply.content}, ${reply.created_iso}, ${reply.updated_iso}, ${reply.edited}, ${position})`.execute(
            t.ex,
          );
        }
      }
      if (content !== comment.content) {
        await sql`update comments set content = ${content}, updated_iso = ${now}, edited = true where id = ${comment.id}`.execute(t.ex);
      }
      return created({ posts: await t.render.posts() });
    }),
  );

  r.route('POST', '/comments/delete/:postId/:commentId', ({ params, tx }) =>
    tx(async (t) => {
      const caller = await t.caller();
      const postId = params.postId ?? '';
      const postAuthor = await postAuthorOr404(t.ex, postId);
      const comment = await commentOr404(t.ex, postId, params.commentId);
      if (comment.author_id !== caller.id && postAuthor !== caller.id) throw fail.forbidden(SERVER_ERRORS.commentDeleteNotAllowed);
      await sql`delete from comments where id = ${comment.id}`.execute(t.ex);
      return created({ posts: await t.render.posts() });
    }),
  );

  // A toggle: the first call adds the caller's vote, the next takes it back.
  r.route('POST', '/comments/upvote/:postId/:commentId', ({ params, tx }) =>
    tx(async (t) => {
      const caller = await t.caller();
      const postId = params.postId ?? '';
      await postAuthorOr404(t.ex, postId);
      const comment = await commentOr404(t.ex, postId, params.commentId);
      const removed = await one(
        t.ex,
        sql`delete from comment_upvotes where comment_id = ${comment.id} and member_id = ${caller.id} returning 1`,
      );
      if (!removed)
        await sql`insert into comment_upvotes (comment_id, member_id) values (${comment.id}, ${caller.id}) on conflict do nothing`.execute(
          t.ex,
        );
      return created({ posts: await t.render.posts() });
    }),
  );
}
