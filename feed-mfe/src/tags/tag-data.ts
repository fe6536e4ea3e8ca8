/**
 * The feed remote's reads and writes of post search and tags (GET /v2/search/posts, /v2/tags/…,
 * /v2/trends/tags). Here rather than in `@social/shell/data`, so the data module every page
 * loads (and /login prefetches) carries none of it. Keys: search results under the post lists
 * (`['posts', 'search', q]`: deleted posts leave them as from every list); tags under `['tags']`,
 * which profile-mfe's followed-tags list shares.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { PostV2, TagV2 } from '@social/mock-api/contract-v2';
import { api, errorMessage, toast, useAuth } from '@social/shell/bus';
import { queryClient, queryKeys, seedPosts, usePagedList, type PagedList } from '@social/shell/data';

const tagKeys = {
  all: ['tags'] as const,
  tag: (name: string) => ['tags', 'tag', name] as const,
  trending: ['tags', 'trending'] as const,
  followed: ['tags', 'followed'] as const,
};

const searchKey = (query: string) => [...queryKeys.postLists, 'search', query] as const;

/** The posts matching `query`, best first, then newest, page by page (nothing while it is empty). */
export function usePostSearch(query: string): PagedList<PostV2> {
  const auth = useAuth();
  const fetchPage = async (cursor: string | null) => {
    const page = await api.v2.search.posts(query, { cursor });
    seedPosts(page.posts);
    return page;
  };
  return usePagedList(searchKey(query), fetchPage, 'posts', !!auth && query.trim() !== '');
}

/** The tags in the most posts of the last 24 hours, with their counts. */
export function useTrendingTags() {
  const auth = useAuth();
  return useQuery({ queryKey: tagKeys.trending, queryFn: async () => (await api.v2.tags.trending()).tags, enabled: !!auth }, queryClient);
}

/** A tag (normalised) with whether the member follows it. */
export function useTag(name: string) {
  const auth = useAuth();
  return useQuery(
    { queryKey: tagKeys.tag(name), queryFn: async () => (await api.v2.tags.get(name)).tag, enabled: !!auth && !!name },
    queryClient,
  );
}

/**
 * Follows or unfollows a tag. The answer is the tag's new state; the home feed (its posts join or
 * leave it) and the followed-tags list are read again when next shown.
 */
export function useFollowTag(name: string) {
  return useMutation(
    {
      mutationFn: async (follow: boolean): Promise<TagV2> => (await (follow ? api.v2.tags.follow(name) : api.v2.tags.unfollow(name))).tag,
      onSuccess: (tag) => {
        queryClient.setQueryData(tagKeys.tag(tag.name), tag);
        void queryClient.invalidateQueries({ queryKey: tagKeys.followed });
        void queryClient.invalidateQueries({ queryKey: queryKeys.feed('home', 'latest').slice(0, 3) });
      },
      // "You already follow this tag" from another tab: the page shows what the server holds.
      onError: (error) => {
        toast('error', errorMessage(error));
        void queryClient.invalidateQueries({ queryKey: tagKeys.tag(name) });
      },
    },
    queryClient,
  );
}
