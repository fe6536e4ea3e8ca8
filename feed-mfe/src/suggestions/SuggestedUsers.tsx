import React, { useState } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '@social/mock-api/contract';
import { api, errorMessage, setUsers, toast } from '@social/shell/bus';
import { Avatar, fullName } from '@social/shell/ui';
import { pathTo } from '@social/shell/routes';

/** The horizontal strip of members to follow; hidden when there is nobody to suggest. */
export function SuggestedUsers({ users }: { users: readonly User[] }) {
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  if (users.length === 0) return null;

  const follow = async (user: User) => {
    setPending((s) => new Set(s).add(user._id));
    try {
      const answer = await api.users.follow(user._id);
      // Also refreshes the stored signed-in user, so this member leaves the strip.
      setUsers(answer.allUsers);
    } catch (error) {
      toast('error', errorMessage(error));
    } finally {
      setPending((s) => {
        const next = new Set(s);
        next.delete(user._id);
        return next;
      });
    }
  };

  return (
    <section className="feed-suggest card" aria-labelledby="feed-suggest-title">
      <h2 id="feed-suggest-title" className="feed-suggest__title">
        Suggested users
      </h2>
      <ul className="feed-suggest__list">
        {users.map((user) => {
          const name = fullName(user);
          const busy = pending.has(user._id);
          return (
            <li key={user._id} className="feed-suggest__item">
              <Avatar src={user.pic} name={name} size={56} decorative />
              <Link className="feed-suggest__name" to={pathTo('profile', { userHandler: user.userHandler })}>
                {name}
              </Link>
              <span className="feed-suggest__handle muted">@{user.userHandler}</span>
              <button type="button" className="btn btn--primary feed-suggest__follow" disabled={busy} aria-busy={busy || undefined} onClick={() => void follow(user)}>
                Follow
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
