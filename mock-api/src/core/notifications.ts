/**
 * Notifications and mentions (docs/notifications.md): who hears of what, grouped how, and the
 * member's list, unread count and "mark read". The post, comment and member operations call
 * `notify`, `unnotify` and `forgetNotificationsOf` here (one place), so both backends and the
 * v1 and v2 calls notify alike; each store (NotificationStore) keeps the rows.
 *
 * Rules:
 * - A like of a post, an upvote of a comment and a follow form one group per item (per post, per
 *   comment, per followed member): the newest member is named first and the group's newest
 *   change moves it to the top. A comment, a reply and a mention are each their own notification.
 * - Nobody is notified of their own action, nor by a member they blocked or mute (`mayNotify`,
 *   the one place that says who may notify whom). A dislike notifies nobody, and a like turned into a dislike leaves its group, as an
 *   upvote taken back or an unfollow does; a group nobody is left in goes. A block (either way)
 *   or a mute takes the member out of the notifications they were already in (`forgetActor`).
 * - Deleting a post, comment or reply removes the notifications about it.
 * - The list is in order of change: each change gives the notification a new number from one
 *   growing sequence (times of two changes can be equal; their order cannot).
 * - The unread count is stored: a notification is unread when it changed after the member last
 *   opened the list (its number is above the one marking read took); the store keeps the count
 *   as notifications become unread or go.
 * - Mentions are stored as member ids when the text is written (its first MAX_MENTIONS distinct
 *   handles); an edit notifies only members the text never mentioned before (one it no longer
 *   mentions loses that notification, and is not notified again if an edit puts it back).
 * - One text notifies a member once: a comment mentioning the post's author, or a reply mentioning
 *   the comment's author, is their "commented" or "replied" notification only.
 */
import {
  NOTIFICATION_EXCERPT_LENGTH,
  type AuthorV2,
  type NotificationKind,
  type NotificationsPageV2,
  type NotificationV2,
} from '../contract-v2';
import type { DomainEvent, Outcome } from './events';
import { LIST_TAGS } from './lists';
import { wait, type Actor, type Operation, type Step } from './operation';
import { pageFrom, pageRequest, type ListKey } from './page';
import { tokenize } from './text';

/** What a notification is about: a post, a comment of it, or a reply of that comment. */
export interface NotificationSubject {
  postId: string | null;
  commentId: string | null;
  replyId: string | null;
}

/** A notification as the store keeps it: its group `key` is unique per recipient (`groupKey`). */
export interface NotificationRef extends NotificationSubject {
  kind: NotificationKind;
  key: string;
}

/** A notification as the store reads it for its recipient. */
export interface NotificationRow extends NotificationSubject {
  /** A whole number as text. */
  id: string;
  /** Its place in the list: a number every change takes anew from one growing sequence. */
  seq: number;
  kind: NotificationKind;
  /** The newest member in it; null when none is left (it is then about to go). */
  actor: AuthorV2 | null;
  actorCount: number;
  /** The text of what it is about (the store may cut it to NOTIFICATION_EXCERPT_LENGTH). */
  text: string;
  updatedAt: string;
  unread: boolean;
}

/** A notification with its recipient's unread count, read together for a change's live event. */
export interface NotificationRead {
  notification: NotificationRow;
  unreadCount: number;
}

/** Where a mention was written: the post, or a comment or reply of it. */
export type MentionSource =
  { postId: string; commentId: null; replyId: null } | { postId: string; commentId: string; replyId: string | null };

