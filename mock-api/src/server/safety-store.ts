/**
 * Safety on the fake backend's records (what lists hide: ./safety-filters.ts) (../core/safety.ts, SafetyStore): a member's blocks,
 * mutes and the reports they made live on their own record, so they are stored, synced between
 * tabs and deleted with the account like the rest of it (findUser/touch mark what a write
 * changes). Who blocked a member is found by reading every member's blocks: the in-browser data
 * holds a few thousand members at most.
 */
import type { RelationshipV2, ReportV2 } from '../contract-v2';
import type { NewReport, ReportRef, SafetyListRow, SafetyStore } from '../core/safety';
import type { Change } from '../core/posts';
import { indexOf } from './indexes';
import { MemoryMemberStore } from './member-store';
import { MemoryPostStore } from './post-store';
import type { Ctx } from './request-context';
import { findUser, takeNumericId, touch, type Db, type StoredReport, type StoredUser } from './store';
import { newId } from '../core/time';
import { muteInForce, time } from './safety-filters';
import { V2Renderer } from './v2/common';

const byNewest = (a: SafetyListRow, b: SafetyListRow) =>
  time(b.at) - time(a.at) || (a.memberId < b.memberId ? 1 : a.memberId > b.memberId ? -1 : 0);

export class MemorySafetyStore extends MemoryMemberStore implements SafetyStore {
  readonly posts: MemoryPostStore;
  private readonly render: V2Renderer;

  constructor(ctx: Ctx) {
    super(ctx);
    this.posts = new MemoryPostStore(ctx);
    this.render = new V2Renderer(ctx, null);
  }

  private get data(): Db {
    return this.ctx.db;
  }

  private stored(memberId: string): StoredUser | undefined {
    return indexOf(this.data).usersById.get(memberId);
  }

  isModerator(memberId: string): boolean {
    return this.stored(memberId)?.moderator === true;
  }

  setBlock(blockerId: string, blockedId: string, blocking: boolean, now: string) {
    const blocker = findUser(this.data, blockerId);
    const blocked = findUser(this.data, blockedId);
    const endedFollows: { followerId: string; followeeId: string }[] = [];
    if (!blocker || !blocked) return { change: 'missing' as Change, endedFollows };
    const blocks = blocker.blocks ?? [];
    if (blocks.some((b) => b.memberId === blockedId) === blocking) return { change: 'same' as Change, endedFollows };
    if (!blocking) {
      blocker.blocks = blocks.filter((b) => b.memberId !== blockedId);
      return { change: 'changed' as Change, endedFollows };
    }
    blocker.blocks = [...blocks, { memberId: blockedId, at: now }];
    for (const [follower, followee] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const) {
      if (!follower.following.includes(followee._id)) continue;
      follower.following = follower.following.filter((id) => id !== followee._id);
      followee.followers = followee.followers.filter((id) => id !== follower._id);
      endedFollows.push({ followerId: follower._id, followeeId: followee._id });
    }
    if (endedFollows.length > 0) blocker.updatedAt = blocked.updatedAt = now;
    return { change: 'changed' as Change, endedFollows };
  }

  setMute(muterId: string, mutedId: string, until: string | null, now: string): void {
    const muter = findUser(this.data, muterId);
    if (!muter) return;
    muter.mutes = [...(muter.mutes ?? []).filter((m) => m.memberId !== mutedId), { memberId: mutedId, at: now, until }];
  }

  removeMute(muterId: string, mutedId: string, now: string): Change {
    const muter = findUser(this.data, muterId);
    if (!muter) return 'missing';
    const mutes = muter.mutes ?? [];
    const inForce = mutes.some((m) => m.memberId === mutedId && muteInForce(m, now));
    // An expired mute goes too: it no longer applies.
    if (mutes.some((m) => m.memberId === mutedId)) muter.mutes = mutes.filter((m) => m.memberId !== mutedId);
    return inForce ? 'changed' : 'same';
  }

  relationship(memberId: string, otherId: string, now: string): RelationshipV2 {
    const member = this.stored(memberId);
    const mute = member?.mutes?.find((m) => m.memberId === otherId && muteInForce(m, now));
    return {
      blocking: member?.blocks?.some((b) => b.memberId === otherId) ?? false,
      muting: !!mute,
      mutedUntil: mute?.until ?? null,
    };
  }

