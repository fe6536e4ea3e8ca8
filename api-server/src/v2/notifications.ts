/** /v2/notifications: the member's page, their unread count, and "mark all read" (mock-api/src/core/notifications.ts). */
import { markNotificationsRead, readNotificationPage, readUnreadCount, runAsync } from '@social/mock-api/core';
import { ok } from '../kit';
import { SqlNotificationStore } from '../notification-store';
import type { RouteKit } from '../routes/kit';
import { asMember, route, write } from './kit';

export function notificationRoutes(r: RouteKit): void {
  route(r, 'notifications', (ctx) =>
    asMember(ctx, async (t) => ok(await runAsync(readNotificationPage(new SqlNotificationStore(t.ex, ctx.origin), t.actor, ctx.query)))),
  );
  route(r, 'unreadNotifications', (ctx) =>
    asMember(ctx, async (t) => ok(await runAsync(readUnreadCount(new SqlNotificationStore(t.ex, ctx.origin), t.actor)))),
  );
  // With its live event (the member's other pages): one transaction.
  route(r, 'readNotifications', (ctx) =>
    write(ctx, async (t) => ok((await t.perform(markNotificationsRead(new SqlNotificationStore(t.ex, ctx.origin), t.actor))).result)),
  );
}
