/**
 * The notification operations' store (../core/notifications.ts, NotificationStore) on the fake
 * backend's records: a member's notifications, unread count and last read time live in their
 * own record (so a write stores the members it notified, found through findUser), and a post's,
 * comment's or reply's mentions in that post's record (found through findPost).
 */
import type { MentionSource, NotificationRead, NotificationRef, NotificationRow, NotificationStore } from '../core/notifications';
import { NOTIFICATION_EXCERPT_LENGTH } from '../contract-v2';
import { indexOf } from './indexes';
import { blockSideOf, muteInForce } from './safety-filters';
import type { Ctx } from './request-context';
import { findPost, findUser, takeNumericId, touch, type Db, type StoredNotification, type StoredPost, type StoredUser } from './store';
import type { V2Renderer } from './v2/common';

const isUnread = (notification: StoredNotification, user: StoredUser): boolean => notification.seq > (user.notificationsReadSeq ?? 0);

const newestFirst = (a: StoredNotification, b: StoredNotification): number => b.seq - a.seq;

/** The next number of the one growing sequence (Db.nextId): later than every number taken before. */
const nextSeq = (db: Db): number => Number(takeNumericId(db));

/** Whether the notification is about the subject: its post, a comment of it, or one reply. */
function isAbout(notification: StoredNotification, subject: MentionSource): boolean {
  if (subject.commentId === null) return notification.postId === subject.postId;
  if (notification.commentId !== subject.commentId) return false;
  return subject.replyId === null || notification.replyId === subject.replyId;
}

/**
 * A member's account went: they leave every notification they were in (one nobody is left in
 * goes), notifications about their posts and their comments (`commentIds`, with the replies
 * under them) go, and each member who had such notifications has their unread count counted
 * again (the one place it is recounted: a deletion touches few lists).
 */
export function forgetNotificationsBy(db: Db, memberId: string, postIds: ReadonlySet<string>, commentIds: ReadonlySet<string>): void {
  const about = (n: StoredNotification) =>
    (n.postId !== null && postIds.has(n.postId)) || (n.commentId !== null && commentIds.has(n.commentId));
  for (const stored of db.users) {
    const list = stored.notifications ?? [];
    const touches = list.some((n) => about(n) || n.actors.some((a) => a.id === memberId));
    if (!touches || stored._id === memberId) continue;
    const user = touch(db, stored);
    user.notifications = list
      .filter((n) => !about(n))
      .map((n) => ({ ...n, actors: n.actors.filter((a) => a.id !== memberId) }))
      .filter((n) => n.actors.length > 0);
    user.unreadNotifications = user.notifications.filter((n) => isUnread(n, user)).length;
  }
}

