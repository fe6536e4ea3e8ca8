/**
 * Safety (docs/safety.md): block, mute, report, and the moderators' queue. Each operation checks
 * its rules here and changes state through the SafetyStore port: the fake backend keeps blocks,
 * mutes and reports on the member records (mock-api/src/server/safety-store.ts), api-server in
 * tables of their own (api-server/src/safety-store.ts). What blocks and mutes hide from lists is
 * each store's list reads (PostStore.readPosts and the member and comment lists); what a block
 * refuses is ./blocks.ts, called by the post, comment and member operations.
 */
import { SERVER_ERRORS } from '../contract';
import {
  MAX_MUTE_SECONDS,
  REPORT_REASONS,
  REPORTS_PER_HOUR,
  V2_ERRORS,
  V2_TEXT_LIMITS,
  type BlockAnswerV2,
  type MembersPageV2,
  type MemberV2,
  type RelationshipV2,
  type ReportReasonV2,
  type ReportAnswerV2,
  type ReportSentAnswerV2,
  type ReportsPageV2,
  type ReportV2,
} from '../contract-v2';
import { fail, HttpError } from './errors';
import { text, type JsonObject } from './validate';
import type { BlockReader } from './blocks';
import type { DomainEvent, Outcome } from './events';
import { LIST_TAGS } from './lists';
import { forgetActor } from './notifications';
import { membersChanged, memberV2, readMe, readMember, type MemberStore } from './members';
import { wait, type Actor, type Operation, type Step } from './operation';
import { pageFrom, pageRequest, type ListKey } from './page';
import { removePost, visiblePostOr404, type Change, type PostStore } from './posts';

/** A newest-first list of members the member blocked or muted, keyed by when and whom. */
export interface SafetyListRow {
  memberId: string;
  /** When the block or mute was made (ISO). */
  at: string;
  /** A mute's end (ISO), null for ever; absent for a block. */
  until?: string | null;
}

/** What a report is about and why, as the store keeps it. */
export interface NewReport {
  reporterId: string;
  /** The reported member: the post's author for a post report. */
  memberId: string;
  postId: string | null;
  reason: ReportReasonV2;
  details: string;
  now: string;
}

export interface ReportRef {
  id: string;
  /** The reported member: the post's author for a post report. */
  memberId: string;
  postId: string | null;
  status: ReportV2['status'];
}

export interface SafetyStore extends BlockReader, Pick<MemberStore, 'memberExists' | 'readMember' | 'readMe'> {
  /** The posts a report names, and a moderator's removal (./posts.ts removePost). */
  readonly posts: PostStore;
  /** Moderators: test user 4 of the seed on the fake backend; API_MODERATORS on api-server. */
  isModerator(memberId: string): Step<boolean>;
  /**
   * `blockerId` blocks `blockedId` (`blocking`), or stops. A block ends every follow between the
   * two, both ways, counts corrected; the answer names the follows it ended.
   */
  setBlock(
    blockerId: string,
    blockedId: string,
    blocking: boolean,
    now: string,
  ): Step<{ change: Change; endedFollows: { followerId: string; followeeId: string }[] }>;
  /** Mutes (or mutes again, with the new end) until `until` (ISO), or for ever (null). */
  setMute(muterId: string, mutedId: string, until: string | null, now: string): Step<void>;
  /** Ends the mute: 'same' when there is none in force (an expired one is none). */
  removeMute(muterId: string, mutedId: string, now: string): Step<Change>;
  /** How `memberId` stands with `otherId` at `now` (an expired mute is none). */
  relationship(memberId: string, otherId: string, now: string): Step<RelationshipV2>;
  /** Up to `count` of the member's blocks or mutes in force, newest first, after the key. */
  readSafetyList(
    kind: 'blocks' | 'mutes',
    memberId: string,
    after: [at: string, memberId: string] | null,
    count: number,
    now: string,
  ): Step<SafetyListRow[]>;
  /**
   * How many reports the member sent since `since` (ISO), decided ones too. api-server holds the
   * reporter's row until the write ends, so two reports at once are counted one after the other.
   */
  reportsSentSince(reporterId: string, since: string): Step<number>;
  /** Stores the report and answers its id; null, storing nothing, while the reporter has an open report of the same post (or member, for a member report). */
  insertReport(report: NewReport): Step<string | null>;
  reportRef(reportId: string): Step<ReportRef | null>;
  /** Decides the open report; 'removed' decides every other open report of the same post with it. */
  decideReport(reportId: string, status: 'removed' | 'dismissed', moderatorId: string, now: string): Step<void>;
  readReport(reportId: string): Step<ReportV2 | null>;
  /**
   * Up to `count` open reports in the order they arrived (`seq`, the store's own counter: two
   * reports within one second keep their order), after `afterSeq`; reports of posts gone since
   * are left out, and so are reports about `moderatorId` (their account or their posts).
   */
  readOpenReports(afterSeq: number | null, count: number, moderatorId: string): Step<{ seq: number; report: ReportV2 }[]>;
  /** How many open reports are about the member (their account or their posts still there). */
  openReportsAbout(memberId: string): Step<number>;
  /** Whether a moderator other than `memberId` exists. */
  otherModerators(memberId: string): Step<boolean>;
}

