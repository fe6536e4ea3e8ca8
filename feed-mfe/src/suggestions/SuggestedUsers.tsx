import React, { useRef } from 'react';
import { Link } from 'react-router-dom';
import type { MemberV2 } from '@social/mock-api/contract-v2';
import { useFollow } from '@social/shell/actions';
import { useMemberEntity } from '@social/shell/data';
import { Avatar, ChevronLeftIcon, ChevronRightIcon, fullName } from '@social/shell/ui';
import { pathTo } from '@social/shell/routes';
import { useScrollEnds } from './use-scroll-ends';

/**
 * One suggestion, following the member's entry in the cache: once the server has the follow
 * (and no other click of the member is still on its way), the member leaves the strip.
 */
function Suggestion({ member: listed }: { member: MemberV2 }) {
  const member = useMemberEntity(listed);
  const name = fullName(member);
  const follow = useFollow(member);
  if (member.viewerFollows && !follow.pending) return null;
  return (
    <li className="feed-suggest__item">
      <Avatar src={member.pic} name={name} size={48} decorative />
      <Link className="feed-suggest__name" to={pathTo('profile', { userHandler: member.userHandler })}>
        {name}
      </Link>
      <span className="feed-suggest__handle muted">@{member.userHandler}</span>
      <button
        type="button"
        className={follow.following ? 'btn feed-suggest__follow' : 'btn btn--primary feed-suggest__follow'}
        aria-busy={follow.pending || undefined}
        onClick={follow.toggle}
      >
        {follow.following ? 'Unfollow' : 'Follow'}
      </button>
    </li>
  );
}

/** How far one press of an arrow scrolls: the strip's width less a card, so one card stays in view. */
function scrollStep(list: HTMLElement): number {
  const card = list.querySelector('li');
  return Math.max(list.clientWidth - (card?.getBoundingClientRect().width ?? 0), list.clientWidth / 2);
}

/**
 * The horizontal strip of members to follow (the server's suggestions); hidden when there is
 * nobody to suggest. A carousel: cards snap into place, the side with more cards fades out, and
 * Previous and Next buttons (disabled at the ends) scroll by a strip's width; Tab through the
 * cards scrolls each into view too.
 */
export function SuggestedUsers({ members }: { members: readonly MemberV2[] }) {
  const list = useRef<HTMLUListElement>(null);
  const more = useScrollEnds(list, members);
  if (members.length === 0) return null;
  const scroll = (direction: 1 | -1) => {
    const element = list.current;
    if (!element) return;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    element.scrollBy({ left: direction * scrollStep(element), behavior: smooth ? 'smooth' : 'auto' });
  };
  const fades = `${more.before ? ' feed-suggest__list--more-before' : ''}${more.after ? ' feed-suggest__list--more-after' : ''}`;
  return (
    <section className="feed-suggest card" aria-labelledby="feed-suggest-title">
      <div className="feed-suggest__head">
        <h2 id="feed-suggest-title" className="feed-suggest__title">
          Suggested users
        </h2>
        {(more.before || more.after) && (
          <div className="feed-suggest__arrows">
            <button type="button" className="icon-btn" aria-label="Previous suggestions" disabled={!more.before} onClick={() => scroll(-1)}>
              <ChevronLeftIcon />
            </button>
            <button type="button" className="icon-btn" aria-label="Next suggestions" disabled={!more.after} onClick={() => scroll(1)}>
              <ChevronRightIcon />
            </button>
          </div>
        )}
      </div>
      <ul ref={list} className={`feed-suggest__list${fades}`}>
        {members.map((member) => (
          <Suggestion key={member._id} member={member} />
        ))}
      </ul>
    </section>
  );
}
