import React from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { makeServer, type Server } from '@social/mock-api/server';
import { api, events$, logout, refreshUsers, setAuth, setPosts, setUsers, type ToastType } from '@social/shell/bus';
import FeedPage from '../src/feed/FeedPage';
import { installIntersectionObserver } from './intersectionObserverDouble';

export interface Toast {
  toastType: ToastType;
  message: string;
}

/** Starts a fresh fake backend, signs in test user 1, loads the members list; collects toasts. */
export function setUpFeedTests({ extraPosts = 0 }: { extraPosts?: number } = {}) {
  const ctx = { server: null as Server | null, toasts: [] as Toast[] };
  let unsubscribe = () => undefined as void;
  beforeEach(async () => {
    installIntersectionObserver();
    ctx.server = makeServer({ environment: 'test', extraPosts });
    ctx.toasts = [];
    const subscription = events$.subscribe((event) => {
      if (event.type === 'toast') ctx.toasts.push({ toastType: event.toastType, message: event.message });
    });
    unsubscribe = () => subscription.unsubscribe();
    const { foundUser, encodedToken } = await api.auth.login(TEST_CREDENTIALS[0]!);
    setAuth({ token: encodedToken, user: foundUser });
    await refreshUsers();
  });
  afterEach(() => {
    unsubscribe();
    logout();
    setPosts([]);
    setUsers([]);
    ctx.server?.shutdown();
  });
  return ctx;
}

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="Current path">{pathname}</output>;
}

export function renderFeed(mode: 'home' | 'explore') {
  return render(
    <MemoryRouter initialEntries={[mode === 'home' ? '/' : '/explore']}>
      <Routes>
        <Route path="/" element={<FeedPage key="home" mode="home" />} />
        <Route path="/explore" element={<FeedPage key="explore" mode="explore" />} />
        <Route path="/profile/:userHandler" element={<p>Profile page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

/** Ids of the post cards in the order shown. */
export const shownPostIds = (): string[] =>
  screen.queryAllByRole('article').map((article) => article.getAttribute('data-post-id') ?? '');

/** Waits past the 500 ms page-change spinner until the feed has cards. */
export async function findCards(count?: number) {
  const articles = await screen.findAllByRole('article', {}, { timeout: 3000 });
  if (count !== undefined) expect(articles).toHaveLength(count);
  return articles;
}
