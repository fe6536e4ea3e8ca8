/**
 * A returning member's first screen (shell/src/data/snapshot.ts): Home as the member last saw
 * it is shown at once on the next page, then asked again; it is never shown to another member
 * and does not outlive the session.
 */
import React from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { InfiniteData } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@social/mock-api/contract';
import type { PostV2, PostsPageV2 } from '@social/mock-api/contract-v2';
import { setUpTestBackend } from '../../tools/jest/backend-kit';
import { auth$, logout } from '../src/bus';
import { createQueryClient, queryClient, queryKeys, useFeed } from '../src/data';
import { restoreSnapshot, saveSnapshot, SNAPSHOT_MAX_AGE_MS } from '../src/data/snapshot';
import { ada, grace } from './fixtures';

const ctx = setUpTestBackend({ signIn: true });

function post(n: number, overrides: Partial<PostV2> = {}): PostV2 {
  return {
    _id: `snap-${n}`,
    id: String(900000 + n),
    userId: ada._id,
    author: { _id: ada._id, firstName: ada.firstName, lastName: ada.lastName, userHandler: ada.userHandler, pic: '' },
    content: `Remembered post ${n}`,
    pic: '',
    picAlt: '',
    pictures: [],
    edited: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    likeCount: n,
    dislikeCount: 0,
    commentCount: 0,
    repostCount: 0,
    viewer: { reaction: null, bookmarked: false, reposted: false },
    ...overrides,
  };
}

const pages = (...lists: PostV2[][]): InfiniteData<PostsPageV2, string | null> => ({
  pages: lists.map((posts, i) => ({ posts, nextCursor: i < lists.length - 1 ? `c${i + 1}` : 'c-more' })),
  pageParams: lists.map((_, i) => (i === 0 ? null : `c${i}`)),
});

const stored = () => window.localStorage.getItem(STORAGE_KEYS.homeSnapshot);

function homeWith(...lists: PostV2[][]) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.feed('home', 'latest'), pages(...lists));
  client.setQueryData(queryKeys.suggested, [grace]);
  client.setQueryData(queryKeys.feed('explore', 'latest'), pages([post(9)]));
  return client;
}

afterEach(() => window.localStorage.removeItem(STORAGE_KEYS.homeSnapshot));

test('Home is kept for its member: the first page of posts and the suggestions, nothing else', () => {
  saveSnapshot(homeWith([post(1), post(2)], [post(3)]), ada._id);
  const snapshot = JSON.parse(stored()!) as { memberId: string; state: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
  expect(snapshot.memberId).toBe(ada._id);
  expect(snapshot.state.queries.map((q) => q.queryKey)).toEqual([queryKeys.feed('home', 'latest'), queryKeys.suggested]);
  const home = snapshot.state.queries[0]!.state.data as InfiniteData<PostsPageV2>;
  expect(home.pages.map((page) => page.posts.map((p) => p._id))).toEqual([['snap-1', 'snap-2']]);
});

test('the same member gets it back, marked stale, with each post in its entry', () => {
  saveSnapshot(homeWith([post(1), post(2)]), ada._id);
  const client = createQueryClient();
  expect(restoreSnapshot(client, ada._id)).toBe(true);
  const home = client.getQueryData<InfiniteData<PostsPageV2>>(queryKeys.feed('home', 'latest'));
  expect(home?.pages[0]?.posts.map((p) => p.content)).toEqual(['Remembered post 1', 'Remembered post 2']);
  expect(client.getQueryState(queryKeys.feed('home', 'latest'))?.isInvalidated).toBe(true);
  expect(client.getQueryData<PostV2>(queryKeys.post('snap-2'))?.likeCount).toBe(2);
  expect(client.getQueryData(queryKeys.member(grace._id))).toEqual(grace);
});

test('another member, an old snapshot or a damaged one is not shown, and is deleted', () => {
  saveSnapshot(homeWith([post(1)]), ada._id);
  expect(restoreSnapshot(createQueryClient(), grace._id)).toBe(false);
  expect(stored()).toBeNull();

  const savedAt = Date.now();
  saveSnapshot(homeWith([post(1)]), ada._id, savedAt);
  expect(restoreSnapshot(createQueryClient(), ada._id, savedAt + SNAPSHOT_MAX_AGE_MS)).toBe(false);
  expect(stored()).toBeNull();

  window.localStorage.setItem(STORAGE_KEYS.homeSnapshot, '{"version":1,"memberId":');
  const client = createQueryClient();
  expect(restoreSnapshot(client, ada._id)).toBe(false);
  expect(client.getQueryData(queryKeys.feed('home', 'latest'))).toBeUndefined();
  expect(stored()).toBeNull();
});

test('a picture that dies with the page (blob:) is not kept', () => {
  saveSnapshot(homeWith([post(1)]), ada._id);
  saveSnapshot(homeWith([post(1, { pic: 'blob:http://localhost/1234' })]), ada._id);
  expect(stored()).toBeNull();
});

test('leaving the page keeps Home; signing out deletes it', () => {
  const me = auth$.value!.user._id;
  queryClient.setQueryData(queryKeys.feed('home', 'latest'), pages([post(1)]));
  act(() => {
    window.dispatchEvent(new Event('pagehide'));
  });
  expect(JSON.parse(stored()!).memberId).toBe(me);
  act(() => logout());
  expect(stored()).toBeNull();
});

function Home() {
  const feed = useFeed('home', 'latest');
  return (
    <ul>
      {feed.items.map((p) => (
        <li key={p._id}>{p.content}</li>
      ))}
    </ul>
  );
}

test('Home shows the snapshot at once, then what the server answers', async () => {
  const me = auth$.value!.user._id;
  saveSnapshot(homeWith([post(1, { userId: me })]), me);
  restoreSnapshot(queryClient, me);
  render(<Home />);
  // Before any answer: the posts the member saw last time.
  expect(screen.getByText('Remembered post 1')).toBeInTheDocument();
  // Then the server's Home (test user 1's seed feed), which does not have the remembered post.
  await waitFor(() => expect(screen.queryByText('Remembered post 1')).not.toBeInTheDocument());
  expect(screen.getAllByRole('listitem').length).toBeGreaterThan(0);
  expect(ctx.toasts).toEqual([]);
});
