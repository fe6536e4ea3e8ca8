/**
 * The read hooks: each names its query once (key, call, paging), writes the entities a page
 * brings into their entries by id, and returns what a page needs to show. They pass the one
 * QueryClient explicitly, so no provider has to be mounted above a remote.
 */
import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { LIMITS, type PostSort } from '@social/mock-api/contract';
import {
  PAGE_LIMITS,
  type CommentV2,
  type MeV2,
  type MemberV2,
  type NotificationV2,
  type PostV2,
  type RelationshipV2,
} from '@social/mock-api/contract-v2';
import { api, useAuth } from '@social/shell/bus';
import { queryClient, queryKeys, type FeedMode, type FollowListKind, type MemberPostsTab } from './client';
import { markAllRead, putMe, seedMembers, seedPosts } from './cache';
import { useLiveTopic } from './live/topics';

type PageParam = string | null;

/** Explore pages as SPEC §9 says (2 posts per request); every other feed 20. */
export function feedPageSize(mode: FeedMode): number {
  return mode === 'explore' ? LIMITS.explorePageSize : PAGE_LIMITS.default;
}

/** The items of all loaded pages, each id once (Trending's order moves with its counts). */
function flatten<T extends { _id: string }>(pages: readonly T[][] | undefined): T[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const out: T[] = [];
  for (const items of pages) {
    for (const item of items) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      out.push(item);
    }
  }
  return out;
}

export interface PagedList<T> {
  items: T[];
  /** The first page has not answered yet. */
  isPending: boolean;
  /** The last request failed (with the error's message at hand). */
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Asks for the next page (never twice at once, never past the end). */
  fetchNextPage: () => void;
  /** Tries the failed request again. */
  retry: () => void;
}

function pagedList<T, P>(
  items: T[],
  query: {
    data: InfiniteData<P, unknown> | undefined;
    isPending: boolean;
    error: unknown;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetching: boolean;
    fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
    refetch: () => Promise<unknown>;
  },
): PagedList<T> {
  const { data, isPending, error, hasNextPage, isFetchingNextPage, isFetching, fetchNextPage, refetch } = query;
  return {
    items,
    isPending,
    error,
    hasNextPage,
    isFetchingNextPage,
    // A call while a page is on its way is dropped (cancelRefetch: false): never the same page twice.
    fetchNextPage: () => {
      if (hasNextPage && !isFetching) void fetchNextPage({ cancelRefetch: false });
    },
    retry: () => {
      if (data && data.pages.length > 0) void fetchNextPage();
      else void refetch();
    },
  };
}

const nextCursor = (page: { nextCursor: string | null }): PageParam => page.nextCursor ?? null;

/**
 * A list read page by page over a v2 cursor: `fetchPage(cursor)` asks for one page (and seeds
 * the entities it brings), `itemsKey` names the page's list (`posts`, `comments`, `members`).
 */
export function usePagedList<K extends string, T extends { _id: string }, P extends { nextCursor: string | null } & Record<K, T[]>>(
  queryKey: readonly unknown[],
  fetchPage: (cursor: PageParam) => Promise<P>,
  itemsKey: K,
  enabled: boolean,
): PagedList<T> {
  const query = useInfiniteQuery(
    {
      queryKey,
      queryFn: ({ pageParam }) => fetchPage(pageParam),
      initialPageParam: null as PageParam,
      getNextPageParam: nextCursor,
      enabled,
    },
    queryClient,
  );
  const { data } = query;
  const items = useMemo(() => flatten(data?.pages.map((page) => page[itemsKey])), [data, itemsKey]);
  return pagedList(items, query);
}

/** One feed page (used by useFeed and prefetchFeed): its posts seed their entries. */
async function feedPage(mode: FeedMode, sort: PostSort, cursor: PageParam) {
  const page = await api.v2.feed[mode]({ sort, limit: feedPageSize(mode), cursor });
  seedPosts(page.posts);
  return page;
}

/** Home (me, my followers and whom I follow) or explore (everyone), Latest or Trending, page by page. */
export function useFeed(mode: FeedMode, sort: PostSort, { enabled = true }: { enabled?: boolean } = {}): PagedList<PostV2> {
  const auth = useAuth();
  // Explore's new posts come live while it is open (home's always do: live/connection.ts).
  useLiveTopic(mode === 'explore' && enabled && auth ? 'explore' : null);
  return usePagedList(queryKeys.feed(mode, sort), (cursor) => feedPage(mode, sort, cursor), 'posts', enabled && !!auth);
}

