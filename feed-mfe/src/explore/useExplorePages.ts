import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS, type Post } from '@social/mock-api/contract';
import { api, errorMessage, toast } from '@social/shell/bus';

export interface ExplorePages {
  /** Posts loaded so far, in the server's (trending) order. */
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
 * Explore's pages: GET /api/posts/{limit}/{page} from page 0 (api.posts.page in mock-api/src/client.ts). Each answer is
 * cumulative (the first page*limit+limit posts), so it replaces what we hold. A page is
 * never requested twice at once, and nothing is requested after the end.
 */
export function useExplorePages(enabled: boolean): ExplorePages {
  const [posts, setPosts] = useState<Post[]>([]);
  const [loading, setLoading] = useState(false);
  const [started, setStarted] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const finished = useRef(false);
  const nextPage = useRef(0);
  const loadedIds = useRef(new Set<string>());
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const loadNext = useCallback(() => {
    if (!enabled || busy.current || finished.current) return;
    busy.current = true;
    const page = nextPage.current;
    setLoading(true);
    setError(null);
    api.posts
      .page(LIMITS.explorePageSize, page)
      .then((answer) => {
        if (!alive.current) return;
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
        if (!alive.current) return;
        const message = errorMessage(cause);
        toast('error', message);
        setError(message);
      })
      .finally(() => {
        busy.current = false;
        if (alive.current) setLoading(false);
      });
  }, [enabled]);

  // Explore starts at page 0 on every visit (the page remounts on route change).
  useEffect(() => {
    if (enabled) loadNext();
  }, [enabled, loadNext]);

  return { posts, loading, started, done, error, loadNext };
}
