import React from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ROUTES, pathTo } from '@social/shell/routes';
import { type Post } from '@social/mock-api/contract';
import { posts$, usePosts } from '@social/shell/bus';
import PostCard from '../src/card/PostCard';
import PostPage from '../src/page/PostPage';
import { requestsTo, setUpTestBackend, type SeenToast } from '../../tools/jest/backend-kit';
export { requestsTo, type SeenToast };

/** Where the router is, for assertions on navigation. */
function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname}</output>;
}

/** One card that follows the shared posts list, as the feed renders it. */
function ListedCard({ postId }: { postId: string }) {
  const { allPosts } = usePosts();
  const post = allPosts.find((p) => p._id === postId);
  return post ? <PostCard post={post} /> : <p>Card gone</p>;
}

/** A card at '/', the post page at /post/:postId, and the current path. */
export function renderCard(postId: string) {
  return renderAt(pathTo('home'), <ListedCard postId={postId} />);
}

export function renderPostPage(postId: string) {
  return renderAt(pathTo('post', { postId }));
}

function renderAt(path: string, home: React.ReactNode = <p>Home</p>) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={ROUTES.home} element={home} />
        <Route path={ROUTES.post} element={<PostPage />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

/** The real fake backend in test mode (requests recorded), user 1 (Adarsh) signed in, toasts collected. */
export const setupBackend = ({ loadPosts = true }: { loadPosts?: boolean } = {}) => setUpTestBackend({ signIn: true, loadPosts });


/** A post of the shared list (what every remote sees). */
export function listed(postId: string): Post | undefined {
  return posts$.value.allPosts.find((p) => p._id === postId);
}

export const ADARSH_ID = 'u1-adarsh';