/** Loads the first home page (after login: the feed is then in hand when it renders). */
export function prefetchFeed(mode: FeedMode, sort: PostSort = 'latest'): Promise<void> {
  return queryClient.prefetchInfiniteQuery({
    queryKey: queryKeys.feed(mode, sort),
    queryFn: ({ pageParam }) => feedPage(mode, sort, pageParam),
    initialPageParam: null as PageParam,
  });
}

/** One post by id: the entry every card and list write keeps fresh; fetched when missing or stale. */
export function usePost(postId: string) {
  return useQuery(
    {
      queryKey: queryKeys.post(postId),
      queryFn: async () => (await api.v2.posts.byId(postId)).post,
      enabled: !!postId,
    },
    queryClient,
  );
}

/**
 * A post a list handed over, followed by id: the card shows the entry (the freshest answer),
 * seeded with the list's copy. It never fetches on its own: its lists refetch.
 */
export function usePostEntity(post: PostV2): PostV2 {
  const { data } = useQuery(
    {
      queryKey: queryKeys.post(post._id),
      queryFn: async () => (await api.v2.posts.byId(post._id)).post,
      initialData: post,
      enabled: false,
    },
    queryClient,
  );
  return data ?? post;
}

/** A post's comments, oldest first, page by page. */
export function useComments(postId: string): PagedList<CommentV2> {
  // Its comment events come live while it is shown.
  useLiveTopic(postId ? `post:${postId}` : null);
  return usePagedList(queryKeys.comments(postId), (cursor) => api.v2.comments.ofPost(postId, { cursor }), 'comments', !!postId);
}

/** A member by handle: the handle is resolved once, the member is then followed by id. */
export function useMember(handle: string) {
  const lookup = useQuery(
    {
      queryKey: queryKeys.memberHandle(handle),
      queryFn: async () => {
        const { member } = await api.v2.members.byHandle(handle);
        queryClient.setQueryData(queryKeys.member(member._id), member);
        return member._id;
      },
      enabled: !!handle,
    },
    queryClient,
  );
  const memberId = lookup.data ?? '';
  const member = useQuery(
    {
      queryKey: queryKeys.member(memberId),
      queryFn: async () => (await api.v2.members.byId(memberId)).member,
      enabled: !!memberId,
    },
    queryClient,
  );
  return {
    member: member.data ?? null,
    isPending: lookup.isPending || (!!memberId && member.isPending),
    error: lookup.error ?? member.error,
    refetch: () => {
      void lookup.refetch();
      if (memberId) void member.refetch();
    },
  };
}

/** A member followed by id, seeded with a list's copy (never fetches on its own). */
export function useMemberEntity(member: MemberV2): MemberV2 {
  const { data } = useQuery(
    {
      queryKey: queryKeys.member(member._id),
      queryFn: async () => (await api.v2.members.byId(member._id)).member,
      initialData: member,
      enabled: false,
    },
    queryClient,
  );
  return data ?? member;
}

/** A profile's tab: the member's posts, bookmarks (own profile only: /me/bookmarks) or activities. */
export function useMemberPosts(memberId: string, tab: MemberPostsTab, { enabled = true }: { enabled?: boolean } = {}): PagedList<PostV2> {
  const fetchPage = async (pageParam: PageParam) => {
    const cursor = { cursor: pageParam };
    const page =
      tab === 'bookmarks'
        ? await api.v2.me.bookmarks(cursor)
        : tab === 'activities'
          ? await api.v2.members.activities(memberId, cursor)
          : await api.v2.members.posts(memberId, cursor);
    seedPosts(page.posts);
    return page;
  };
  return usePagedList(queryKeys.memberPosts(memberId, tab), fetchPage, 'posts', enabled && !!memberId);
}

/** A tag's posts (`tag` normalised), newest first, page by page. */
export function useTagPosts(tag: string): PagedList<PostV2> {
  const auth = useAuth();
  const fetchPage = async (cursor: PageParam) => {
    const page = await api.v2.tags.posts(tag, { cursor });
    seedPosts(page.posts);
    return page;
  };
  return usePagedList(queryKeys.tagPosts(tag), fetchPage, 'posts', !!auth && !!tag);
}

/** A member's followers or the members they follow, most recent first, page by page. */
export function useFollowList(memberId: string, kind: FollowListKind, { enabled = true }: { enabled?: boolean } = {}): PagedList<MemberV2> {
  const fetchPage = async (cursor: PageParam) => {
    const page = await api.v2.members[kind](memberId, { cursor });
    seedMembers(page.members);
    return page;
  };
  return usePagedList(queryKeys.followList(memberId, kind), fetchPage, 'members', enabled && !!memberId);
}

