/**
 * The post store of the hot writes (likes, dislikes, bookmarks, reposts): the core's combined steps
 * (mock-api/src/core/posts.ts, `writeFacts`, `applyReaction`, `applyBookmark`; core/reposts.ts,
 * `applyRepost`), each one
 * statement on the database itself, no transaction:
 * 1. the facts: the caller's session (kit.ts, callerQuery: what `caller()` would ask), the
 *    post's author, the block between them, whether the author's lists hide the caller, and the
 *    post as the caller sees it before the write;
 * 2. the write: one call of hot_react, hot_bookmark (./schema.ts) or hot_repost
 *    (./repost-schema.ts), atomic on its own, which
 *    also writes the change log's rows and the notice's outbox row, and answers the counts and
 *    the caller's own fields as it left them.
 * The answer is the post read in 1 with the counts and viewer fields of 2.
 */
import type { DeferredNotices, DomainEvent, Notice, PostRow, Reaction, WriteFacts, Written } from '@social/mock-api/core';
import { one, sql, type Executor } from '../db';
import { callerFrom, callerQuery, type Caller, type TokenClaim } from '../kit';
import { SqlRepostStore } from '../repost-store';
import { countHit, writeBudgetKey } from '../rate-limit-store';
import { hiddenSet } from '../safety-filters';
import { RendererV2, type PostColumns } from '../v2/render';
import { BudgetSpent, budgetHeaders } from './budget';

interface WrittenColumns {
  o_change: Written['change'];
  o_like_count: number;
  o_dislike_count: number;
  o_comment_count: number;
  o_reaction: 'like' | 'dislike' | null;
  o_bookmarked: boolean;
  /** hot_repost's: the count and the caller's repost as it left them (the others keep the facts' ones). */
  o_repost_count?: number;
  o_reposted?: boolean;
}

/** PostgreSQL's foreign-key-violation code: the post went between the facts and the write. */
const isMissingPost = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';

export class HotPostStore extends SqlRepostStore implements DeferredNotices {
  readonly defersNotices = true;
  /** The events its write steps wrote to the change log themselves (the route logs nothing else). */
  readonly logged: DomainEvent['kind'][] = [];
  /** The caller, once the facts have checked the session. */
  caller: Caller | undefined;
  private before: PostRow | null = null;

  constructor(
    private readonly db: Executor,
    origin: string,
    private readonly claim: TokenClaim,
    /** The member's write budget, counted by the facts' statement (none: not counted). */
    private readonly budget?: { max: number; windowMs: number },
  ) {
    super(db, origin);
  }

  /** The rate-limit headers of the answer, once the budget is counted. */
  budgetHeaders: Record<string, string> | undefined;

  /** One statement; 404 userNotFound or 401 badToken first, as `caller()` answers them. */
  async writeFacts(memberId: string, postId: string, now: string): Promise<WriteFacts> {
    const renderer = new RendererV2(this.db, this.origin, memberId);
    const row = await one(
      this.db,
      sql<{
        id: string | null;
        username: string | null;
        has_session: boolean | null;
        author_id: string | null;
        blocks: boolean | null;
        blocked_by: boolean | null;
        silenced: boolean | null;
        post: PostColumns | null;
        hits: number | null;
        ttl: number | null;
      }>`with budget as (${this.budget ? countHit(writeBudgetKey(this.claim.memberId), this.budget.windowMs) : sql`select null::int as hits, null::int as ttl`})
        select c.id, c.username, c.has_session, f.author_id, f.blocks, f.blocked_by, f.silenced, to_jsonb(pq) as post, budget.hits, budget.ttl
        from budget
        left join (${callerQuery(this.claim)}) c on true
        left join lateral (select p.author_id,
            exists (select 1 from blocks b where b.blocker_id = ${memberId} and b.blocked_id = p.author_id) as blocks,
            exists (select 1 from blocks b where b.blocker_id = p.author_id and b.blocked_id = ${memberId}) as blocked_by,
            ${memberId}::text in (${hiddenSet(sql`p.author_id`, sql`${now}::timestamptz`)}) as silenced
          from posts p where p.id = ${postId}) f on true
        left join lateral (${renderer.postQuery(sql`(select ${postId}::text as id, null::text as repost_by, null::text as repost_iso, 1 as n)`)}) pq on true`,
    );
    if (this.budget && row?.hits != null) {
      this.budgetHeaders = budgetHeaders(this.budget.max, row.hits, row.ttl ?? 0);
      // Over the budget: refused before anything else is looked at, as the rate-limit plugin refuses other writes.
      if (row.hits > this.budget.max)
        throw new BudgetSpent({ ...this.budgetHeaders, 'retry-after': String(Math.ceil((row.ttl ?? 0) / 1000)) });
    }
    this.caller = callerFrom(this.claim, row);
    this.before = row?.post ? renderer.postRow(row.post) : null;
    const author = row?.author_id ?? null;
    return {
      author,
      block: row?.blocks ? 'blocks' : row?.blocked_by ? 'blocked-by' : 'none',
      silenced: author !== null && !!row?.silenced,
    };
  }

  applyReaction(memberId: string, postId: string, kind: Reaction, notice: Notice | null): Promise<Written> {
    this.logged.push('post.counts', 'viewer.post');
    return this.written(
      sql<WrittenColumns>`select * from hot_react(${memberId}, ${postId}, ${kind}, ${notice && JSON.stringify(notice)}::jsonb)`,
    );
  }

  applyBookmark(memberId: string, postId: string, bookmarked: boolean): Promise<Written> {
    this.logged.push('viewer.post');
    return this.written(sql<WrittenColumns>`select * from hot_bookmark(${memberId}, ${postId}, ${bookmarked})`);
  }

  applyRepost(memberId: string, postId: string, reposted: boolean, now: string, notice: Notice | null): Promise<Written> {
    this.logged.push('post.counts', 'viewer.post');
    return this.written(
      sql<WrittenColumns>`select * from hot_repost(${memberId}, ${postId}, ${reposted}, ${now}, ${notice && JSON.stringify(notice)}::jsonb)`,
    );
  }

  private async written(call: ReturnType<typeof sql<WrittenColumns>>): Promise<Written> {
    let row: WrittenColumns | undefined;
    try {
      row = await one(this.db, call);
    } catch (error) {
      if (isMissingPost(error)) return { change: 'missing', post: null };
      throw error;
    }
    if (!row || row.o_change !== 'changed' || !this.before) return { change: row?.o_change ?? 'missing', post: null };
    return {
      change: 'changed',
      post: {
        ...this.before,
        likeCount: row.o_like_count,
        dislikeCount: row.o_dislike_count,
        commentCount: row.o_comment_count,
        repostCount: row.o_repost_count ?? this.before.repostCount,
        viewer: {
          reaction: row.o_reaction,
          bookmarked: row.o_bookmarked,
          reposted: row.o_reposted ?? this.before.viewer?.reposted ?? false,
        },
      },
    };
  }
}
