/**
 * The comment operations' store (mock-api/src/core/comments.ts, CommentStore) on PostgreSQL.
 * Every comment operation runs in one transaction (api-server/src/v2/kit.ts, `write`): reading a
 * comment's replies locks the comment's row until it commits, so two replies added at once cannot
 * pass the cap, and two v1 edits at once each see the other's replies. The counts move in the
 * triggers of src/v2/schema.ts.
 */
import type { CommentRef, CommentRow, CommentStore, ExistingReply, ReplyEdit } from '@social/mock-api/core';
import { one, rows, sql } from './db';
import { newId } from './kit';
import { dropMentionsOfGoneReplies } from './notification-store';
import { SqlPostStore } from './post-store';
import { RendererV2 } from './v2/render';

export class SqlCommentStore extends SqlPostStore implements CommentStore {
  async commentRef(commentId: string, postId?: string): Promise<CommentRef | null> {
    const row = await one(
      this.ex,
      sql<{ id: string; post_id: string; author_id: string; post_author_id: string; content: string }>`
        select c.id, c.post_id, c.author_id, p.author_id as post_author_id, c.content
        from comments c join posts p on p.id = c.post_id
        where c.id = ${commentId} ${postId === undefined ? sql`` : sql`and c.post_id = ${postId}`}`,
    );
    return row
      ? { id: row.id, postId: row.post_id, authorId: row.author_id, postAuthorId: row.post_author_id, content: row.content }
      : null;
  }

  async repliesOf(commentId: string): Promise<ExistingReply[]> {
    await sql`select 1 from comments where id = ${commentId} for update`.execute(this.ex);
    const found = await rows(
      this.ex,
      sql<{
        id: string;
        author_id: string;
        content: string;
      }>`select id, author_id, content from replies where comment_id = ${commentId} order by position`,
    );
    return found.map((r) => ({ id: r.id, authorId: r.author_id, content: r.content }));
  }

  async insertComment(postId: string, authorId: string, content: string, now: string): Promise<string> {
    const id = newId();
    await sql`insert into comments (id, post_id, author_id, content, created_iso, updated_iso)
      values (${id}, ${postId}, ${authorId}, ${content}, ${now}, ${now})`.execute(this.ex);
    return id;
  }

  async setCommentText(commentId: string, content: string, now: string): Promise<void> {
    await sql`update comments set content = ${content}, updated_iso = ${now}, edited = true where id = ${commentId}`.execute(this.ex);
  }

  async deleteComment(commentId: string): Promise<void> {
    await sql`delete from comments where id = ${commentId}`.execute(this.ex);
  }

  async toggleUpvote(commentId: string, memberId: string): Promise<boolean> {
    const removed = await one(
      this.ex,
      sql`delete from comment_upvotes where comment_id = ${commentId} and member_id = ${memberId} returning 1`,
    );
    if (removed) return false;
    await sql`insert into comment_upvotes (comment_id, member_id) values (${commentId}, ${memberId}) on conflict do nothing`.execute(
      this.ex,
    );
    return true;
  }

  async insertReply(commentId: string, authorId: string, content: string, now: string): Promise<string> {
    const id = newId();
    await sql`insert into replies (comment_id, id, author_id, content, created_iso, updated_iso, position)
      values (${commentId}, ${id}, ${authorId}, ${content}, ${now}, ${now},
        (select coalesce(max(position), -1) + 1 from replies where comment_id = ${commentId}))`.execute(this.ex);
    return id;
  }

  async setReplyText(commentId: string, replyId: string, content: string, now: string): Promise<void> {
    await sql`update replies set content = ${content}, updated_iso = ${now}, edited = true
      where comment_id = ${commentId} and id = ${replyId}`.execute(this.ex);
  }

  async deleteReply(commentId: string, replyId: string): Promise<void> {
    await sql`delete from replies where comment_id = ${commentId} and id = ${replyId}`.execute(this.ex);
    await dropMentionsOfGoneReplies(this.ex, commentId);
  }

  /** The list is written again in its new order (a comment holds at most LIMITS.maxRepliesPerComment). */
  async replaceReplies(commentId: string, plan: ReplyEdit[], authorId: string, now: string): Promise<void> {
    const old = await rows(
      this.ex,
      sql<{ id: string; author_id: string; content: string; created_iso: string; updated_iso: string | null; edited: boolean }>`
        select id, author_id, content, created_iso, updated_iso, edited from replies where comment_id = ${commentId} order by position`,
    );
    const next = plan.map((item) => {
      if ('added' in item)
        return { id: item.added._id, author_id: authorId, content: item.added.content, created_iso: now, updated_iso: null, edited: false };
      const before = old[item.kept]!;
      return before.content === item.content ? before : { ...before, content: item.content, updated_iso: now, edited: true };
    });
    await sql`delete from replies where comment_id = ${commentId}`.execute(this.ex);
    for (const [position, reply] of next.entries()) {
      await sql`insert into replies (comment_id, id, author_id, content, created_iso, updated_iso, edited, position)
        values (${commentId}, ${reply.id}, ${reply.author_id}, ${reply.content}, ${reply.created_iso}, ${reply.updated_iso}, ${reply.edited}, ${position})`.execute(
        this.ex,
      );
    }
    await dropMentionsOfGoneReplies(this.ex, commentId);
  }

  async readComment(commentId: string, viewerId: string | null): Promise<CommentRow | null> {
    return (await new RendererV2(this.ex, this.origin, viewerId ?? undefined).commentRows([commentId]))[0] ?? null;
  }
}
