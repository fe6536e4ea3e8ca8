import React from 'react';
import { Route } from 'react-router-dom';
import { startDevHost } from '@social/shell/dev-host';
import { ROUTES, pathTo } from '@social/shell/routes';
import PostPage from './page/PostPage';
import ModerationPage from './moderation/ModerationPage';
import { DevHome } from './dev/DevHome';

void startDevHost({
  name: 'post-mfe',
  links: [
    { to: pathTo('home'), label: 'Cards' },
    { to: pathTo('post', { postId: 'p01-sunrise' }), label: 'A post page' },
    { to: pathTo('post', { postId: 'no-such-post' }), label: 'Unknown post' },
    { to: pathTo('moderation'), label: 'Moderation' },
  ],
  routes: (
    <>
      <Route path={ROUTES.home} element={<DevHome />} />
      <Route path={ROUTES.post} element={<PostPage />} />
      <Route path={ROUTES.moderation} element={<ModerationPage />} />
      <Route
        path="*"
        element={
          <p className="muted">
            This page belongs to another remote; the post remote's dev page has {ROUTES.home} and {ROUTES.post}.
          </p>
        }
      />
    </>
  ),
});
