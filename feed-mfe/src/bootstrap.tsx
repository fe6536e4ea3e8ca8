import React from 'react';
import { Route } from 'react-router-dom';
import { startDevHost } from '@social/shell/dev-host';
import FeedPage from './feed/FeedPage';

void startDevHost({
  name: 'feed-mfe',
  links: [
    { to: '/', label: 'Home' },
    { to: '/explore', label: 'Explore' },
  ],
  routes: (
    <>
      <Route path="/" element={<FeedPage key="home" mode="home" />} />
      <Route path="/explore" element={<FeedPage key="explore" mode="explore" />} />
    </>
  ),
});
