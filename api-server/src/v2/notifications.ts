/** /v2/notifications: the member's page, their unread count, and "mark all read" (mock-api/src/core/notifications.ts). */
import { markNotificationsRead, readNotificationPage, readUnreadCount, runAsync } from '@social/mock-api/core';
import { ok } from '../kit';
import { SqlNotificationStore } from '../notification-store';
import type { RouteKit } from '../routes/kit';
import { asMember, route } from './kit';

export function notificationRoutes(r: RouteKit): void {
  route(r, 'notifications', (ctx) =>
    asMember(ctx, async (t) => ok(await runAsync(readNotificationPage(new SqlNotificationStore(t.ex, ctx.origin), t.actor, ctx.query)))),
  );
  route(r, 'unreadNotifications', (ctx) =>
    asMember(ctx, async (t) => ok(await runAsync(readUnreadCount(new SqlNotificationStore(t.ex, ctx.origin), t.actor)))),
  );
  // One statement: no transaction.
  route(r, 'readNotifications', (ctx) =>
    asMember(ctx, async (t) => ok((await runAsync(markNotificationsRead(new SqlNotificationStore(t.ex, ctx.origin), t.actor))).result)),
  );
}
