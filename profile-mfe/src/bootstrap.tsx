import React from 'react';
import { Route } from 'react-router-dom';
import { startDevHost } from '@social/shell/dev-host';
import ProfilePage from './profile/ProfilePage';

void startDevHost({
  name: 'profile-mfe',
  routes: <Route path="/profile/:userHandler" element={<ProfilePage />} />,
});
