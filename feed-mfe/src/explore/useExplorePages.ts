import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS, type Post, type PostSort } from '@social/mock-api/contract';
import { api, errorMessage, toast } from '@social/shell/bus';

export interface ExplorePages {
  /** Posts loaded so far, in the server's order for the chosen sort. */
  posts: Post[];
  /** A page request is under way. */
  loading: boolean;
  /** The first page has answered (successfully). */
  started: boolean;
  /** The last page brought nothing new: the end of the feed. */
  done: boolean;
  /** The last page request failed (message shown with a Try again). */
  error: string | null;
  loadNext: () => void;
}

/**
 * Explore's pages: GET /api/posts/{limit}/{page}?sort= from page 0, in the order the member
 * chose (Latest: newest first, so a brand-new post is on the first page; Trending: likes plus
 * comments). Each answer is cumulative (the first page*limit+limit posts), so it replaces what
 * we hold. A page is never requested twice at once, nothing is requested after the end, and
 * changing the order starts again at page 0 (an answer for the previous order is dropped).
 */
export function useExplorePages(enabled: boolean, sort: PostSort): ExplorePages {
  const [posts, setPosts] = useState<Post[]>([]);
  const [loading, setLoading] = useState(false);
  const [started, setStarted] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const finished = useRef(false);
  const nextPage = useRef(0);
  const loadedIds = useRef(new Set<string>());
  // Bumped on unmount and on a change of order: an answer for an older generation is dropped.
  const generation = useRef(0);

  useEffect(
    () => () => {
      generation.current += 1;
      busy.current = false;
    },
    [],
  );

  const loadNext = useCallback(() => {
    if (!enabled || busy.current || finished.current) return;
    busy.current = true;
    const page = nextPage.current;
    const mine = generation.current;
    const current = () => generation.current === mine;
    setLoading(true);
    setError(null);
    api.posts
      .page(LIMITS.explorePageSize, page, { sort })
      .then((answer) => {
        if (!current()) return;
        const bringsNew = answer.posts.some((p) => !loadedIds.current.has(p._id));
        loadedIds.current = new Set(answer.posts.map((p) => p._id));
        setPosts(answer.posts);
        setStarted(true);
        if (bringsNew) nextPage.current = page + 1;
        else {
          finished.current = true;
          setDone(true);
        }
      })
      .catch((cause: unknown) => {
        if (!current()) return;
        const message = errorMessage(cause);
        toast('error', message);
        setError(message);
      })
      .finally(() => {
        if (!current()) return;
        busy.current = false;
        setLoading(false);
      });
  }, [enabled, sort]);

  // Explore starts at page 0 on every visit (the page remounts on route change) and whenever
  // the order changes; until the new first page lands, the cards of the old order stay.
  const shownSort = useRef(sort);
  useEffect(() => {
    if (!enabled) return;
    if (shownSort.current !== sort) {
      shownSort.current = sort;
      generation.current += 1;
      busy.current = false;
      finished.current = false;
      nextPage.current = 0;
      loadedIds.current = new Set();
      setDone(false);
    }
    loadNext();
  }, [enabled, sort, loadNext]);

  return { posts, loading, started, done, error, loadNext };
}
