import React from 'react';
import { Route } from 'react-router-dom';
import { startDevHost } from '@social/shell/dev-host';
import PostPage from './page/PostPage';

void startDevHost({
  name: 'post-mfe',
  routes: (
    <>
      <Route path="/post/:postId" element={<PostPage />} />
    </>
  ),
});