export interface NotificationStore {
  /**
   * Puts `actorId` in the recipient's notification `ref.key` (made when new) at `now`: it takes a
   * new `seq` (to the top) and is unread; the stored unread count grows by one when it was read or new.
   */
  addActor(recipientId: string, ref: NotificationRef, actorId: string, now: string): Step<void>;
  /**
   * Takes `actorId` out of the notification `key`; one nobody is left in goes (the unread count
   * drops when it was unread). Answers its id and whether it is gone, or null when the actor was not in it.
   */
  removeActor(recipientId: string, key: string, actorId: string): Step<{ id: string; gone: boolean } | null>;
  /**
   * Removes every notification about the subject: a post (and its comments and replies), a comment
   * (and its replies), or one reply; the unread counts follow. Answers who lost which.
   */
  removeAbout(subject: MentionSource): Step<{ recipientId: string; id: string }[]>;
  /** The keys of the recipient's notifications `actorId` is in. */
  keysWithActor(recipientId: string, actorId: string): Step<string[]>;
  /** The recipient's notification `key` and their unread count; null when there is none. */
  readNotification(recipientId: string, key: string): Step<NotificationRead | null>;
  /** Up to `count` of the member's notifications with a `seq` below `before` (from the newest when null), newest first. */
  readNotifications(recipientId: string, before: number | null, count: number): Step<NotificationRow[]>;
  unreadCount(recipientId: string): Step<number>;
  /** Every notification of the member's becomes read (a change after this one is unread); the count becomes 0. Answers whether any was unread. */
  markAllRead(recipientId: string): Step<boolean>;
  /**
   * Whether the recipient's lists hide `actorId` (docs/safety.md): a block either way, or a mute in
   * force at `now`. Then nothing of theirs notifies the recipient.
   */
  silences(recipientId: string, actorId: string, now: string): Step<boolean>;
  /**
   * Optional, for a store whose every step is a round trip (a batch of notices: `deliverNotices`):
   * `silences` of many pairs, `readNotification` of many groups and `unreadCount` of many
   * members, each in one step, answered in the order asked.
   */
  silencesAll?(pairs: readonly { recipientId: string; actorId: string; now: string }[]): Step<boolean[]>;
  readNotificationsOf?(groups: readonly { recipientId: string; key: string }[]): Step<(NotificationRead | null)[]>;
  unreadCounts?(recipientIds: readonly string[]): Step<number[]>;
  /**
   * Optional, with `applyGroups`, for a store that delivers a batch of notices set-based
   * (`deliverNotices`): locks the groups of these (recipient, key) pairs that exist (in one step,
   * in a fixed order) and answers each with the asked actors already in it. Nobody else changes
   * them until the batch commits, so the core decides the whole batch from this answer.
   */
  lockGroups?(asked: readonly GroupAsk[]): Step<LockedGroup[]>;
  /**
   * Writes what `planGroups` decided, in one step: groups dropped, moved, made and counted, their
   * members joining and leaving, and each recipient's unread count moved by the groups that became
   * unread less those that stopped being unread (read under the recipient's state row lock).
   * `seqCount` new numbers are taken, ascending: rank r (1-based) is the r-th.
   */
  applyGroups?(changes: readonly GroupChange[], seqCount: number): Step<void>;
  /** The ids of the members with these handles (matched case-insensitively); unknown ones are left out. */
  membersByHandle(handles: readonly string[]): Step<string[]>;
  /** The members a post, comment or reply mentions (as stored when it was written). */
  mentionsOf(source: MentionSource): Step<string[]>;
  /** The members it mentions become `memberIds`. */
  setMentions(source: MentionSource, memberIds: readonly string[]): Step<void>;
  /**
   * Records that the text mentions `memberIds`, for good (an edit that drops a mention keeps the
   * record), and answers those it had never mentioned before.
   */
  firstMentions(source: MentionSource, memberIds: readonly string[]): Step<string[]>;
}

/** One actor a batch names in the recipient's group `key` (`lockGroups`). */
export interface GroupAsk {
  recipientId: string;
  key: string;
  actorId: string;
}

/** A group that exists when a batch begins, locked (`lockGroups`). */
export interface LockedGroup {
  recipientId: string;
  key: string;
  id: string;
  seq: number;
  actorCount: number;
  /** Of the actors asked for this group, those in it. */
  members: string[];
}

/**
 * What a batch does to one group (`planGroups`). `before`: the group as locked (null when there was
 * none); `drop`: that row goes (nobody is left in it, or it went and is made again); `after`: the
 * group after the batch, or null when none is left.
 */
export interface GroupChange {
  recipientId: string;
  ref: NotificationRef;
  before: { id: string; seq: number } | null;
  drop: boolean;
  after: {
    /** A new row: there was none, or the one there was dropped. */
    made: boolean;
    actorCount: number;
    /** The group moved to the top: the rank of its new number and its time (its newest join's); null: it keeps its place. */
    moved: { rank: number; now: string } | null;
    /** Members joining (or joining again: their time and number change), with the rank of their number. */
    joins: { actorId: string; rank: number; now: string }[];
    /** Members of the row as locked who leave it (only when it is not dropped). */
    leaves: string[];
  } | null;
}

