import React from 'react';
import { Route } from 'react-router-dom';
import { startDevHost } from '@social/shell/dev-host';
import { ROUTES, pathTo } from '@social/shell/routes';
import NotificationsPage from './page/NotificationsPage';

void startDevHost({
  name: 'notifications-mfe',
  links: [{ to: pathTo('notifications'), label: 'Notifications' }],
  routes: <Route path={ROUTES.notifications} element={<NotificationsPage />} />,
});