export const REPORTS_LIST: ListKey = { tag: LIST_TAGS.reports, shape: ['int'] };
const SAFETY_LISTS: Record<'blocks' | 'mutes', ListKey> = {
  blocks: { tag: LIST_TAGS.blocks, shape: ['iso', 'text'] },
  mutes: { tag: LIST_TAGS.mutes, shape: ['iso', 'text'] },
};

function* memberOr404(store: SafetyStore, memberId: string): Operation<void> {
  if (!(yield* wait(store.memberExists(memberId)))) throw fail.memberNotFound();
}

function* otherMember(store: SafetyStore, actor: Actor, memberId: string): Operation<void> {
  yield* memberOr404(store, memberId);
  if (memberId === actor.memberId) throw fail.badRequest(V2_ERRORS.blockSelf);
}

// ---- Block and mute ----

/** How the caller stands with a member (never whether that member blocked them). */
export function* readRelationship(store: SafetyStore, actor: Actor, memberId: string): Operation<RelationshipV2> {
  yield* memberOr404(store, memberId);
  return yield* wait(store.relationship(actor.memberId, memberId, actor.now));
}

/**
 * Blocks (`blocking`) or unblocks a member. A block ends the follows between the two both ways
 * (their events and both members' new counts); unblocking follows nobody again.
 */
export function* block(store: SafetyStore, actor: Actor, memberId: string, blocking: boolean): Operation<Outcome<BlockAnswerV2>> {
  yield* otherMember(store, actor, memberId);
  const { change, endedFollows } = yield* wait(store.setBlock(actor.memberId, memberId, blocking, actor.now));
  if (change !== 'changed') throw fail.badRequest(blocking ? V2_ERRORS.alreadyBlocked : V2_ERRORS.notBlocked);
  const events: DomainEvent[] = endedFollows.map((f) => ({ kind: 'follow.changed', data: { ...f, following: false } }));
  if (endedFollows.length > 0) events.push(...(yield* membersChanged(store, [actor.memberId, memberId])));
  // Their lists hide each other: neither keeps notifications the other is in.
  if (blocking)
    for (const [recipientId, actorId] of [
      [actor.memberId, memberId],
      [memberId, actor.memberId],
    ] as const)
      events.push(...(yield* forgetActor(store.posts.notifications, recipientId, actorId)));
  const relationship = yield* wait(store.relationship(actor.memberId, memberId, actor.now));
  return {
    result: { me: yield* readMe(store, actor.memberId), member: yield* readMember(store, memberId, actor.memberId), relationship },
    events: [...events, relationshipEvent(actor, memberId, relationship)],
  };
}

/** The member's own other pages learn that what their lists show changed (private: the other member is not told). */
const relationshipEvent = (actor: Actor, otherId: string, relationship: RelationshipV2): DomainEvent => ({
  kind: 'viewer.relationship',
  data: { memberId: actor.memberId, otherId, relationship },
});

