/**
 * A remote's stand-alone dev page: the same frame as the shell (theme, toasts, bus, router),
 * its own fake backend, a signed-in test user, and the routes the remote owns. Used by each
 * remote's src/bootstrap.tsx when it runs alone (`npm start -w feed-mfe`).
 */
import React, { type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Routes } from 'react-router-dom';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { api, logout, setAuth, setBackendReady, useAuth, auth$, errorMessage } from '@social/shell/bus';
import { configureRemotes, defaultRemotes } from '@social/shell/federation';
import { AppFrame } from '../app/AppFrame';
import { ThemeSwitch } from '../theme/ThemeSwitch';
import '../ui/ui.css';
import '../app/app.css';
import './dev-host.css';

export interface DevHostOptions {
  /** The remote's name, shown in the dev bar. */
  name: string;
  /** <Route> elements of the pages the remote owns. */
  routes: ReactNode;
  /** Links shown in the dev bar. */
  links?: { to: string; label: string }[];
  /** Sign in test user 1 when nobody is signed in (default true). */
  signIn?: boolean;
}

function DevBar({ name, links }: Pick<DevHostOptions, 'name' | 'links'>) {
  const auth = useAuth();
  return (
    <header className="dev-bar">
      <strong>{name}</strong> <span className="muted">stand-alone dev page</span>
      <nav aria-label="Dev pages" className="dev-bar__links">
        {links?.map((link) => (
          <Link key={link.to} to={link.to}>
            {link.label}
          </Link>
        ))}
      </nav>
      <span className="dev-bar__user">{auth ? `Signed in as @${auth.user.userHandler}` : 'Signed out'}</span>
      {auth ? (
        <button type="button" className="btn" onClick={logout}>
          Sign out
        </button>
      ) : (
        <button type="button" className="btn" onClick={() => void signInTestUser()}>
          Sign in test user 1
        </button>
      )}
      <ThemeSwitch />
    </header>
  );
}

async function signInTestUser(): Promise<void> {
  const credentials = TEST_CREDENTIALS[0]!;
  try {
    const { foundUser, encodedToken } = await api.auth.login(credentials);
    setAuth({ token: encodedToken, user: foundUser });
  } catch (error) {
    console.error('[dev-host] test sign-in failed:', errorMessage(error));
  }
}

export async function startDevHost({ name, routes, links, signIn = true }: DevHostOptions): Promise<void> {
  const started = import('@social/mock-api/server').then((m) => m.startServer());
  setBackendReady(started);
  configureRemotes(defaultRemotes());
  await started;
  if (signIn && !auth$.value) await signInTestUser();
  createRoot(document.getElementById('root')!).render(
    <React.StrictMode>
      <BrowserRouter>
        <AppFrame>
          <DevBar name={name} links={links} />
          <main className="page">
            <Routes>{routes}</Routes>
          </main>
        </AppFrame>
      </BrowserRouter>
    </React.StrictMode>,
  );
}
export { RequireAuth, PublicOnly } from '../app/guards';
