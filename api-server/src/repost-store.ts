/**
 * The repost operations' store (mock-api/src/core/reposts.ts, RepostStore) on PostgreSQL: a
 * repost is a row of post_reposts (src/v2/reposts-schema.ts), one statement each way, whose
 * trigger moves posts.repost_count in the same statement, as a like moves like_count.
 */
import type { Change, ReposterKey, ReposterRow, RepostStore } from '@social/mock-api/core';
import { one, rows, sql } from './db';
import { SqlPostStore } from './post-store';
import { shownTo } from './safety-filters';
import { RendererV2 } from './v2/render';

export class SqlRepostStore extends SqlPostStore implements RepostStore {
  /** Inserts only for a post that exists, so a missing one never aborts the transaction the repost's notification shares. */
  async setRepost(memberId: string, postId: string, reposted: boolean, now: string): Promise<Change> {
    const changed = await one(
      this.ex,
      reposted
        ? sql`insert into post_reposts (post_id, member_id, created_at, created_iso)
            select id, ${memberId}, ${now}::timestamptz, ${now} from posts where id = ${postId}
            on conflict do nothing returning 1`
        : sql`delete from post_reposts where post_id = ${postId} and member_id = ${memberId} returning 1`,
    );
    if (changed) return 'changed';
    return (await one(this.ex, sql`select 1 from posts where id = ${postId}`)) ? 'same' : 'missing';
  }

  /** One range of post_reposts_by_post, then the members' rows (with the viewer's follow flags) in one query. */
  async readReposters(postId: string, after: ReposterKey | null, count: number, viewerId: string | null): Promise<ReposterRow[]> {
    const found = await rows(
      this.ex,
      sql<{ member_id: string; created_iso: string }>`select r.member_id, r.created_iso from post_reposts r
        where r.post_id = ${postId}
          ${after ? sql`and (r.created_at, r.member_id collate "C") < (${after[0]}::timestamptz, ${after[1]}::text collate "C")` : sql``}
          ${shownTo(viewerId, sql`r.member_id`)}
        order by r.created_at desc, r.member_id collate "C" desc limit ${count}`,
    );
    const members = await new RendererV2(this.ex, this.origin, viewerId ?? undefined).members(found.map((row) => row.member_id));
    const byId = new Map(members.map((member) => [member._id, member]));
    return found.flatMap((row) => {
      const member = byId.get(row.member_id);
      return member ? [{ member, at: row.created_iso }] : [];
    });
  }
}