/** A store that keeps notifications beside the post, comment and member rows it is made with. */
export interface WithNotifications {
  readonly notifications: NotificationStore;
}

/**
 * What an action did to a member's notifications, decided by the operation (`noticeOf`): the
 * actor joins (`add`) or leaves (`remove`) the recipient's group. A store whose writes record it
 * in an outbox (`DeferredNotices`) keeps it with the write and delivers it after the commit
 * (`deliverNotices`); any other store's operation delivers it at once.
 */
export interface Notice {
  op: 'add' | 'remove';
  recipientId: string;
  actorId: string;
  ref: NotificationRef;
  now: string;
}

/** A store whose writes record an action's notice in the same statement as the action (an outbox), for a worker to deliver after the commit. */
export interface DeferredNotices {
  readonly defersNotices: true;
}

export const defersNotices = (store: object): store is DeferredNotices => (store as Partial<DeferredNotices>).defersNotices === true;

// ---- Rules ----

/** The notification's group key: one per post for likes, per comment for upvotes, one for follows; else one per item. */
export function groupKey(kind: NotificationKind, subject: NotificationSubject): string {
  switch (kind) {
    case 'like':
      return `like:${subject.postId}`;
    case 'repost':
      return `repost:${subject.postId}`;
    case 'quote':
      return `quote:${subject.postId}`;
    case 'upvote':
      return `upvote:${subject.commentId}`;
    case 'follow':
      return 'follow';
    case 'comment':
      return `comment:${subject.commentId}`;
    case 'reply':
      return `reply:${subject.commentId}:${subject.replyId}`;
    case 'mention':
      return `mention:${subject.postId}:${subject.commentId ?? ''}:${subject.replyId ?? ''}`;
  }
}

/**
 * The one place that says whether the actor's action reaches `recipientId`: never their own, and
 * never from a member the recipient's lists hide: blocked either way, or muted (a mention of a
 * blocker notifies nobody, nor does one by a member who blocked the recipient).
 */
function* mayNotify(store: NotificationStore, recipientId: string, actor: Actor): Operation<boolean> {
  if (recipientId === actor.memberId) return false;
  return !(yield* wait(store.silences(recipientId, actor.memberId, actor.now)));
}

/**
 * The notice an action gives (`op` add: the actor joins the recipient's group; remove: leaves
 * it), or null when it reaches nobody: `silenced` is the store's `silences(recipient, actor)`,
 * read with the action's other facts. The rule of `mayNotify`, for operations that read it in one step.
 */
export function noticeOf(
  op: Notice['op'],
  actor: Actor,
  recipientId: string,
  kind: NotificationKind,
  subject: NotificationSubject,
  silenced: boolean,
): Notice | null {
  if (recipientId === actor.memberId || (op === 'add' && silenced)) return null;
  return { op, recipientId, actorId: actor.memberId, ref: { kind, key: groupKey(kind, subject), ...subject }, now: actor.now };
}

/** Delivers one notice now (a store without an outbox): the same changes and events as `notify` and `unnotify`. */
export function* deliverNotice(store: NotificationStore, notice: Notice | null): Operation<DomainEvent[]> {
  if (notice === null) return [];
  if (notice.op === 'remove') return yield* leave(store, notice.recipientId, notice.ref.key, notice.actorId);
  yield* wait(store.addActor(notice.recipientId, notice.ref, notice.actorId, notice.now));
  return yield* changedEvent(store, notice.recipientId, notice.ref.key);
}

/**
 * Delivers notices an outbox kept, in the order their actions committed: each is applied as
 * `notify`/`unnotify` would (the recipient's lists are asked again: a block or mute made since
 * the action wins), and each group they touched gives one event at the end, its state after the
 * whole batch (a batch of 50 likes of one post is one event, and no count is shown going down and up).
 * A store with `lockGroups` and `applyGroups` gets the batch set-based: a fixed number of steps
 * whatever its size (the lists, the groups locked, the plan written, the groups and counts read
 * back); any other store one step per notice.
 */
