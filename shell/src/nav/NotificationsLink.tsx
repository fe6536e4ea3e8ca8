import React from 'react';
import { NavLink } from 'react-router-dom';
import { useUnreadNotifications } from '@social/shell/data';
import { pathTo } from '@social/shell/routes';
import { BellIcon } from '@social/shell/ui';

/** What the badge shows: the count, "99+" above 99. */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));

/** The bell to /notifications, with the stored unread count as a badge (live: the shell's live layer keeps it). */
export function NotificationsLink() {
  const unread = useUnreadNotifications();
  return (
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
  );
}
