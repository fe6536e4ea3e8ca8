import React from 'react';
import { Link } from 'react-router-dom';
import { pathTo } from '@social/shell/routes';

export function NotFound() {
  return (
    <main className="page not-found">
      <h1>Page not found</h1>
      <p className="muted">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <Link className="btn btn--primary" to={pathTo('home')}>
        Go to the home feed
      </Link>
    </main>
  );
}
