import React from 'react';
import { Route } from 'react-router-dom';
import { startDevHost } from '@social/shell/dev-host';
import { ROUTES, pathTo } from '@social/shell/routes';
import FeedPage from './feed/FeedPage';
import TagPage from './feed/TagPage';
import SearchPage from './search/SearchPage';

void startDevHost({
  name: 'feed-mfe',
  links: [
    { to: pathTo('home'), label: 'Home' },
    { to: pathTo('explore'), label: 'Explore' },
  ],
  routes: (
    <>
      <Route path={ROUTES.home} element={<FeedPage key="home" mode="home" />} />
      <Route path={ROUTES.explore} element={<FeedPage key="explore" mode="explore" />} />
      <Route path={ROUTES.tag} element={<TagPage />} />
      <Route path={ROUTES.search} element={<SearchPage />} />
    </>
  ),
});
