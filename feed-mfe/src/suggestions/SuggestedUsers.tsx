import React from 'react';
import { Link } from 'react-router-dom';
import type { User } from '@social/mock-api/contract';
import { useFollow } from '@social/shell/actions';
import { Avatar, fullName } from '@social/shell/ui';
import { pathTo } from '@social/shell/routes';

/** One suggestion: once the server has the follow, the member leaves the strip. */
function Suggestion({ user }: { user: User }) {
  const name = fullName(user);
  const follow = useFollow(user._id);
  return (
    <li className="feed-suggest__item">
      <Avatar src={user.pic} name={name} size={56} decorative />
      <Link className="feed-suggest__name" to={pathTo('profile', { userHandler: user.userHandler })}>
        {name}
      </Link>
      <span className="feed-suggest__handle muted">@{user.userHandler}</span>
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

/** The horizontal strip of members to follow; hidden when there is nobody to suggest. */
export function SuggestedUsers({ users }: { users: readonly User[] }) {
  if (users.length === 0) return null;
  return (
    <section className="feed-suggest card" aria-labelledby="feed-suggest-title">
      <h2 id="feed-suggest-title" className="feed-suggest__title">
        Suggested users
      </h2>
      <ul className="feed-suggest__list">
        {users.map((user) => (
          <Suggestion key={user._id} user={user} />
        ))}
      </ul>
    </section>
  );
}
