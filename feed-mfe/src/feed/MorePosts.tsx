import React, { useEffect, useRef } from 'react';
import type { PostV2 } from '@social/mock-api/contract-v2';
import { errorMessage, toast } from '@social/shell/bus';
import type { PagedList } from '@social/shell/data';
import { Spinner, useSentinel } from '@social/shell/ui';

/** A failed page read says so once, as a toast (the page also shows it with a Try again). */
export function useErrorToast(error: unknown): void {
  useEffect(() => {
    if (error) toast('error', errorMessage(error));
  }, [error]);
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="feed-error" role="alert">
      <p>Posts could not be loaded: {message}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * The bottom of a list of posts read page by page (the feeds, a tag's page): the next page's
 * spinner, a failed page's Try again, `endNote` after the last page, and the sentinel that asks
 * for the next page as it nears the screen (a "Show more posts" button where the browser cannot
 * watch it). `enabled: false` holds the scroll (the feeds' 500 ms page-change spinner).
 */
export function MorePosts({ list, enabled = true, endNote }: { list: PagedList<PostV2>; enabled?: boolean; endNote?: string }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoadMore = list.hasNextPage && !list.isFetchingNextPage && !list.error;
  const observing = useSentinel(sentinel, list.fetchNextPage, { enabled: enabled && canLoadMore, resetKey: list.items.length });
  const shown = !list.isPending && list.items.length > 0;
  return (
    <>
      {list.isFetchingNextPage && <Spinner size="small" />}
      {shown && list.error !== null && <LoadError message={errorMessage(list.error)} onRetry={list.retry} />}
      {endNote && shown && !list.hasNextPage && <p className="feed-end muted">{endNote}</p>}
      {!observing && canLoadMore && (
        <button type="button" className="btn feed-more" onClick={list.fetchNextPage}>
          Show more posts
        </button>
      )}
      <div ref={sentinel} className="feed-sentinel" data-testid="feed-sentinel" aria-hidden="true" />
    </>
  );
}