export class MemoryNotificationStore implements NotificationStore {
  constructor(
    private readonly ctx: Ctx,
    private readonly v2: V2Renderer,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  addActor(recipientId: string, ref: NotificationRef, actorId: string, now: string): void {
    const user = findUser(this.db, recipientId);
    if (!user) return;
    const list = (user.notifications ??= []);
    let notification = list.find((n) => n.key === ref.key);
    const wasUnread = notification !== undefined && isUnread(notification, user);
    if (!notification) {
      notification = { id: takeNumericId(this.db), ...ref, actors: [], updatedAt: now, seq: 0 };
      list.push(notification);
    }
    notification.actors = [...notification.actors.filter((a) => a.id !== actorId), { id: actorId, at: now }];
    notification.updatedAt = now;
    notification.seq = nextSeq(this.db);
    if (!wasUnread && isUnread(notification, user)) user.unreadNotifications = (user.unreadNotifications ?? 0) + 1;
  }

  removeActor(recipientId: string, key: string, actorId: string): { id: string; gone: boolean } | null {
    const user = indexOf(this.db).usersById.get(recipientId);
    const notification = user?.notifications?.find((n) => n.key === key);
    if (!user || !notification || !notification.actors.some((a) => a.id === actorId)) return null;
    findUser(this.db, recipientId);
    notification.actors = notification.actors.filter((a) => a.id !== actorId);
    if (notification.actors.length > 0) return { id: notification.id, gone: false };
    this.drop(user, [notification]);
    return { id: notification.id, gone: true };
  }

  /** Takes the notifications out of the member's record (already marked for the write), the unread count with them. */
  private drop(user: StoredUser, gone: StoredNotification[]): void {
    const unread = gone.filter((n) => isUnread(n, user)).length;
    user.notifications = (user.notifications ?? []).filter((n) => !gone.includes(n));
    if (unread > 0) user.unreadNotifications = Math.max(0, (user.unreadNotifications ?? 0) - unread);
  }

  removeAbout(subject: MentionSource): { recipientId: string; id: string }[] {
    const removed: { recipientId: string; id: string }[] = [];
    for (const user of this.db.users) {
      const gone = (user.notifications ?? []).filter((n) => isAbout(n, subject));
      if (gone.length === 0) continue;
      this.drop(findUser(this.db, user._id) ?? user, gone);
      for (const n of gone) removed.push({ recipientId: user._id, id: n.id });
    }
    return removed;
  }

  /** The text a notification quotes: the reply's, the comment's or the post's. */
  private textOf(notification: StoredNotification): string {
    const post = notification.postId === null ? undefined : indexOf(this.db).postsById.get(notification.postId);
    const comment = post?.comments.find((c) => c._id === notification.commentId);
    const reply = comment?.replies.find((r) => r._id === notification.replyId);
    const text = notification.kind === 'like' ? post?.content : (reply ?? comment ?? post)?.content;
    return (text ?? '').slice(0, NOTIFICATION_EXCERPT_LENGTH * 2);
  }

  private rowOf(user: StoredUser, notification: StoredNotification): NotificationRow {
    const newest = notification.actors[notification.actors.length - 1];
    return {
      id: notification.id,
      seq: notification.seq,
      kind: notification.kind,
      postId: notification.postId,
      commentId: notification.commentId,
      replyId: notification.replyId,
      actor: newest ? this.v2.author(newest.id) : null,
      actorCount: notification.actors.length,
      text: this.textOf(notification),
      updatedAt: notification.updatedAt,
      unread: isUnread(notification, user),
    };
  }

  keysWithActor(recipientId: string, actorId: string): string[] {
    const user = indexOf(this.db).usersById.get(recipientId);
    return (user?.notifications ?? []).filter((n) => n.actors.some((a) => a.id === actorId)).map((n) => n.key);
  }

  readNotification(recipientId: string, key: string): NotificationRead | null {
    const user = indexOf(this.db).usersById.get(recipientId);
    const notification = user?.notifications?.find((n) => n.key === key);
    return user && notification ? { notification: this.rowOf(user, notification), unreadCount: this.unreadCount(recipientId) } : null;
  }

  readNotifications(recipientId: string, before: number | null, count: number): NotificationRow[] {
    const user = indexOf(this.db).usersById.get(recipientId);
    if (!user) return [];
    return (user.notifications ?? [])
      .filter((n) => before === null || n.seq < before)
      .sort(newestFirst)
      .slice(0, count)
      .map((n) => this.rowOf(user, n));
  }

  unreadCount(recipientId: string): number {
    return indexOf(this.db).usersById.get(recipientId)?.unreadNotifications ?? 0;
  }

  markAllRead(recipientId: string): boolean {
    const user = findUser(this.db, recipientId);
    if (!user) return false;
    const hadUnread = (user.unreadNotifications ?? 0) > 0;
    user.notificationsReadSeq = nextSeq(this.db);
    user.unreadNotifications = 0;
    return hadUnread;
  }

  silences(recipientId: string, actorId: string, now: string): boolean {
    const recipient = indexOf(this.db).usersById.get(recipientId);
    return (
      blockSideOf(this.db, recipientId, actorId) !== 'none' ||
      !!recipient?.mutes?.some((m) => m.memberId === actorId && muteInForce(m, now))
    );
  }

  membersByHandle(handles: readonly string[]): string[] {
    const byHandle = indexOf(this.db).usersByHandle;
    return handles.flatMap((handle) => {
      const user = byHandle.get(handle.toLowerCase());
      return user ? [user._id] : [];
    });
  }

  /** The post, comment or reply record that holds the source's mentions (the post marked for the write when `change`). */
  private holder(source: MentionSource, change: boolean): { mentions?: string[]; mentionedOnce?: string[] } | undefined {
    const post: StoredPost | undefined = change ? findPost(this.db, source.postId) : indexOf(this.db).postsById.get(source.postId);
    if (!post || source.commentId === null) return post;
    const comment = post.comments.find((c) => c._id === source.commentId);
    return source.replyId === null ? comment : comment?.replies.find((r) => r._id === source.replyId);
  }

  mentionsOf(source: MentionSource): string[] {
    return [...(this.holder(source, false)?.mentions ?? [])];
  }

  firstMentions(source: MentionSource, memberIds: readonly string[]): string[] {
    const holder = this.holder(source, true);
    if (!holder) return [];
    const known = new Set(holder.mentionedOnce ?? []);
    const fresh = memberIds.filter((id) => !known.has(id));
    if (fresh.length > 0) holder.mentionedOnce = [...known, ...fresh];
    return fresh;
  }

  setMentions(source: MentionSource, memberIds: readonly string[]): void {
    const holder = this.holder(source, true);
    if (!holder) return;
    if (memberIds.length > 0) holder.mentions = [...memberIds];
    else delete holder.mentions;
  }
}
