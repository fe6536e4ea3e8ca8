import React, { useRef, type ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router-dom';
import { useAuth } from '@social/shell/bus';
import { ROUTES, pathTo } from '@social/shell/routes';

/** Where a guarded page sends the member after login. */
interface RedirectState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/**
 * Without a token: replace-navigate to /login. The page is remembered (for after login) only
 * when a signed-out visitor asked for it; a member who logs out here (or whose session ends)
 * goes to /login with nothing remembered, so the next member lands on the home feed.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  // Was someone signed in when this page was opened? Then a missing token now means logout.
  const openedSignedIn = useRef(auth !== null);
  if (!auth) {
    if (openedSignedIn.current) return <Navigate to={pathTo('login')} replace />;
    const state: RedirectState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={pathTo('login')} replace state={state} />;
  }
  return <>{children}</>;
}

/** /login and /signup: with a token, go where the member was going, else to /. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth) {
    const from = (location.state as RedirectState | null)?.from;
    const target =
      from && from.pathname && !([ROUTES.login, ROUTES.signup] as string[]).includes(from.pathname)
        ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
        : pathTo('home');
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}
