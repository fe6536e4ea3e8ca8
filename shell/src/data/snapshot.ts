/**
 * The returning member's first screen (issue 24, docs/data-layer.md "Returning member"): what
 * Home showed when the member last left a page (its first page of posts, the suggested
 * members) is kept in localStorage and put back into the query cache when the next page starts
 * signed in as the same member. The page shows it at once and asks for it again at once, as a
 * social network's app opens on the last feed and then brings what is new; without it, Home
 * waited for the backend's answer (400 ms by the spec's fake backend) on every visit.
 *
 * Kept only for the member it belongs to: a logout, a refused token or another member signing
 * in deletes it (./index.ts), and a snapshot of another member is never shown. Nothing private
 * is in it (public posts and members, with the member's own reactions and bookmarks). A
 * page-bound picture (a `blob:` address of the in-page fake backend) would be dead after the
 * reload, so a snapshot holding one is not kept.
 */
import { dehydrate, hydrate, type DehydratedState, type InfiniteData, type Query, type QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@social/mock-api/contract';
import type { MemberV2, PostsPageV2 } from '@social/mock-api/contract-v2';
import { readStorage } from '../bus/read-storage';
import { queryKeys } from './client';
import { seedMembers, seedPosts } from './cache';

const SNAPSHOT_KEY = STORAGE_KEYS.homeSnapshot;
const VERSION = 1;
/** An older snapshot is not shown: after a week away, last visit's feed is no help. */
export const SNAPSHOT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface Snapshot {
  version: number;
  memberId: string;
  savedAt: number;
  state: DehydratedState;
}

const KEPT = new Set([queryKeys.feed('home', 'latest'), queryKeys.suggested].map((key) => JSON.stringify(key)));
const isKept = (query: Pick<Query, 'queryKey'>) => KEPT.has(JSON.stringify(query.queryKey));

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // Storage blocked by the browser's settings: nothing is kept.
  }
}

export function forgetSnapshot(): void {
  try {
    storage()?.removeItem(SNAPSHOT_KEY);
  } catch {
    /* blocked storage: there is nothing to forget */
  }
}

/** A feed's first page only: the next visit starts at the top; further pages load as it scrolls. */
function firstPageOnly(data: unknown): unknown {
  const pages = data as InfiniteData<PostsPageV2, string | null> | undefined;
  if (!pages || !Array.isArray(pages.pages) || pages.pages.length <= 1) return data;
  return { pages: pages.pages.slice(0, 1), pageParams: pages.pageParams.slice(0, 1) };
}

/** Keeps what Home shows for `memberId` (called when the page is hidden or left). */
export function saveSnapshot(client: QueryClient, memberId: string | undefined, now = Date.now()): void {
  const store = storage();
  if (!store || !memberId) return;
  const state = dehydrate(client, { shouldDehydrateQuery: (query) => isKept(query) && query.state.status === 'success' });
  if (state.queries.length === 0) return forgetSnapshot();
  for (const query of state.queries) query.state = { ...query.state, data: firstPageOnly(query.state.data) };
  const text = JSON.stringify({ version: VERSION, memberId, savedAt: now, state } satisfies Snapshot);
  if (text.includes('"blob:')) return forgetSnapshot();
  try {
    store.setItem(SNAPSHOT_KEY, text);
  } catch {
    forgetSnapshot(); // A full store: better no snapshot than an old one.
  }
}

function readSnapshot(memberId: string, now: number): Snapshot | null {
  const isCurrent = (value: unknown): value is Snapshot => {
    const snapshot = value as Partial<Snapshot> | null;
    return (
      snapshot?.version === VERSION &&
      snapshot.memberId === memberId &&
      typeof snapshot.savedAt === 'number' &&
      now - snapshot.savedAt < SNAPSHOT_MAX_AGE_MS &&
      Array.isArray(snapshot.state?.queries)
    );
  };
  const snapshot = readStorage(SNAPSHOT_KEY, isCurrent);
  // Absent, another member's, too old, not ours or cut short: nothing stays behind.
  if (!snapshot) forgetSnapshot();
  return snapshot;
}

/**
 * Puts the member's snapshot back into an empty cache, marked stale, so Home shows it and asks
 * for it again as it mounts. Returns whether anything was restored.
 */
export function restoreSnapshot(client: QueryClient, memberId: string | undefined, now = Date.now()): boolean {
  if (!memberId) return false;
  const snapshot = readSnapshot(memberId, now);
  if (!snapshot) return false;
  const queries = snapshot.state.queries.filter(isKept);
  if (queries.length === 0) return false;
  hydrate(client, { mutations: [], queries });
  for (const query of queries) {
    const data: unknown = client.getQueryData(query.queryKey);
    if (query.queryKey[0] === queryKeys.postLists[0]) {
      for (const page of (data as InfiniteData<PostsPageV2> | undefined)?.pages ?? []) seedPosts(page.posts, client);
    } else if (Array.isArray(data)) seedMembers(data as MemberV2[], client);
  }
  // Shown now, asked again as soon as a page shows it (refetchType 'none': not before).
  void client.invalidateQueries({ predicate: isKept, refetchType: 'none' });
  return true;
}