export function* deliverNotices(store: NotificationStore, notices: readonly Notice[]): Operation<DomainEvent[]> {
  // Who may notify whom, asked for the whole batch at once when the store can (no notice of the batch changes a block or mute).
  const adds = notices.filter((notice) => notice.op === 'add');
  const silenced = store.silencesAll
    ? yield* wait(store.silencesAll(adds.map((n) => ({ recipientId: n.recipientId, actorId: n.actorId, now: n.now }))))
    : null;
  const mayAdd = new Map<Notice, boolean>();
  for (const [i, notice] of adds.entries())
    mayAdd.set(
      notice,
      silenced
        ? notice.recipientId !== notice.actorId && !silenced[i]
        : yield* mayNotify(store, notice.recipientId, { memberId: notice.actorId, now: notice.now }),
    );
  const allowed = notices.filter((notice) => notice.op === 'remove' || mayAdd.get(notice));
  const touched = deliversSetBased(store) ? yield* applyPlanned(store, allowed) : yield* applyEach(store, allowed);
  return yield* groupEvents(store, touched);
}

/** A group a batch changed: the ids of its rows that went, and whether it is there, changed, after the batch. */
interface TouchedGroup {
  recipientId: string;
  key: string;
  goneIds: string[];
  changed: boolean;
}

const groupWhere = (recipientId: string, key: string) => `${recipientId}\n${key}`;

/** One step per notice (`addActor`, `removeActor`), in order. */
function* applyEach(store: NotificationStore, notices: readonly Notice[]): Operation<TouchedGroup[]> {
  const touched = new Map<string, TouchedGroup>();
  const groupOf = (notice: Notice) => {
    const where = groupWhere(notice.recipientId, notice.ref.key);
    let group = touched.get(where);
    if (!group) touched.set(where, (group = { recipientId: notice.recipientId, key: notice.ref.key, goneIds: [], changed: false }));
    return group;
  };
  for (const notice of notices) {
    if (notice.op === 'add') {
      yield* wait(store.addActor(notice.recipientId, notice.ref, notice.actorId, notice.now));
      groupOf(notice).changed = true;
    } else {
      const left = yield* wait(store.removeActor(notice.recipientId, notice.ref.key, notice.actorId));
      if (!left) continue;
      const group = groupOf(notice);
      if (left.gone) group.goneIds.push(left.id);
      group.changed = !left.gone;
    }
  }
  return [...touched.values()];
}

type SetBasedStore = Required<Pick<NotificationStore, 'lockGroups' | 'applyGroups'>>;

const deliversSetBased = (store: NotificationStore): store is NotificationStore & SetBasedStore =>
  typeof store.lockGroups === 'function' && typeof store.applyGroups === 'function';

/** Two steps for the whole batch: its groups locked (`lockGroups`), then what `planGroups` decided written (`applyGroups`). */
function* applyPlanned(store: SetBasedStore, notices: readonly Notice[]): Operation<TouchedGroup[]> {
  if (notices.length === 0) return [];
  const asked = new Map<string, GroupAsk>();
  for (const { recipientId, ref, actorId } of notices)
    asked.set(`${groupWhere(recipientId, ref.key)}\n${actorId}`, { recipientId, key: ref.key, actorId });
  const locked = yield* wait(store.lockGroups([...asked.values()]));
  const { changes, seqCount } = planGroups(notices, locked);
  if (changes.length > 0) yield* wait(store.applyGroups(changes, seqCount));
  return changes.map((change) => ({
    recipientId: change.recipientId,
    key: change.ref.key,
    goneIds: change.drop && change.before ? [change.before.id] : [],
    changed: change.after !== null,
  }));
}

/**
 * Decides, once, what a batch of notices (in commit order, each allowed by `mayNotify`) does to
 * each group it names, from the groups as locked: the same result as applying them one by one
 * with `addActor` and `removeActor` (who is in each group and how many, which group moved last,
 * each member's time and order, which groups went), without the steps. A group made and emptied
 * within the batch is left out (nobody ever saw it). The new numbers are ranked in batch order:
 * the later a join or move in the batch, the greater its number.
 */
