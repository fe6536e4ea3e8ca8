import React from 'react';
import { Link } from 'react-router-dom';
import { CLIENT_MESSAGES } from '@social/mock-api/contract';
import { pathTo } from '@social/shell/routes';

const LINK_TEXT = 'Explore Feed';

/** 'No posts yet. You can go Explore Feed', with "Explore Feed" a link to /explore. */
export function EmptyFeed() {
  const message: string = CLIENT_MESSAGES.emptyFeed;
  const at = message.lastIndexOf(LINK_TEXT);
  // If the message ever changes wording, show it whole and still offer the link.
  const before = at >= 0 ? message.slice(0, at) : `${message} `;
  const after = at >= 0 ? message.slice(at + LINK_TEXT.length) : '';
  return (
    <p className="feed-empty">
      {before}
      <Link to={pathTo('explore')}>{LINK_TEXT}</Link>
      {after}
    </p>
  );
}
