/** /comments endpoints (mock-api/src/server/routes/comments.ts). A comment is "edited" only when its own text changes. */
import { SERVER_ERRORS } from '@social/mock-api/contract';
import { fail } from '@social/mock-api/errors';
import { parseSentReplies, repliesAfterEdit } from '@social/mock-api/reply-edits';
import { objectField, requiredText, TEXT_LIMITS } from '@social/mock-api/rules';
import { one, rows, sql, type Transaction } from '../db';
import { created, newId, ok } from '../kit';
import type { RouteKit } from './kit';
import { postAuthorOr404 } from '../v2/kit';

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
      const sent = commentData.replies === undefined ? undefined : parseSentReplies(commentData.replies);
      const isAuthor = comment.author_id === caller.id;
      if (!isAuthor && content !== comment.content) throw fail.forbidden(SERVER_ERRORS.commentEditNotOwner);

      if (sent) {
        // Held until commit: two edits at once each see the other's replies (none lost, the cap kept).
        await sql`select 1 from comments where id = ${comment.id} for update`.execute(t.ex);
        const old = await rows(
          t.ex,
          sql<{ id: string; author_id: string; content: string; created_iso: string; updated_iso: string | null; edited: boolean }>`
            select id, author_id, content, created_iso, updated_iso, edited from replies where comment_id = ${comment.id} order by position`,
        );
        // The rule (mock-api/src/server/reply-edits.ts): others' replies stay; a new reply is the caller's.
        const plan = repliesAfterEdit(
          old.map((reply) => ({ id: reply.id, authorId: reply.author_id, content: reply.content })),
          sent,
          caller.id,
          isAuthor,
        );
        // A reply whose text changed is marked edited by the edit itself.
        const next = plan.map((item) => {
          if ('added' in item)
            return {
              id: item.added._id,
              author_id: caller.id,
              content: item.added.content,
              created_iso: now,
              updated_iso: null,
              edited: false,
            };
          const before = old[item.kept]!;
          return before.content === item.content ? before : { ...before, content: item.content, updated_iso: now, edited: true };
        });
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
