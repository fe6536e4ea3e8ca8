import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LIMITS, type User } from '@social/mock-api/contract';
import { errorMessage, refreshPosts, toast, useAuth, usePosts, useUsers } from '@social/shell/bus';
import type { FeedPageProps } from '@social/shell/federation';
import { Spinner } from '@social/shell/ui';
import { useAbortableEffect } from '@social/shell/actions';
import { useSentinel } from '../common/useSentinel';
import { useStablePosts } from '../common/useStablePosts';
import { useExplorePages } from '../explore/useExplorePages';
import { SuggestedUsers } from '../suggestions/SuggestedUsers';
import { CreatePost } from './CreatePost';
import { EmptyFeed } from './EmptyFeed';
import { exploreFeed, homeFeed, suggestedUsers, type FeedSort } from './feedOrder';
import { FeedModeSwitch } from './FeedModeSwitch';
import { PostList } from './PostList';
import './feed.css';

export type { FeedPageProps } from '@social/shell/federation';

/** Home renders this many cards first, and this many more each time the bottom nears. */
export const HOME_CHUNK = 20;

/** Reloads the shared posts list on mount; remembers whether it has answered or failed. */
function useHomePosts(enabled: boolean) {
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useAbortableEffect(
    (signal) => {
      if (!enabled) return;
      refreshPosts()
        .then(() => {
          if (!signal.aborted) setLoaded(true);
        })
        .catch((cause: unknown) => {
          if (signal.aborted) return;
          const message = errorMessage(cause);
          toast('error', message);
          setError(message);
        });
    },
    [enabled, attempt],
  );
  const retry = useCallback(() => {
    setError(null);
    setAttempt((n) => n + 1);
  }, []);
  return { loaded, error, retry };
}

/** The home and explore feeds (routes / and /explore; the shell remounts it between them). */
export default function FeedPage({ mode }: FeedPageProps) {
  const auth = useAuth();
  const { allUsers } = useUsers();
  const { allPosts, isLoading } = usePosts();
  const [sort, setSort] = useState<FeedSort>('latest');
  const isHome = mode === 'home';

  // A page change shows a spinner for 500 ms (loading starts meanwhile). It does not hold back
  // posts already in hand (after login they were fetched while the member typed): they show at
  // once under the spinner, and only the infinite scroll waits for the 500 ms to pass.
  const [changingPage, setChangingPage] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setChangingPage(false), LIMITS.pageChangeSpinnerMs);
    return () => clearTimeout(timer);
  }, []);

  const home = useHomePosts(isHome);
  const explore = useExplorePages(!isHome, sort);

  // The freshest copy of me (followers/following change with follows), else the stored one.
  const meId = auth?.user._id;
  const me: User | null = useMemo(() => allUsers.find((u) => u._id === meId) ?? auth?.user ?? null, [allUsers, meId, auth]);

  const feed = useMemo(() => {
    if (!me) return [];
    return isHome ? homeFeed(allPosts, me, sort) : exploreFeed(explore.posts, allPosts, sort);
  }, [isHome, allPosts, explore.posts, me, sort]);
  const suggestions = useMemo(() => (me ? suggestedUsers(allUsers, me) : []), [allUsers, me]);

  // Home renders cards in chunks; explore's pages are already small.
  const [shownCount, setShownCount] = useState(HOME_CHUNK);
  const visible = useMemo(() => (isHome ? feed.slice(0, shownCount) : feed), [isHome, feed, shownCount]);
  // Each change brings all posts as new objects: keep the old object of every unchanged
  // card on screen, so only the changed cards re-render (compares only what is shown).
  const shown = useStablePosts(visible);
  const hasMoreToShow = isHome && shownCount < feed.length;
  const { loadNext } = explore;
  const showMore = useCallback(() => {
    if (isHome) setShownCount((n) => n + HOME_CHUNK);
    else loadNext();
  }, [isHome, loadNext]);

  const sentinel = useRef<HTMLDivElement>(null);
  const exploreCanLoad = !isHome && explore.started && !explore.done && !explore.error && !explore.loading;
  const observing = useSentinel(sentinel, showMore, {
    enabled: !changingPage && (hasMoreToShow || exploreCanLoad),
    resetKey: isHome ? shownCount : explore.posts.length,
  });

  const onCreated = useCallback(() => setSort('latest'), []);

  if (!auth || !me) return null; // The shell's guard sends signed-out visitors to /login.

  const title = isHome ? 'Home' : 'Explore';
  let body: React.ReactNode;
  if (isHome) {
    if (home.error && allPosts.length === 0) {
      body = <LoadError message={home.error} onRetry={home.retry} />;
    } else if ((isLoading || !home.loaded) && allPosts.length === 0) {
      body = <Spinner size="page" />;
    } else if (feed.length === 0) {
      body = <EmptyFeed />;
    }
  } else if (!explore.started) {
    body = explore.error ? <LoadError message={explore.error} onRetry={explore.loadNext} /> : <Spinner size="page" />;
  } else if (feed.length === 0 && explore.done) {
    body = <EmptyFeed />;
  }

  // No posts to show during the 500 ms (still loading, none, or an error): the page spinner alone.
  if (changingPage && (body || feed.length === 0)) {
    return (
      <div className="feed-page">
        <h1 className="visually-hidden">{title}</h1>
        <Spinner size="page" />
      </div>
    );
  }

  return (
    <div className="feed-page">
      <h1 className="visually-hidden">{title}</h1>
      {changingPage && (
        // Takes no room, so the feed does not move when it goes.
        <div className="feed-page__changing">
          <Spinner size="small" />
        </div>
      )}
      <CreatePost userId={me._id} onCreated={onCreated} />
      <SuggestedUsers users={suggestions} />
      <div className="feed-toolbar">
        <h2 className="feed-toolbar__title">{isHome ? 'Your feed' : 'Explore'}</h2>
        <FeedModeSwitch value={sort} onChange={setSort} />
      </div>
      {body ?? <PostList posts={shown} label={isHome ? 'Home feed' : 'Explore feed'} />}
      {!isHome && explore.started && explore.loading && <Spinner size="small" />}
      {!isHome && explore.started && explore.error && <LoadError message={explore.error} onRetry={explore.loadNext} />}
      {!isHome && explore.done && feed.length > 0 && <p className="feed-end muted">You&apos;re all caught up</p>}
      {!observing && (hasMoreToShow || exploreCanLoad) && (
        <button type="button" className="btn feed-more" onClick={showMore}>
          Show more posts
        </button>
      )}
      <div ref={sentinel} className="feed-sentinel" data-testid="feed-sentinel" aria-hidden="true" />
    </div>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="feed-error" role="alert">
      <p>Posts could not be loaded: {message}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
