/**
 * Safety on PostgreSQL (mock-api/src/core/safety.ts, SafetyStore; tables: src/safety-schema.ts;
 * what lists hide: src/safety-filters.ts). docs/safety.md
 */
import type { AuthorV2, RelationshipV2, ReportV2 } from '@social/mock-api/contract-v2';
import type { Change, NewReport, ReportRef, SafetyListRow, SafetyStore } from '@social/mock-api/core';
import type { RawBuilder } from 'kysely';
import { one, rows, sql, type Executor } from './db';
import { picUrl } from './images';
import { newId } from './kit';
import { SqlMemberStore } from './member-store';
import { SqlPostStore } from './post-store';
import { hasRole } from './roles';
import { authorV2, type AuthorColumns } from './v2/render';

interface ReportColumns {
  id: string;
  seq: string;
  reason: ReportV2['reason'];
  details: string;
  created_iso: string;
  status: ReportV2['status'];
  decided_iso: string | null;
  post_id: string | null;
  p_content: string | null;
  p_pic_url: string | null;
  p_pic_image_id: string | null;
  p_pic_alt: string | null;
  p_created_iso: string | null;
  /** The reporter, the reported member and the moderator, as AuthorV2 fields in JSON. */
  reporter: AuthorColumns;
  member: AuthorColumns;
  moderator: AuthorColumns | null;
}
/** A member as JSON with the author columns (v2/render.ts, AuthorColumns). */
const authorJson = (alias: string) =>
  sql.raw(`json_build_object('a_id', ${alias}.id, 'a_first_name', ${alias}.first_name, 'a_last_name', ${alias}.last_name,
    'a_user_handler', ${alias}.user_handler, 'a_pic_url', ${alias}.pic_url, 'a_pic_image_id', ${alias}.pic_image_id)`);

export class SqlSafetyStore extends SqlMemberStore implements SafetyStore {
  readonly posts: SqlPostStore;

  /** `ex`: a transaction for writes (a block ends follows; a removal deletes a post and its picture). */
  constructor(
    private readonly db: Executor,
    private readonly base: string,
  ) {
    super(db, base);
    this.posts = new SqlPostStore(db, base);
  }

  /** A role granted to this member (src/roles.ts), read on every call: a revocation applies at once. */
  isModerator(memberId: string): Promise<boolean> {
    return hasRole(this.db, memberId, 'moderator');
  }

  async setBlock(
    blockerId: string,
    blockedId: string,
    blocking: boolean,
    now: string,
  ): Promise<{ change: Change; endedFollows: { followerId: string; followeeId: string }[] }> {
    if (!blocking) {
      const gone = await one(this.db, sql`delete from blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId} returning 1`);
      return { change: gone ? 'changed' : 'same', endedFollows: [] };
    }
    const added = await one(
      this.db,
      sql`insert into blocks (blocker_id, blocked_id, created_at, created_iso) values (${blockerId}, ${blockedId}, ${now}::timestamptz, ${now})
        on conflict do nothing returning 1`,
    );
    if (!added) return { change: 'same', endedFollows: [] };
    // The counts move in the follow triggers (src/v2/schema.ts).
    const ended = await rows(
      this.db,
      sql<{ follower_id: string; followee_id: string }>`delete from follows
        where (follower_id = ${blockerId} and followee_id = ${blockedId}) or (follower_id = ${blockedId} and followee_id = ${blockerId})
        returning follower_id, followee_id`,
    );
    if (ended.length > 0) await sql`update members set updated_iso = ${now} where id in (${blockerId}, ${blockedId})`.execute(this.db);
    return { change: 'changed', endedFollows: ended.map((f) => ({ followerId: f.follower_id, followeeId: f.followee_id })) };
  }

  async setMute(muterId: string, mutedId: string, until: string | null, now: string): Promise<void> {
    await sql`insert into mutes (muter_id, muted_id, created_at, created_iso, until, until_iso)
      values (${muterId}, ${mutedId}, ${now}::timestamptz, ${now}, ${until}::timestamptz, ${until})
      on conflict (muter_id, muted_id) do update set created_at = excluded.created_at, created_iso = excluded.created_iso,
        until = excluded.until, until_iso = excluded.until_iso`.execute(this.db);
  }

