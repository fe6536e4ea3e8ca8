/**
 * New posts that arrived live for a feed (home or explore, Latest order) and wait behind the
 * "Show N new posts" button: they never go into the list by themselves, so nothing the member
 * is reading moves. `showNewPosts` puts them on top of the feed's first page.
 */
import { useSyncExternalStore } from 'react';
import type { PostV2 } from '@social/mock-api/contract-v2';
import type { QueryClient } from '@tanstack/react-query';
import { queryClient as defaultClient, queryKeys, type FeedMode } from '../client';
import { prependPost } from '../cache';

type Pending = Record<FeedMode, readonly PostV2[]>;

const EMPTY: readonly PostV2[] = [];
let pending: Pending = { home: EMPTY, explore: EMPTY };
const listeners = new Set<() => void>();

function set(next: Pending): void {
  pending = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The posts waiting for `mode`, newest first. */
export function newPostsOf(mode: FeedMode): readonly PostV2[] {
  return pending[mode];
}

/** A new post waits for `mode` (once; the newest on top). */
export function addNewPost(mode: FeedMode, post: PostV2): void {
  if (pending[mode].some((p) => p._id === post._id)) return;
  set({ ...pending, [mode]: [post, ...pending[mode]] });
}

/** A waiting post changed (edited, counted) or went (deleted: `post` null). */
export function updateNewPost(postId: string, update: (post: PostV2) => PostV2 | null): void {
  let changed = false;
  const next = { ...pending };
  for (const mode of ['home', 'explore'] as const) {
    if (!pending[mode].some((p) => p._id === postId)) continue;
    changed = true;
    next[mode] = pending[mode].flatMap((p) => {
      if (p._id !== postId) return [p];
      const updated = update(p);
      return updated ? [updated] : [];
    });
  }
  if (changed) set(next);
}

/** Each waiting post through `update` (its author's name or picture changed); `update` answers the same post for no change. */
export function updateEveryNewPost(update: (post: PostV2) => PostV2): void {
  let changed = false;
  const next = { ...pending };
  for (const mode of ['home', 'explore'] as const) {
    const posts = pending[mode].map((p) => update(p));
    if (posts.every((p, i) => p === pending[mode][i])) continue;
    changed = true;
    next[mode] = posts;
  }
  if (changed) set(next);
}

/** Nothing waits any more for `mode` (or for any feed: a sign-out, a reset). */
export function clearNewPosts(mode?: FeedMode): void {
  if (mode) {
    if (pending[mode].length > 0) set({ ...pending, [mode]: EMPTY });
  } else if (pending.home.length > 0 || pending.explore.length > 0) set({ home: EMPTY, explore: EMPTY });
}

/** Puts the waiting posts on top of the feed's Latest first page, newest on top; answers how many. */
export function showNewPosts(mode: FeedMode, client: QueryClient = defaultClient): number {
  const posts = pending[mode];
  // Oldest first, so each goes above the one before it and the newest ends on top.
  for (const post of [...posts].reverse()) prependPost(post, [queryKeys.feed(mode, 'latest')], client);
  clearNewPosts(mode);
  return posts.length;
}

/** The posts waiting for a feed that it does not show yet (a refetch may have brought some). */
export function useNewPosts(mode: FeedMode, shown: readonly { _id: string }[]): readonly PostV2[] {
  const waiting = useSyncExternalStore(subscribe, () => pending[mode]);
  if (waiting.length === 0) return waiting;
  const ids = new Set(shown.map((p) => p._id));
  return waiting.filter((p) => !ids.has(p._id));
}
