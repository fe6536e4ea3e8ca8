import React, { useId, useState } from 'react';
import type { PostV2 } from '@social/mock-api/contract-v2';
import { useRepost } from '@social/shell/actions';
import { Menu, type MenuItem } from '@social/shell/ui';
import { QuoteDialog } from './QuoteDialog';
import './share.css';

/** Two arrows in a loop: a repost (decorative: the button carries the name). */
const RepostIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width="1em"
    height="1em"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M17 2l4 4-4 4" />
    <path d="M3 11v-1a4 4 0 014-4h14" />
    <path d="M7 22l-4-4 4-4" />
    <path d="M21 13v1a4 4 0 01-4 4H3" />
  </svg>
);

/**
 * The card's "Repost" button (pressed once the member reposted) with the repost count beside it.
 * It opens a menu: "Repost" or "Undo repost", and "Quote post", which opens the Quote post dialog.
 * Without a member signed in it shows the count only.
 */
export function RepostButton({ post, signedIn }: { post: PostV2; signedIn: boolean }) {
  const repost = useRepost(post);
  const [quoting, setQuoting] = useState(false);
  // useId: the same post can be on a page twice.
  const countId = useId();
  const items: MenuItem[] = [
    { label: repost.reposted ? 'Undo repost' : 'Repost', onSelect: repost.toggle },
    { label: 'Quote post', onSelect: () => setQuoting(true) },
  ];
  return (
    <span className="post-share">
      {signedIn ? (
        <Menu label="Repost" items={items} icon={<RepostIcon />} pressed={repost.reposted} describedBy={countId} />
      ) : (
        <span className="post-share__icon muted">
          <RepostIcon />
        </span>
      )}
      <span id={countId} className="post-card__count" aria-label={signedIn ? undefined : `${repost.repostCount} reposts`}>
        {repost.repostCount}
      </span>
      {quoting && <QuoteDialog post={post} onClose={() => setQuoting(false)} />}
    </span>
  );
}