/** The members who liked a post, newest first, page by page (less those the member's lists hide). */
export function useLikers(postId: string, { enabled = true }: { enabled?: boolean } = {}): PagedList<MemberV2> {
  const fetchPage = async (cursor: PageParam) => {
    const page = await api.v2.posts.likers(postId, { cursor });
    seedMembers(page.members);
    return page;
  };
  return usePagedList(queryKeys.likers(postId), fetchPage, 'members', enabled && !!postId);
}

/** Members to follow (others I don't follow, newest first): the first page. */
const suggestedMembers = {
  queryKey: queryKeys.suggested,
  queryFn: async () => {
    const { members } = await api.v2.members.suggested();
    seedMembers(members);
    return members;
  },
};

export function useSuggestedMembers() {
  const auth = useAuth();
  return useQuery({ ...suggestedMembers, enabled: !!auth }, queryClient);
}

/** Loads the suggested members (after login, with the first home page: the feed is laid out with both). */
export function prefetchSuggestedMembers(): Promise<void> {
  return queryClient.prefetchQuery(suggestedMembers);
}

/** The text as typed, LIMITS.searchDebounceMs after the last change. */
export function useDebounced<T>(value: T, delayMs: number = LIMITS.searchDebounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Members matching a search, asked of the server 500 ms (`delayMs`) after the last keystroke (SPEC §5's
 * matching rules; a leading '@' matches handles only). `searched` is the query the results
 * answer ('' for none yet), so "No user to show" shows only for a query that was searched.
 * While a longer query is asked, the previous query's results stay (no empty flash, and a
 * result that keeps its place keeps the keyboard focus); `pending` says newer ones are coming.
 */
export function useMemberSearch(query: string, { delayMs = LIMITS.searchDebounceMs }: { delayMs?: number } = {}) {
  const typed = query.trim();
  const settled = useDebounced(typed, delayMs);
  const asked = settled !== '' && settled !== '@';
  const result = useQuery(
    {
      queryKey: queryKeys.search(settled),
      queryFn: async () => {
        const { members } = await api.v2.members.search(settled);
        seedMembers(members);
        return members;
      },
      enabled: asked,
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  const answered = asked && result.isSuccess && !result.isPlaceholderData;
  return {
    results: asked && result.data ? result.data : [],
    searched: answered ? settled : '',
    pending: typed !== settled || (asked && result.isFetching),
    error: result.error,
  };
}

/** The signed-in member as the server has them now (also refreshes the session's stored user). */
export function useMe() {
  const auth = useAuth();
  return useQuery(
    {
      queryKey: queryKeys.me,
      queryFn: async (): Promise<MeV2> => {
        const { me } = await api.v2.me.get();
        putMe(me);
        return me;
      },
      enabled: !!auth,
    },
    queryClient,
  );
}

/** The signed-in member's notifications, newest first, page by page (live: ./live/apply.ts). */
export function useNotifications(): PagedList<NotificationV2> {
  const auth = useAuth();
  return usePagedList(
    queryKeys.notifications,
    (cursor) => api.v2.notifications.list({ limit: PAGE_LIMITS.default, cursor }),
    'notifications',
    !!auth,
  );
}

/** How many of the member's notifications are unread (stored by the server; live: ./live/apply.ts); 0 until known. */
export function useUnreadNotifications(): number {
  const auth = useAuth();
  const { data } = useQuery(
    {
      queryKey: queryKeys.unreadNotifications,
      queryFn: async () => (await api.v2.notifications.unreadCount()).count,
      enabled: !!auth,
    },
    queryClient,
  );
  return auth ? (data ?? 0) : 0;
}

/**
 * How the signed-in member stands with `memberId` (blocking, muting), while `enabled` (signed in,
 * another member's profile). The member's own changes on other pages arrive as
 * `viewer.relationship` (./live/apply.ts). Null until the server answered; when it cannot, no
 * block and no mute (the menu then offers Mute and Block, which the server answers for itself).
 */
export function useRelationship(memberId: string, enabled: boolean): RelationshipV2 | null {
  const { data, isError } = useQuery(
    {
      queryKey: queryKeys.relationship(memberId),
      queryFn: async () => (await api.v2.members.relationship(memberId)).relationship,
      enabled,
    },
    queryClient,
  );
  return data ?? (isError ? { blocking: false, muting: false, mutedUntil: null } : null);
}

/** The member opened their notifications: every one is read, here at once and on the server. */
export async function markNotificationsRead(): Promise<void> {
  queryClient.setQueryData(queryKeys.unreadNotifications, 0);
  markAllRead(queryClient);
  await api.v2.notifications.markRead();
}
