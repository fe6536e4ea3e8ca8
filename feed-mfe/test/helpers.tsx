import React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ROUTES, pathTo } from '@social/shell/routes';
import FeedPage from '../src/feed/FeedPage';
import TagPage from '../src/feed/TagPage';
import SearchPage from '../src/search/SearchPage';
import { installIntersectionObserver } from './intersection-observer-double';
import { setUpTestBackend, type SeenToast } from '../../tools/jest/backend-kit';
export type Toast = SeenToast;

/** Starts a fresh fake backend, signs in test user 1, loads the members list; collects toasts. */
export const setUpFeedTests = ({ extraPosts = 0 }: { extraPosts?: number } = {}) =>
  setUpTestBackend({ serverOptions: { extraPosts }, signIn: true, before: installIntersectionObserver });

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="Current path">{pathname}</output>;
}

export function renderFeed(mode: 'home' | 'explore') {
  return render(
    <MemoryRouter initialEntries={[pathTo(mode)]}>
      <Routes>
        <Route path={ROUTES.home} element={<FeedPage key="home" mode="home" />} />
        <Route path={ROUTES.explore} element={<FeedPage key="explore" mode="explore" />} />
        <Route path={ROUTES.profile} element={<p>Profile page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

/** A tag's page at /tag/{tag} (the tag as the address has it), with the feeds and the current path. */
export function renderTagPage(tag: string) {
  return render(
    <MemoryRouter initialEntries={[pathTo('tag', { tag })]}>
      <Routes>
        <Route path={ROUTES.tag} element={<TagPage />} />
        <Route path={ROUTES.home} element={<FeedPage key="home" mode="home" />} />
        <Route path={ROUTES.post} element={<p>Post page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

/** The post search at /search?q={query} ('' : no query), with the tag pages and the current address. */
export function renderSearchPage(query: string) {
  return render(
    <MemoryRouter initialEntries={[query ? `${pathTo('search')}?q=${encodeURIComponent(query)}` : pathTo('search')]}>
      <Routes>
        <Route path={ROUTES.search} element={<SearchPage />} />
        <Route path={ROUTES.tag} element={<TagPage />} />
      </Routes>
      <WhereWithQuery />
    </MemoryRouter>,
  );
}

function WhereWithQuery() {
  const { pathname, search } = useLocation();
  return <output aria-label="Current address">{`${pathname}${search}`}</output>;
}

/** Ids of the post cards in the order shown (post-mfe's real cards, through tools/jest/federation-kit.tsx). */
export { shownPostIds } from '../../tools/jest/federation-kit';

/**
 * Waits until the feed has cards and the 500 ms page-change spinner has gone (cards already in
 * hand show under it), so the infinite scroll is on.
 */
export async function findCards(count?: number) {
  // Generous: a loaded 2-core machine can take seconds to seed 1,000 posts and render the first page.
  await screen.findAllByRole('article', {}, { timeout: 10000 });
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument(), { timeout: 10000 });
  const articles = screen.getAllByRole('article');
  if (count !== undefined) expect(articles).toHaveLength(count);
  return articles;
}
