import React from 'react';
import { Link } from 'react-router-dom';
import { pathTo } from '@social/shell/routes';

/** Shown for a handle no member has: a clear page, not a blank or an endless spinner. */
export function NotFoundMember({ handle }: { handle: string }) {
  return (
    <section className="profile-missing card">
      <h1>This member doesn&apos;t exist</h1>
      <p className="muted">
        No member has the handle <strong>@{handle}</strong>. The link may be mistyped, or the account was removed.
      </p>
      <Link className="btn btn--primary" to={pathTo('home')}>
        Go to the home feed
      </Link>
    </section>
  );
}
