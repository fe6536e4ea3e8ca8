import { useMemo, useRef } from 'react';
import type { Post } from '@social/mock-api/contract';
import { reuseUnchanged } from '../feed/feedOrder';

/** The list with each unchanged post keeping its previous object (see reuseUnchanged). */
export function useStablePosts(posts: readonly Post[]): Post[] {
  const cache = useRef<Map<string, Post>>(new Map());
  return useMemo(() => {
    const { posts: stable, byId } = reuseUnchanged(cache.current, posts);
    cache.current = byId;
    return stable;
  }, [posts]);
}