function planGroups(notices: readonly Notice[], locked: readonly LockedGroup[]): { changes: GroupChange[]; seqCount: number } {
  const lockedOf = new Map(locked.map((group) => [groupWhere(group.recipientId, group.key), group]));
  const byGroup = new Map<string, { notice: Notice; index: number }[]>();
  for (const [index, notice] of notices.entries()) {
    const where = groupWhere(notice.recipientId, notice.ref.key);
    const list = byGroup.get(where);
    if (list) list.push({ notice, index });
    else byGroup.set(where, [{ notice, index }]);
  }
  const planned: {
    change: GroupChange;
    /** The batch position of its first change (the order of the events, as one by one). */
    first: number;
    moved: { index: number; now: string } | null;
    joins: Map<string, { index: number; now: string }>;
  }[] = [];
  for (const [where, list] of byGroup) {
    const before = lockedOf.get(where) ?? null;
    /** The row the group is now: the locked one, a new one, or none. */
    let row: 'before' | 'new' | 'none' = before ? 'before' : 'none';
    let members = new Set(before?.members ?? []);
    let count = before?.actorCount ?? 0;
    let joins = new Map<string, { index: number; now: string }>();
    const leaves = new Set<string>();
    let moved: { index: number; now: string } | null = null;
    let drop = false;
    let first = -1;
    let ref = list[0]!.notice.ref;
    for (const { notice, index } of list) {
      const actorId = notice.actorId;
      if (notice.op === 'add') {
        if (row === 'none') {
          row = 'new';
          members = new Set();
          count = 0;
          joins = new Map();
          moved = null;
        }
        if (!members.has(actorId)) {
          members.add(actorId);
          count += 1;
        }
        joins.set(actorId, { index, now: notice.now });
        leaves.delete(actorId);
        moved = { index, now: notice.now };
        ref = notice.ref;
        if (first < 0) first = index;
      } else {
        if (row === 'none' || !members.has(actorId)) continue;
        members.delete(actorId);
        joins.delete(actorId);
        if (row === 'before') leaves.add(actorId);
        count -= 1;
        if (first < 0) first = index;
        if (count <= 0) {
          if (row === 'before') drop = true;
          row = 'none';
        }
      }
    }
    if (first < 0 || (row === 'none' && !drop)) continue;
    planned.push({
      first,
      moved,
      joins,
      change: {
        recipientId: list[0]!.notice.recipientId,
        ref,
        before: before && { id: before.id, seq: before.seq },
        drop,
        after:
          row === 'none'
            ? null
            : { made: row === 'new', actorCount: count, moved: null, joins: [], leaves: row === 'before' ? [...leaves] : [] },
      },
    });
  }
  planned.sort((a, b) => a.first - b.first);
  // The batch positions that take a new number, ranked in order.
  const positions = new Set<number>();
  for (const { moved, joins, change } of planned) {
    if (!change.after) continue;
    if (moved) positions.add(moved.index);
    for (const join of joins.values()) positions.add(join.index);
  }
  const rankOf = new Map([...positions].sort((a, b) => a - b).map((index, i) => [index, i + 1]));
  for (const { moved, joins, change } of planned) {
    if (!change.after) continue;
    change.after.moved = moved && { rank: rankOf.get(moved.index)!, now: moved.now };
    change.after.joins = [...joins].map(([actorId, join]) => ({ actorId, rank: rankOf.get(join.index)!, now: join.now }));
  }
  return { changes: planned.map((p) => p.change), seqCount: positions.size };
}

/** One event per group touched, its state after the batch: the groups and counts read once for the batch when the store can. */
function* groupEvents(store: NotificationStore, groups: readonly TouchedGroup[]): Operation<DomainEvent[]> {
  if (!store.readNotificationsOf || !store.unreadCounts) {
    const events: DomainEvent[] = [];
    for (const { recipientId, key, goneIds, changed } of groups) {
      for (const id of goneIds) events.push(yield* removedEvent(store, recipientId, id));
      if (changed) events.push(...(yield* changedEvent(store, recipientId, key)));
    }
    return events;
  }
  const changedGroups = groups.filter((g) => g.changed);
  const reads = changedGroups.length > 0 ? yield* wait(store.readNotificationsOf(changedGroups)) : [];
  const readOf = new Map(changedGroups.map((g, i) => [g, reads[i] ?? null]));
  const goneFor = [...new Set(groups.filter((g) => g.goneIds.length > 0).map((g) => g.recipientId))];
  const counts = goneFor.length > 0 ? yield* wait(store.unreadCounts(goneFor)) : [];
  const countOf = new Map(goneFor.map((id, i) => [id, counts[i] ?? 0]));
  const events: DomainEvent[] = [];
  for (const group of groups) {
    for (const id of group.goneIds)
      events.push({
        kind: 'notification.removed',
        data: { memberId: group.recipientId, notificationId: id, unreadCount: countOf.get(group.recipientId) ?? 0 },
      });
    const read = readOf.get(group);
    const notification = read && notificationV2(read.notification);
    if (read && notification)
      events.push({ kind: 'notification.changed', data: { memberId: group.recipientId, notification, unreadCount: read.unreadCount } });
  }
  return events;
}

