import React, { type ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router-dom';
import { useAuth } from '@social/shell/bus';
import { ROUTES, pathTo } from '@social/shell/routes';

/** Where a guarded page sends the member after login. */
export interface RedirectState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Without a token: replace-navigate to /login and remember where the member was going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (!auth) {
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
    const target = from && from.pathname && !([ROUTES.login, ROUTES.signup] as string[]).includes(from.pathname) ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : pathTo('home');
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}
