import React, { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS, type PostSort } from '@social/mock-api/contract';
import { errorMessage, useAuth } from '@social/shell/bus';
import { clearNewPosts, queryClient, queryKeys, showNewPosts, useFeed, useNewPosts, useSuggestedMembers } from '@social/shell/data';
import { useRemoteModulesSettled, type FeedPageProps } from '@social/shell/federation';
import { Spinner } from '@social/shell/ui';
import { SuggestedUsers } from '../suggestions/SuggestedUsers';
import { CreatePost } from './CreatePost';
import { EmptyFeed } from './EmptyFeed';
import { FeedModeSwitch } from './FeedModeSwitch';
import { FeedSkeleton } from './FeedSkeleton';
import { LoadError, MorePosts, useErrorToast } from './MorePosts';
import { PostList } from './PostList';
import './feed.css';

export type { FeedPageProps } from '@social/shell/federation';

// Explore's trending tags: a chunk of its own, so home (and /login, which prefetches this page) never loads it.
const TrendingTags = lazy(() => import(/* webpackChunkName: "trending-tags" */ '../tags/TrendingTags'));

/** The post remote's parts the page is laid out around (the composer on top, a card per post). */
const POST_PARTS = ['post/PostComposer', 'post/PostCard'] as const;

/**
 * The home and explore feeds (routes / and /explore; the shell remounts it between them).
 * The server computes each feed (home: me, my followers and whom I follow; explore: everyone)
 * in the chosen order and answers it page by page (`@social/shell/data` useFeed): home 20 a
 * page, explore 2 (SPEC §9); the sentinel at the bottom asks for the next page.
 */
export default function FeedPage({ mode }: FeedPageProps) {
  const auth = useAuth();
  const [sort, setSort] = useState<PostSort>('latest');
  const isHome = mode === 'home';

  // A page change shows a spinner for 500 ms (loading starts meanwhile). It does not hold back
  // posts already in hand (after login the first page was asked for with the login's answer, or
  // the feed is cached from an earlier visit): they show at once beside the spinner, and only
  // the infinite scroll waits for the 500 ms to pass.
  const [changingPage, setChangingPage] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setChangingPage(false), LIMITS.pageChangeSpinnerMs);
    return () => clearTimeout(timer);
  }, []);

  // Explore starts again at its first page on every visit (SPEC §4: a page change resets the
  // explore page to 0), before its query subscribes; home keeps its cached pages.
  useState(() => {
    if (!isHome) {
      queryClient.removeQueries({ queryKey: queryKeys.feed('explore', 'latest').slice(0, 3) });
      clearNewPosts('explore');
    }
  });
  const feed = useFeed(mode, sort);
  const suggestions = useSuggestedMembers();
  const partsSettled = useRemoteModulesSettled(POST_PARTS);
  useErrorToast(feed.error);
  // Once laid out (see below) it stays so: Trending's first page loads inside the feed.
  const [laidOut, setLaidOut] = useState(false);
  if (!laidOut && partsSettled && !suggestions.isPending && (!feed.isPending || feed.error !== null)) setLaidOut(true);

  const onCreated = useCallback(() => setSort('latest'), []);

  // Posts that arrived live wait behind a button (Latest only): nothing moves by itself.
  const waiting = useNewPosts(mode, feed.items);
  const newCount = sort === 'latest' ? waiting.length : 0;
  const feedTitle = useRef<HTMLHeadingElement>(null);
  const onShowNew = useCallback(() => {
    showNewPosts(mode);
    // The button goes away: focus goes to the feed's heading, just above the new posts.
    feedTitle.current?.focus();
  }, [mode]);

  if (!auth) return null; // The shell's guard sends signed-out visitors to /login.

  const posts = feed.items;
  const title = isHome ? 'Home' : 'Explore';
  let body: React.ReactNode;
  if (feed.isPending) {
    body = feed.error ? <LoadError message={errorMessage(feed.error)} onRetry={feed.retry} /> : <Spinner size="page" />;
  } else if (posts.length === 0 && !feed.hasNextPage) {
    body = feed.error ? <LoadError message={errorMessage(feed.error)} onRetry={feed.retry} /> : <EmptyFeed />;
  }

  // The page is laid out once everything that sets its layout is known: the first page of posts
  // (or its error), whether there are suggestions, and the post remote's composer and card (which
  // then render at once). Until then, and during the 500 ms when there are no posts to show, its
  // skeleton keeps the room, so nothing moves when the feed arrives (layout shift, docs/performance.md).
  if (!laidOut || (changingPage && (body || posts.length === 0))) {
    return (
      <div className="feed-page">
        <h1 className="visually-hidden">{title}</h1>
        <FeedSkeleton />
      </div>
    );
  }

  return (
    <div className="feed-page">
      <h1 className="visually-hidden">{title}</h1>
      <CreatePost onCreated={onCreated} />
      <SuggestedUsers members={suggestions.data ?? []} />
      {!isHome && (
        <Suspense fallback={null}>
          <TrendingTags />
        </Suspense>
      )}
      <div className="feed-toolbar">
        <div className="feed-toolbar__heading">
          <h2 className="feed-toolbar__title" ref={feedTitle} tabIndex={-1}>
            {isHome ? 'Your feed' : 'Explore'}
          </h2>
          {changingPage && (
            <span className="feed-toolbar__busy">
              <Spinner size="inline" />
            </span>
          )}
        </div>
        <FeedModeSwitch value={sort} onChange={setSort} />
      </div>
      <NewPosts count={newCount} onShow={onShowNew} />
      {body ?? <PostList posts={posts} label={isHome ? 'Home feed' : 'Explore feed'} />}
      <MorePosts list={feed} enabled={!changingPage} endNote={isHome ? undefined : "You're all caught up"} />
    </div>
  );
}

/** "Show N new posts": at the top of the feed, announced politely, never taking focus by itself. */
function NewPosts({ count, onShow }: { count: number; onShow: () => void }) {
  const label = count === 1 ? 'Show 1 new post' : `Show ${count} new posts`;
  return (
    <>
      <div className="visually-hidden" role="status" aria-live="polite">
        {count > 0 ? (count === 1 ? '1 new post' : `${count} new posts`) : ''}
      </div>
      <div className="feed-new-posts">
        {count > 0 && (
          <button type="button" className="btn btn--primary" onClick={onShow}>
            {label}
          </button>
        )}
      </div>
    </>
  );
}
