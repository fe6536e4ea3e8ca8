import React, { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { NotificationV2 } from '@social/mock-api/contract-v2';
import { errorMessage, useAuth } from '@social/shell/bus';
import { markNotificationsRead, useNotifications, useUnreadNotifications } from '@social/shell/data';
import { pathTo } from '@social/shell/routes';
import { Avatar, formatFullDate, formatRelativeDate, fullName, Spinner, useSentinel } from '@social/shell/ui';
import { notificationText } from './notification-text';
import './notifications.css';

/** Where a notification leads: the post it is about, or the member who followed. */
function targetOf(notification: NotificationV2): string {
  if (notification.postId) return pathTo('post', { postId: notification.postId });
  return pathTo('profile', { userHandler: notification.actor.userHandler || notification.actor._id });
}

function NotificationItem({ notification, isNew }: { notification: NotificationV2; isNew: boolean }) {
  return (
    <li className={isNew ? 'notification notification--new' : 'notification'}>
      <Avatar src={notification.actor.pic} name={fullName(notification.actor)} size={40} decorative />
      <div className="notification__body">
        <Link to={targetOf(notification)} className="notification__link">
          {notificationText(notification)}
        </Link>
        {/* Plain text: React escapes it, nothing in it becomes markup. */}
        {notification.excerpt && <p className="notification__excerpt">{notification.excerpt}</p>}
        <p className="notification__meta muted">
          <time dateTime={notification.updatedAt} title={formatFullDate(notification.updatedAt)}>
            {formatRelativeDate(notification.updatedAt)}
          </time>
          {isNew && <span className="notification__new">New</span>}
        </p>
      </div>
    </li>
  );
}

/**
 * `/notifications`: the member's notifications, newest first, with the feed's infinite scroll.
 * Opening the page marks every notification read (and so does one arriving while it is open);
 * the ones that were unread keep a "New" mark while the page stays open.
 */
export default function NotificationsPage() {
  const auth = useAuth();
  const list = useNotifications();
  const unread = useUnreadNotifications();
  // Every notification seen unread while the page is open.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const unseen = list.items.filter((n) => !n.read && !fresh.has(n._id));
    if (unseen.length > 0) setFresh((known) => new Set([...known, ...unseen.map((n) => n._id)]));
  }, [list.items, fresh]);
  useEffect(() => {
    // A failed mark leaves the badge as it is: the member still sees they have unread ones.
    if (auth && unread > 0) markNotificationsRead().catch(() => undefined);
  }, [auth, unread]);

  const sentinel = useRef<HTMLDivElement>(null);
  const canLoadMore = list.hasNextPage && !list.isFetchingNextPage && !list.error;
  const observing = useSentinel(sentinel, list.fetchNextPage, { enabled: canLoadMore, resetKey: list.items.length });

  if (!auth) return null; // The shell's guard sends signed-out visitors to /login.

  let body: React.ReactNode;
  if (list.isPending && !list.error) body = <Spinner size="page" />;
  else if (list.items.length === 0 && !list.hasNextPage && !list.error) body = <p className="notifications__empty">No notifications yet</p>;
  else
    body = (
      <ul className="notifications__list" aria-label="Notifications">
        {list.items.map((notification) => (
          <NotificationItem key={notification._id} notification={notification} isNew={fresh.has(notification._id)} />
        ))}
      </ul>
    );

  return (
    <div className="notifications">
      <h1 className="notifications__title">Notifications</h1>
      {body}
      {list.isFetchingNextPage && <Spinner size="small" />}
      {list.error !== null && (
        <div className="notifications__error" role="alert">
          <p>Notifications could not be loaded: {errorMessage(list.error)}</p>
          <button type="button" className="btn btn--primary" onClick={list.retry}>
            Try again
          </button>
        </div>
      )}
      {!observing && canLoadMore && (
        <button type="button" className="btn notifications__more" onClick={list.fetchNextPage}>
          Show more notifications
        </button>
      )}
      <div ref={sentinel} className="notifications__sentinel" aria-hidden="true" />
    </div>
  );
}