  async removeMute(muterId: string, mutedId: string, now: string): Promise<Change> {
    const gone = await one(
      this.db,
      sql<{ in_force: boolean }>`delete from mutes where muter_id = ${muterId} and muted_id = ${mutedId}
        returning (until is null or until > ${now}::timestamptz) as in_force`,
    );
    return gone?.in_force ? 'changed' : 'same';
  }

  async relationship(memberId: string, otherId: string, now: string): Promise<RelationshipV2> {
    const row = await one(
      this.db,
      sql<{ blocking: boolean; muting: boolean; until_iso: string | null }>`select
        exists (select 1 from blocks where blocker_id = ${memberId} and blocked_id = ${otherId}) as blocking,
        mu.muter_id is not null as muting, mu.until_iso
      from (select 1) one
      left join mutes mu on mu.muter_id = ${memberId} and mu.muted_id = ${otherId} and (mu.until is null or mu.until > ${now}::timestamptz)`,
    );
    return { blocking: row?.blocking ?? false, muting: row?.muting ?? false, mutedUntil: row?.muting ? row.until_iso : null };
  }

  async readSafetyList(
    kind: 'blocks' | 'mutes',
    memberId: string,
    after: [string, string] | null,
    count: number,
    now: string,
  ): Promise<SafetyListRow[]> {
    if (kind === 'blocks') {
      const found = await rows(
        this.db,
        sql<{ id: string; at: string }>`select b.blocked_id as id, b.created_iso as at from blocks b where b.blocker_id = ${memberId}
          ${after ? sql`and (b.created_at, b.blocked_id collate "C") < (${after[0]}::timestamptz, ${after[1]}::text collate "C")` : sql``}
          order by b.created_at desc, b.blocked_id collate "C" desc limit ${count}`,
      );
      return found.map((row) => ({ memberId: row.id, at: row.at }));
    }
    const found = await rows(
      this.db,
      sql<{ id: string; at: string; until_iso: string | null }>`select mu.muted_id as id, mu.created_iso as at, mu.until_iso from mutes mu
        where mu.muter_id = ${memberId} and (mu.until is null or mu.until > ${now}::timestamptz)
        ${after ? sql`and (mu.created_at, mu.muted_id collate "C") < (${after[0]}::timestamptz, ${after[1]}::text collate "C")` : sql``}
        order by mu.created_at desc, mu.muted_id collate "C" desc limit ${count}`,
    );
    return found.map((row) => ({ memberId: row.id, at: row.at, until: row.until_iso }));
  }

  /** Locks the reporter's row first: reports of one member at once are counted one after the other (reports_by_reporter). */
  async reportsSentSince(reporterId: string, since: string): Promise<number> {
    await sql`select 1 from members where id = ${reporterId} for update`.execute(this.db);
    const row = await one(
      this.db,
      sql<{
        sent: number;
      }>`select count(*)::int as sent from reports where reporter_id = ${reporterId} and created_at > ${since}::timestamptz`,
    );
    return row?.sent ?? 0;
  }

  /** One open report per reporter and post, or member: reports_open_once_* (two at once: the second does nothing). */
  async insertReport(report: NewReport): Promise<string | null> {
    const id = newId();
    const stored = await one(
      this.db,
      sql<{ id: string }>`insert into reports (id, reporter_id, member_id, post_id, kind, reason, details, created_at, created_iso)
        values (${id}, ${report.reporterId}, ${report.memberId}, ${report.postId}, ${report.postId === null ? 'member' : 'post'},
          ${report.reason}, ${report.details}, ${report.now}::timestamptz, ${report.now})
        on conflict do nothing returning id`,
    );
    return stored?.id ?? null;
  }

