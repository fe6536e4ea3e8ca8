import React from 'react';
import { Route } from 'react-router-dom';
import { startDevHost } from '@social/shell/dev-host';
import PostPage from './page/PostPage';
import { DevHome } from './dev/DevHome';

void startDevHost({
  name: 'post-mfe',
  links: [
    { to: '/', label: 'Cards' },
    { to: '/post/p01-sunrise', label: 'A post page' },
    { to: '/post/no-such-post', label: 'Unknown post' },
  ],
  routes: (
    <>
      <Route path="/" element={<DevHome />} />
      <Route path="/post/:postId" element={<PostPage />} />
      <Route path="*" element={<p className="muted">This page belongs to another remote; the post remote's dev page has / and /post/:postId.</p>} />
    </>
  ),
});
