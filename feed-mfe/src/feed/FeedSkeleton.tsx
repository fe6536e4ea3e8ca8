import React from 'react';
import { Spinner } from '@social/shell/ui';

/**
 * The feed page's shape while what it lays out is on its way (the first page of posts, the
 * suggestions, the post remote's card and composer): the composer, the suggestions strip, the
 * toolbar with the page's Loading status, and two cards, each a grey block of about its size.
 * The page replaces it whole, so nothing on screen moves when the feed arrives.
 */
export function FeedSkeleton() {
  return (
    <div className="feed-skeleton">
      <div className="feed-skeleton__block feed-skeleton__block--composer" />
      <div className="feed-skeleton__block feed-skeleton__block--suggestions" />
      <div className="feed-skeleton__toolbar">
        <Spinner size="inline" />
      </div>
      <div className="feed-skeleton__block feed-skeleton__block--card" />
      <div className="feed-skeleton__block feed-skeleton__block--card" />
    </div>
  );
}