/** `duration` of a mute body: seconds from now, or 0 / absent for until unmuted; answers the end (ISO) or null. */
export function muteUntil(body: JsonObject, now: string): string | null {
  const duration = body.duration;
  if (duration === undefined || duration === 0) return null;
  if (typeof duration !== 'number' || !Number.isInteger(duration) || duration < 0 || duration > MAX_MUTE_SECONDS)
    throw fail.badRequest(V2_ERRORS.badMuteDuration);
  return new Date(Date.parse(now) + duration * 1000).toISOString();
}

/** Mutes a member for `duration` seconds (or until unmuted); muting again sets the new end. The muted member is not told. */
export function* mute(
  store: SafetyStore,
  actor: Actor,
  memberId: string,
  body: JsonObject,
): Operation<Outcome<{ relationship: RelationshipV2 }>> {
  yield* otherMember(store, actor, memberId);
  const until = muteUntil(body, actor.now);
  yield* wait(store.setMute(actor.memberId, memberId, until, actor.now));
  // Nothing anyone else sees changed; the caller's notifications lose the muted member.
  const forgotten = yield* forgetActor(store.posts.notifications, actor.memberId, memberId);
  const relationship = yield* wait(store.relationship(actor.memberId, memberId, actor.now));
  return { result: { relationship }, events: [relationshipEvent(actor, memberId, relationship), ...forgotten] };
}

export function* unmute(store: SafetyStore, actor: Actor, memberId: string): Operation<Outcome<{ relationship: RelationshipV2 }>> {
  yield* otherMember(store, actor, memberId);
  if ((yield* wait(store.removeMute(actor.memberId, memberId, actor.now))) !== 'changed') throw fail.badRequest(V2_ERRORS.notMuted);
  const relationship = yield* wait(store.relationship(actor.memberId, memberId, actor.now));
  return { result: { relationship }, events: [relationshipEvent(actor, memberId, relationship)] };
}

/** The caller's blocks (`members`) or mutes in force (`mutes`, each with its end), newest first. */
export function* readSafetyPage(
  store: SafetyStore,
  actor: Actor,
  kind: 'blocks' | 'mutes',
  query: Record<string, unknown>,
): Operation<MembersPageV2 | { mutes: { member: MemberV2; until: string | null }[]; nextCursor: string | null }> {
  const request = pageRequest(query, SAFETY_LISTS[kind]);
  const found = yield* wait(
    store.readSafetyList(kind, actor.memberId, request.after as [string, string] | null, request.limit + 1, actor.now),
  );
  const page = pageFrom(found, request, (row) => [row.at, row.memberId]);
  const members: { member: MemberV2; until: string | null }[] = [];
  for (const row of page.items) {
    const member = yield* wait(store.readMember(row.memberId, actor.memberId));
    if (member) members.push({ member: memberV2(member), until: row.until ?? null });
  }
  return kind === 'blocks'
    ? { members: members.map((m) => m.member), nextCursor: page.nextCursor }
    : { mutes: members, nextCursor: page.nextCursor };
}

// ---- Reports ----

function reportDraft(body: JsonObject): { reason: ReportReasonV2; details: string } {
  const reason = body.reason;
  if (typeof reason !== 'string' || !(REPORT_REASONS as readonly string[]).includes(reason))
    throw fail.badRequest(V2_ERRORS.badReportReason);
  const details = text(body.details, 'details', { required: false, allowEmpty: true, max: V2_TEXT_LIMITS.reportDetails }) ?? '';
  return { reason: reason as ReportReasonV2, details: details.trim() };
}

const HOUR_MS = 3_600_000;

/**
 * One open report per reporter and post (or member): a second one until it is decided is refused,
 * not queued again. At most REPORTS_PER_HOUR reports per reporter within an hour, so one member
 * cannot fill the moderators' queue.
 */
function* sendReport(store: SafetyStore, report: NewReport): Operation<Outcome<ReportSentAnswerV2>> {
  const since = new Date(Date.parse(report.now) - HOUR_MS).toISOString();
  if ((yield* wait(store.reportsSentSince(report.reporterId, since))) >= REPORTS_PER_HOUR)
    throw new HttpError(429, V2_ERRORS.tooManyReports);
  const reportId = yield* wait(store.insertReport(report));
  if (reportId === null) throw fail.badRequest(V2_ERRORS.alreadyReported);
  return { result: { reportId }, events: [] };
}

