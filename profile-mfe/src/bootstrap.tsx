import React from 'react';
import { Route } from 'react-router-dom';
import { startDevHost } from '@social/shell/dev-host';
import { ROUTES, pathTo } from '@social/shell/routes';
import ProfilePage from './page/ProfilePage';
import SettingsPage from './settings/SettingsPage';

// Handles from the seed (mock-api/src/server/seed/users.ts): test user 1 is signed in.
void startDevHost({
  name: 'profile-mfe',
  routes: (
    <>
      <Route path={ROUTES.profile} element={<ProfilePage />} />
      <Route path={ROUTES.settings} element={<SettingsPage />} />
    </>
  ),
  links: [
    { to: pathTo('profile', { userHandler: 'adarshbalika' }), label: 'My profile (Adarsh)' },
    { to: pathTo('profile', { userHandler: 'meeranair' }), label: 'Meera (followed)' },
    { to: pathTo('profile', { userHandler: 'saraahmed' }), label: 'Sara (not followed)' },
    { to: pathTo('profile', { userHandler: 'no-such-member' }), label: 'Unknown handle' },
    { to: pathTo('settings'), label: 'Settings' },
  ],
});
