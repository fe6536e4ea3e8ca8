/** v2 notifications: the member's page, their unread count, and "mark all read" (../../core/notifications.ts). */
import { runNow } from '../../core/operation';
import { markNotificationsRead, readNotificationPage, readUnreadCount } from '../../core/notifications';
import type { Ctx } from '../backend';
import { MemoryPostStore } from '../post-store';
import { actorOf, answered, ok, v2Read, v2Write, type RouteKit } from '../routes/kit';

const store = (ctx: Ctx) => new MemoryPostStore(ctx).notifications;

export function notificationRoutesV2(r: RouteKit): void {
  v2Read(r, 'notifications', (ctx) => ok(runNow(readNotificationPage(store(ctx), actorOf(ctx), ctx.query))));
  v2Read(r, 'unreadNotifications', (ctx) => ok(runNow(readUnreadCount(store(ctx), actorOf(ctx)))));
  v2Write(r, 'readNotifications', (ctx) => answered(200, runNow(markNotificationsRead(store(ctx), actorOf(ctx))), (result) => result));
}