  readSafetyList(kind: 'blocks' | 'mutes', memberId: string, after: [string, string] | null, count: number, now: string): SafetyListRow[] {
    const member = this.stored(memberId);
    const users = indexOf(this.data).usersById;
    const rows: SafetyListRow[] =
      kind === 'blocks'
        ? (member?.blocks ?? []).map((b) => ({ memberId: b.memberId, at: b.at }))
        : (member?.mutes ?? []).filter((m) => muteInForce(m, now)).map((m) => ({ memberId: m.memberId, at: m.at, until: m.until }));
    const start: SafetyListRow | null = after && { memberId: after[1], at: after[0] };
    return rows
      .filter((row) => users.has(row.memberId) && (!start || byNewest(start, row) < 0))
      .sort(byNewest)
      .slice(0, count);
  }

  reportsSentSince(reporterId: string, since: string): number {
    const from = time(since);
    return (this.stored(reporterId)?.reports ?? []).filter((r) => time(r.createdAt) > from).length;
  }

  insertReport(report: NewReport): string | null {
    const open = (indexOf(this.data).usersById.get(report.reporterId)?.reports ?? []).some(
      (r) => r.status === 'open' && r.postId === report.postId && (report.postId !== null || r.memberId === report.memberId),
    );
    if (open) return null;
    const reporter = findUser(this.data, report.reporterId)!;
    const stored: StoredReport = {
      _id: newId(),
      seq: Number(takeNumericId(this.data)),
      memberId: report.memberId,
      postId: report.postId,
      reason: report.reason,
      details: report.details,
      createdAt: report.now,
      status: 'open',
    };
    reporter.reports = [...(reporter.reports ?? []), stored];
    return stored._id;
  }

  /** Every report with the member who made it. */
  private allReports(): { reporter: StoredUser; report: StoredReport }[] {
    return this.data.users.flatMap((reporter) => (reporter.reports ?? []).map((report) => ({ reporter, report })));
  }

  private found(reportId: string) {
    return this.allReports().find(({ report }) => report._id === reportId);
  }

  reportRef(reportId: string): ReportRef | null {
    const report = this.found(reportId)?.report;
    return report ? { id: report._id, memberId: report.memberId, postId: report.postId, status: report.status } : null;
  }

  decideReport(reportId: string, status: 'removed' | 'dismissed', moderatorId: string, now: string): void {
    const decided = this.found(reportId);
    if (!decided) return;
    const decide = (reporter: StoredUser, report: StoredReport) => {
      touch(this.data, reporter);
      Object.assign(report, { status, decidedBy: moderatorId, decidedAt: now });
    };
    decide(decided.reporter, decided.report);
    if (status === 'removed' && decided.report.postId !== null)
      for (const { reporter, report } of this.allReports())
        if (report.status === 'open' && report.postId === decided.report.postId) decide(reporter, report);
  }

  private reportV2(reporter: StoredUser, report: StoredReport): ReportV2 {
    const post = report.postId === null ? undefined : indexOf(this.data).postsById.get(report.postId);
    return {
      _id: report._id,
      reason: report.reason,
      details: report.details,
      createdAt: report.createdAt,
      reporter: this.render.author(reporter._id),
      member: this.render.author(report.memberId),
      post: post
        ? { _id: post._id, content: post.content, pic: this.ctx.picUrl(post.pic), picAlt: post.picAlt ?? '', createdAt: post.createdAt }
        : null,
      status: report.status,
      decidedBy: report.decidedBy ? this.render.author(report.decidedBy) : null,
      decidedAt: report.decidedAt ?? null,
    };
  }

  readReport(reportId: string): ReportV2 | null {
    const found = this.found(reportId);
    return found ? this.reportV2(found.reporter, found.report) : null;
  }

  /** Open reports, of members or of posts still there. */
  private openReports(): { reporter: StoredUser; report: StoredReport }[] {
    const posts = indexOf(this.data).postsById;
    return this.allReports().filter(({ report }) => report.status === 'open' && (report.postId === null || posts.has(report.postId)));
  }

  openReportsAbout(memberId: string): number {
    return this.openReports().filter(({ report }) => report.memberId === memberId).length;
  }

  otherModerators(memberId: string): boolean {
    return this.data.users.some((user) => user.moderator === true && user._id !== memberId);
  }

  readOpenReports(afterSeq: number | null, count: number, moderatorId: string): { seq: number; report: ReportV2 }[] {
    return this.openReports()
      .filter(({ report }) => report.memberId !== moderatorId && (afterSeq === null || report.seq > afterSeq))
      .sort((a, b) => a.report.seq - b.report.seq)
      .slice(0, count)
      .map(({ reporter, report }) => ({ seq: report.seq, report: this.reportV2(reporter, report) }));
  }
}