/** Reports another member's post to the moderators. A post the caller cannot reach (its author blocked them) is not found. */
export function* reportPost(store: SafetyStore, actor: Actor, postId: string, body: JsonObject): Operation<Outcome<ReportSentAnswerV2>> {
  const author = yield* visiblePostOr404(store.posts, postId, actor.memberId);
  if (author === actor.memberId) throw fail.badRequest(V2_ERRORS.reportSelf);
  const draft = reportDraft(body);
  return yield* sendReport(store, { reporterId: actor.memberId, memberId: author, postId, ...draft, now: actor.now });
}

/** Reports another member to the moderators. */
export function* reportMember(
  store: SafetyStore,
  actor: Actor,
  memberId: string,
  body: JsonObject,
): Operation<Outcome<ReportSentAnswerV2>> {
  yield* memberOr404(store, memberId);
  if (memberId === actor.memberId) throw fail.badRequest(V2_ERRORS.reportSelf);
  const draft = reportDraft(body);
  return yield* sendReport(store, { reporterId: actor.memberId, memberId, postId: null, ...draft, now: actor.now });
}

/** Every moderation call starts here: 403 for anyone but a moderator, before anything else is read. */
function* moderatorOnly(store: SafetyStore, actor: Actor): Operation<void> {
  if (!(yield* wait(store.isModerator(actor.memberId)))) throw fail.forbidden(SERVER_ERRORS.notModerator);
}

export function* isModerator(store: SafetyStore, actor: Actor): Operation<{ moderator: boolean }> {
  return { moderator: yield* wait(store.isModerator(actor.memberId)) };
}

/**
 * The moderators' queue: open reports, oldest first, but none about the moderator reading it (their
 * account or their posts): those go to the other moderators, and `aboutYou` says how many there
 * are and whether another moderator exists to decide them (else they wait).
 */
export function* readReports(store: SafetyStore, actor: Actor, query: Record<string, unknown>): Operation<ReportsPageV2> {
  yield* moderatorOnly(store, actor);
  const request = pageRequest(query, REPORTS_LIST);
  const found = yield* wait(store.readOpenReports(request.after ? (request.after[0] as number) : null, request.limit + 1, actor.memberId));
  const page = pageFrom(found, request, (row) => [row.seq]);
  const count = yield* wait(store.openReportsAbout(actor.memberId));
  const otherModerators = yield* wait(store.otherModerators(actor.memberId));
  return { reports: page.items.map((row) => row.report), nextCursor: page.nextCursor, aboutYou: { count, otherModerators } };
}

/**
 * A moderator decides an open report (never one about themself or their post: 403 ownReport): 'removed' deletes the reported post as its author's
 * deletion does (removePost) and closes every open report of it; 'dismissed' closes this
 * one. The decision keeps who made it and when.
 */
export function* decideReport(
  store: SafetyStore,
  actor: Actor,
  reportId: string,
  decision: 'removed' | 'dismissed',
): Operation<Outcome<ReportAnswerV2>> {
  yield* moderatorOnly(store, actor);
  const ref = yield* wait(store.reportRef(reportId));
  if (!ref) throw new HttpError(404, V2_ERRORS.reportNotFound);
  if (ref.memberId === actor.memberId) throw fail.forbidden(V2_ERRORS.ownReport);
  if (ref.status !== 'open') throw new HttpError(409, V2_ERRORS.reportDecided);
  if (decision === 'removed' && ref.postId === null) throw fail.badRequest(V2_ERRORS.notAPostReport);
  yield* wait(store.decideReport(reportId, decision, actor.memberId, actor.now));
  const events: DomainEvent[] = [];
  if (decision === 'removed' && ref.postId !== null) {
    const author = yield* wait(store.posts.postAuthor(ref.postId));
    if (author !== null) events.push(...(yield* removePost(store.posts, ref.postId, author)));
  }
  const report = yield* wait(store.readReport(reportId));
  if (!report) throw new HttpError(404, V2_ERRORS.reportNotFound);
  return { result: { report }, events };
}
