import React from 'react';
import { Link } from 'react-router-dom';
import type { MemberV2 } from '@social/mock-api/contract-v2';
import { useFollow } from '@social/shell/actions';
import { useMemberEntity } from '@social/shell/data';
import { Avatar, fullName } from '@social/shell/ui';
import { pathTo } from '@social/shell/routes';

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
      <Avatar src={member.pic} name={name} size={56} decorative />
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

/** The horizontal strip of members to follow (the server's suggestions); hidden when there is nobody to suggest. */
export function SuggestedUsers({ members }: { members: readonly MemberV2[] }) {
  if (members.length === 0) return null;
  return (
    <section className="feed-suggest card" aria-labelledby="feed-suggest-title">
      <h2 id="feed-suggest-title" className="feed-suggest__title">
        Suggested users
      </h2>
      <ul className="feed-suggest__list">
        {members.map((member) => (
          <Suggestion key={member._id} member={member} />
        ))}
      </ul>
    </section>
  );
}