/**
 * How many members one post, comment or reply may mention: its first MAX_MENTIONS distinct
 * `@handle`s (whether or not they name a member) are its mentions, stored and notified; later
 * ones stay plain text. One text cannot make more notifications than that.
 */
export const MAX_MENTIONS = 10;

/** The handles `@handle` in the text names, lower case, each once: the first MAX_MENTIONS. */
export function mentionedHandles(text: string): string[] {
  const handles = new Set<string>();
  for (const token of tokenize(text)) {
    if (token.kind !== 'mention') continue;
    handles.add(token.handle.toLowerCase());
    if (handles.size === MAX_MENTIONS) break;
  }
  return [...handles];
}

const NOTIFICATIONS_LIST: ListKey = { tag: LIST_TAGS.notifications, shape: ['int'] };

/** The start of a text, at most NOTIFICATION_EXCERPT_LENGTH characters (code points, never half of one). */
export function excerptOf(text: string): string {
  const chars = [...text];
  return chars.length <= NOTIFICATION_EXCERPT_LENGTH ? text : `${chars.slice(0, NOTIFICATION_EXCERPT_LENGTH - 1).join('')}…`;
}

/** The v2 notification; null for one nobody is left in. */
export function notificationV2(row: NotificationRow): NotificationV2 | null {
  if (!row.actor) return null;
  return {
    _id: row.id,
    kind: row.kind,
    actor: { ...row.actor },
    actorCount: row.actorCount,
    postId: row.postId,
    commentId: row.commentId,
    excerpt: row.kind === 'follow' ? '' : excerptOf(row.text),
    updatedAt: row.updatedAt,
    read: !row.unread,
  };
}

// ---- Steps the other operations call ----

function* changedEvent(store: NotificationStore, recipientId: string, key: string): Operation<DomainEvent[]> {
  const read = yield* wait(store.readNotification(recipientId, key));
  const notification = read && notificationV2(read.notification);
  if (!notification) return [];
  return [{ kind: 'notification.changed', data: { memberId: recipientId, notification, unreadCount: read.unreadCount } }];
}

function* removedEvent(store: NotificationStore, recipientId: string, id: string): Operation<DomainEvent> {
  const unreadCount = yield* wait(store.unreadCount(recipientId));
  return { kind: 'notification.removed', data: { memberId: recipientId, notificationId: id, unreadCount } };
}

/** `actor` did `kind` to `recipientId`'s item: the notification, unless the rules say nobody hears of it. */
export function* notify(
  store: NotificationStore,
  actor: Actor,
  recipientId: string,
  kind: NotificationKind,
  subject: NotificationSubject,
): Operation<DomainEvent[]> {
  if (!(yield* mayNotify(store, recipientId, actor))) return [];
  const key = groupKey(kind, subject);
  yield* wait(store.addActor(recipientId, { kind, key, ...subject }, actor.memberId, actor.now));
  return yield* changedEvent(store, recipientId, key);
}

/** `actor` took back what notified `recipientId` (a like turned dislike, an upvote, a follow, a mention): they leave it. */
export function* unnotify(
  store: NotificationStore,
  actorId: string,
  recipientId: string,
  kind: NotificationKind,
  subject: NotificationSubject,
): Operation<DomainEvent[]> {
  return yield* leave(store, recipientId, groupKey(kind, subject), actorId);
}

