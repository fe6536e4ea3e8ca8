import React from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ROUTES, pathTo } from '@social/shell/routes';
import { useQuery } from '@tanstack/react-query';
import type { CommentV2, CommentsPageV2, PostV2, PostsPageV2 } from '@social/mock-api/contract-v2';
import { api } from '@social/shell/bus';
import { queryClient, queryKeys, seedPosts } from '@social/shell/data';
import PostCard from '../src/card/PostCard';
import PostPage from '../src/page/PostPage';
import { requestsTo, setUpTestBackend, type SeenToast } from '../../tools/jest/backend-kit';
export { requestsTo, type SeenToast };

/** Where the router is, for assertions on navigation. */
function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname}</output>;
}

/** A list of posts in the query cache, as a feed holds one (every post of the seed, newest first). */
export const LIST_KEY = [...queryKeys.postLists, 'test-list'];

/** Reads the list from the server into the cache (and each post into its entry), as a feed page does. */
export async function loadList(): Promise<void> {
  const page = await api.v2.feed.explore({ sort: 'latest', limit: 50 });
  seedPosts(page.posts);
  queryClient.setQueryData(LIST_KEY, { pages: [page], pageParams: [null] });
}

/** One card of that list, as the feed renders it: gone when the list no longer holds the post. */
function ListedCard({ postId }: { postId: string }) {
  const { data } = useQuery<{ pages: PostsPageV2[] }>({ queryKey: LIST_KEY, enabled: false }, queryClient);
  const post = data?.pages.flatMap((p) => p.posts).find((p) => p._id === postId);
  return post ? <PostCard post={post} /> : <p>Card gone</p>;
}

/** A card at '/', the post page at /post/:postId, and the current path. */
export function renderCard(postId: string) {
  return renderAt(pathTo('home'), <ListedCard postId={postId} />);
}

export function renderPostPage(postId: string) {
  return renderAt(pathTo('post', { postId }));
}

/** The routes inside one <main> that stays across them, as the shell's pages are (shell/src/app/App.tsx). */
function renderAt(path: string, home: React.ReactNode = <p>Home</p>) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <main tabIndex={-1}>
        <Routes>
          <Route path={ROUTES.home} element={home} />
          <Route path={ROUTES.post} element={<PostPage />} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
      </main>
      <Where />
    </MemoryRouter>,
  );
}

/** The real fake backend in test mode (requests recorded), user 1 (Adarsh) signed in, toasts collected, the list loaded. */
export const setupBackend = ({ loadPosts = true }: { loadPosts?: boolean } = {}) => {
  const ctx = setUpTestBackend({ signIn: true });
  if (loadPosts) beforeEach(loadList);
  return ctx;
};

/** A post as the query cache holds it (what every remote shows), or undefined once it is gone. */
export function listed(postId: string): PostV2 | undefined {
  return queryClient.getQueryData<PostV2>(queryKeys.post(postId));
}

export const ADARSH_ID = 'u1-adarsh';

/** A post's comments as the query cache holds them (what the post page shows). */
export function cachedComments(postId: string): CommentV2[] {
  return queryClient.getQueryData<{ pages: CommentsPageV2[] }>(queryKeys.comments(postId))?.pages.flatMap((p) => p.comments) ?? [];
}

/**
 * jsdom decodes no image: the browser's decoder (createImageBitmap) stands in until the test
 * ends, answering this size for every file (readImageFile keeps a small one as it is, with it).
 */
export function decodesAs(width: number, height: number): void {
  Object.assign(globalThis, { createImageBitmap: jest.fn(async () => ({ width, height, close: () => undefined })) });
}
afterEach(() => {
  delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
});
