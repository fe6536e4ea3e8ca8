import React, { Suspense, lazy, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { pathTo } from '@social/shell/routes';
import { BellIcon } from '@social/shell/ui';

// The count needs the data layer, which loads after start-up: the bell shows at once, its count when known.
const UnreadCount = lazy(() => import(/* webpackChunkName: "unread-count" */ './UnreadCount'));

/** What the badge shows: the count, "99+" above 99. */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));

/** The bell to /notifications, with the stored unread count as a badge (live: the shell's live layer keeps it). */
export function NotificationsLink() {
  const [unread, setUnread] = useState(0);
  return (
    <>
      <NavLink
        to={pathTo('notifications')}
        className="icon-btn topbar__link topbar__bell"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="topbar__badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        )}
      </NavLink>
      <Suspense fallback={null}>
        <UnreadCount onChange={setUnread} />
      </Suspense>
    </>
  );
}