/** `actorId` leaves the recipient's notification `key`: it changes, or goes when nobody is left in it. */
function* leave(store: NotificationStore, recipientId: string, key: string, actorId: string): Operation<DomainEvent[]> {
  const left = yield* wait(store.removeActor(recipientId, key, actorId));
  if (!left) return [];
  return left.gone ? [yield* removedEvent(store, recipientId, left.id)] : yield* changedEvent(store, recipientId, key);
}

/**
 * The recipient blocked or muted `actorId`, or was blocked by them: `actorId` leaves every
 * notification of the recipient's they are in (one they alone made goes), as nothing of theirs
 * would notify the recipient now. Unblocking or unmuting brings none back.
 */
export function* forgetActor(store: NotificationStore, recipientId: string, actorId: string): Operation<DomainEvent[]> {
  const events: DomainEvent[] = [];
  for (const key of yield* wait(store.keysWithActor(recipientId, actorId)))
    events.push(...(yield* leave(store, recipientId, key, actorId)));
  return events;
}

/** A post, comment or reply is about to be deleted: the notifications about it go first. */
export function* forgetNotificationsOf(store: NotificationStore, subject: MentionSource): Operation<DomainEvent[]> {
  const gone = yield* wait(store.removeAbout(subject));
  const events: DomainEvent[] = [];
  for (const { recipientId, id } of gone) events.push(yield* removedEvent(store, recipientId, id));
  return events;
}

/**
 * The text of a post, comment or reply was written (`isNew`) or edited: its mentions are stored,
 * members it newly mentions are notified, and members it no longer mentions lose that notification.
 * `answered`: the member the text notifies as a comment or reply (the post's author for a comment,
 * the comment's author for a reply); mentioning them too does not notify them a second time.
 */
export function* storeMentions(
  store: NotificationStore,
  actor: Actor,
  source: MentionSource,
  text: string,
  isNew: boolean,
  answered: string | null,
): Operation<DomainEvent[]> {
  const handles = mentionedHandles(text);
  const mentioned = handles.length === 0 ? [] : yield* wait(store.membersByHandle(handles));
  const before = isNew ? [] : yield* wait(store.mentionsOf(source));
  if (isNew && mentioned.length === 0) return [];
  const same = before.length === mentioned.length && before.every((id) => mentioned.includes(id));
  if (!same) yield* wait(store.setMentions(source, mentioned));
  const events: DomainEvent[] = [];
  // Only members the text never mentioned before hear of it: dropping a mention and putting it back notifies nobody again.
  const added = mentioned.filter((memberId) => !before.includes(memberId) && memberId !== answered);
  const fresh = added.length === 0 ? [] : yield* wait(store.firstMentions(source, added));
  for (const memberId of fresh) events.push(...(yield* notify(store, actor, memberId, 'mention', source)));
  for (const memberId of before)
    if (!mentioned.includes(memberId) && memberId !== answered)
      events.push(...(yield* unnotify(store, actor.memberId, memberId, 'mention', source)));
  return events;
}

// ---- Operations ----

/** A page of the member's own notifications, newest first. */
export function* readNotificationPage(
  store: NotificationStore,
  actor: Actor,
  query: Record<string, unknown>,
): Operation<NotificationsPageV2> {
  const request = pageRequest(query, NOTIFICATIONS_LIST);
  const memberId = actor.memberId;
  const before = request.after ? (request.after[0] as number) : null;
  const found = yield* wait(store.readNotifications(memberId, before, request.limit + 1));
  const page = pageFrom(found, request, (row) => [row.seq]);
  const notifications: NotificationV2[] = [];
  for (const row of page.items) {
    const notification = notificationV2(row);
    if (notification) notifications.push(notification);
  }
  return { notifications, nextCursor: page.nextCursor };
}

export function* readUnreadCount(store: NotificationStore, actor: Actor): Operation<{ count: number }> {
  return { count: yield* wait(store.unreadCount(actor.memberId)) };
}

/** The member opened their notifications: every one is read, on every page of theirs. */
export function* markNotificationsRead(store: NotificationStore, actor: Actor): Operation<Outcome<{ count: number }>> {
  const changed = yield* wait(store.markAllRead(actor.memberId));
  return {
    result: { count: 0 },
    events: changed ? [{ kind: 'notification.read', data: { memberId: actor.memberId, unreadCount: 0 } }] : [],
  };
}
