import React from 'react';
import { Route } from 'react-router-dom';
import { startDevHost } from '@social/shell/dev-host';
import ProfilePage from './profile/ProfilePage';

// Handles from the seed (mock-api/src/server/seed/users.ts): test user 1 is signed in.
void startDevHost({
  name: 'profile-mfe',
  routes: <Route path="/profile/:userHandler" element={<ProfilePage />} />,
  links: [
    { to: '/profile/adarshbalika', label: 'My profile (Adarsh)' },
    { to: '/profile/meeranair', label: 'Meera (followed)' },
    { to: '/profile/saraahmed', label: 'Sara (not followed)' },
    { to: '/profile/no-such-member', label: 'Unknown handle' },
  ],
});