  async reportRef(reportId: string): Promise<ReportRef | null> {
    const row = await one(
      this.db,
      sql<{
        id: string;
        member_id: string;
        post_id: string | null;
        status: ReportRef['status'];
      }>`select id, member_id, post_id, status from reports where id = ${reportId}
        for update`,
    );
    return row ? { id: row.id, memberId: row.member_id, postId: row.post_id, status: row.status } : null;
  }

  async decideReport(reportId: string, status: 'removed' | 'dismissed', moderatorId: string, now: string): Promise<void> {
    await sql`update reports set status = ${status}, decided_by = ${moderatorId}, decided_iso = ${now}
      where status = 'open' and (id = ${reportId}
        or (${status} = 'removed' and post_id = (select post_id from reports where id = ${reportId})))`.execute(this.db);
  }

  private reportQuery(where: RawBuilder<unknown>, limit: number) {
    return sql<ReportColumns>`select r.id, r.seq::text as seq, r.reason, r.details, r.created_iso, r.status, r.decided_iso, r.post_id,
        p.content as p_content, p.pic_url as p_pic_url, p.pic_image_id as p_pic_image_id, p.pic_alt as p_pic_alt,
        p.created_iso as p_created_iso,
        ${authorJson('rm')} as reporter, ${authorJson('mm')} as member,
        case when dm.id is null then null else ${authorJson('dm')} end as moderator
      from reports r
      join members rm on rm.id = r.reporter_id
      join members mm on mm.id = r.member_id
      left join members dm on dm.id = r.decided_by
      left join posts p on p.id = r.post_id
      where ${where}
      order by r.seq limit ${limit}`;
  }

  private author(row: AuthorColumns): AuthorV2 {
    return authorV2(this.base, row);
  }

  private reportV2(r: ReportColumns): ReportV2 {
    return {
      _id: r.id,
      reason: r.reason,
      details: r.details,
      createdAt: r.created_iso,
      reporter: this.author(r.reporter),
      member: this.author(r.member),
      post:
        r.post_id === null || r.p_content === null
          ? null
          : {
              _id: r.post_id,
              content: r.p_content,
              pic: picUrl(this.base, r.p_pic_url ?? '', r.p_pic_image_id),
              picAlt: r.p_pic_alt ?? '',
              createdAt: r.p_created_iso ?? '',
            },
      status: r.status,
      decidedBy: r.moderator ? this.author(r.moderator) : null,
      decidedAt: r.decided_iso,
    };
  }

  /** reports_by_member. */
  async openReportsAbout(memberId: string): Promise<number> {
    const row = await one(
      this.db,
      sql<{ open: number }>`select count(*)::int as open from reports
        where member_id = ${memberId} and status = 'open' and (kind = 'member' or post_id is not null)`,
    );
    return row?.open ?? 0;
  }

  /** Whether a moderator other than `memberId` holds the role (member_roles_by_role). */
  async otherModerators(memberId: string): Promise<boolean> {
    const row = await one(
      this.db,
      sql<{ found: boolean }>`select exists (select 1 from member_roles
        where role = 'moderator' and member_id <> ${memberId}) as found`,
    );
    return row?.found ?? false;
  }

  async readReport(reportId: string): Promise<ReportV2 | null> {
    const row = await one(this.db, this.reportQuery(sql`r.id = ${reportId}`, 1));
    return row ? this.reportV2(row) : null;
  }

  /** reports_open, in arrival order; a post report whose post is gone (post_id set null) is no longer open work. */
  async readOpenReports(afterSeq: number | null, count: number, moderatorId: string): Promise<{ seq: number; report: ReportV2 }[]> {
    const found = await rows(
      this.db,
      this.reportQuery(
        sql`r.status = 'open' and (r.kind = 'member' or r.post_id is not null) and r.member_id <> ${moderatorId}
          ${afterSeq === null ? sql`` : sql`and r.seq > ${afterSeq}::bigint`}`,
        count,
      ),
    );
    return found.map((row) => ({ seq: Number(row.seq), report: this.reportV2(row) }));
  }
}
