/**
 * A remote's stand-alone dev page: the same frame as the shell (theme, toasts, bus, router),
 * its own fake backend, a signed-in test user, and the routes the remote owns. Used by each
 * remote's src/bootstrap.tsx when it runs alone (`npm start -w feed-mfe`).
 */
import React, { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Routes } from 'react-router-dom';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { api, logout, setAuth, setBackendReady, useAuth, auth$, errorMessage } from '@social/shell/bus';
import { configureRemotes, defaultRemotes, type RemoteName, type RemotesConfig } from '@social/shell/federation';
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

/** Where one consumed remote comes from, as the dev server reports it (tools/dev-remotes.js). */
export interface DevRemote {
  url: string;
  /** e.g. 'production build of post-mfe (post-mfe/dist)' or 'REMOTE_POST'. */
  source: string;
  version?: string;
  builtAt?: string | null;
}
export type DevRemotes = Partial<Record<RemoteName, DevRemote>>;

/** Asks this page's dev server which remotes it serves; none (or no answer) leaves the defaults. */
export async function loadDevRemotes(url = '/__dev-remotes.json'): Promise<DevRemotes> {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    if (!response.ok) return {};
    const data: unknown = await response.json();
    return data && typeof data === 'object' ? (data as DevRemotes) : {};
  } catch {
    return {};
  }
}

/** The remotes config of a dev page: the dev server's addresses over the usual defaults. */
export function devRemotesConfig(devRemotes: DevRemotes, base: RemotesConfig = defaultRemotes()): RemotesConfig {
  const config = { ...base };
  for (const [name, remote] of Object.entries(devRemotes) as [RemoteName, DevRemote | undefined][]) {
    if (remote && name in config) config[name] = new URL(remote.url, window.location.href).href;
  }
  return config;
}

/** "post: production build of post-mfe (post-mfe/dist), version 1.0.0, built 23 Nov 14:31". */
export function describeDevRemote(name: string, remote: DevRemote): string {
  const parts = [`${name}: ${remote.source}`];
  if (remote.version) parts.push(`version ${remote.version}`);
  if (remote.builtAt) parts.push(`built ${new Date(remote.builtAt).toLocaleString()}`);
  else if (remote.version) parts.push('building on first use');
  return parts.join(', ');
}

/** The dev server's report, fetched again once a remote that was still to be built has answered. */
function useDevRemotes(initial: DevRemotes): DevRemotes {
  const [remotes, setRemotes] = useState(initial);
  useEffect(() => {
    const pending = Object.values(initial).filter((remote) => remote && remote.version && !remote.builtAt);
    if (pending.length === 0) return undefined;
    let alive = true;
    // The manifest answers once the build is done (tools/dev-remotes.js waits for it).
    void Promise.all(pending.map((remote) => fetch(remote!.url, { cache: 'no-cache' }).catch(() => undefined)))
      .then(() => loadDevRemotes())
      .then((fresh) => {
        if (alive && Object.keys(fresh).length > 0) setRemotes(fresh);
      });
    return () => {
      alive = false;
    };
  }, [initial]);
  return remotes;
}

function DevBar({ name, links, remotes: reported }: Pick<DevHostOptions, 'name' | 'links'> & { remotes: DevRemotes }) {
  const auth = useAuth();
  const remotes = useDevRemotes(reported);
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
      {Object.keys(remotes).length > 0 && (
        <p className="dev-bar__remotes muted">
          Remotes used:{' '}
          {Object.entries(remotes).map(([remote, info]) => (info ? <span key={remote}>{describeDevRemote(remote, info)}</span> : null))}
        </p>
      )}
    </header>
  );
}

async function signInTestUser(): Promise<void> {
  const credentials = TEST_CREDENTIALS[0]!;
  try {
    const { me, encodedToken } = await api.v2.auth.login(credentials);
    setAuth({ token: encodedToken, user: me });
  } catch (error) {
    console.error('[dev-host] test sign-in failed:', errorMessage(error));
  }
}

export async function startDevHost({ name, routes, links, signIn = true }: DevHostOptions): Promise<void> {
  const started = import('@social/mock-api/server').then((m) => m.startServer());
  setBackendReady(started);
  const remotes = await loadDevRemotes();
  configureRemotes(devRemotesConfig(remotes));
  await started;
  if (signIn && !auth$.value) await signInTestUser();
  createRoot(document.getElementById('root')!).render(
    <React.StrictMode>
      <BrowserRouter>
        <AppFrame>
          <DevBar name={name} links={links} remotes={remotes} />
          <main className="page">
            <Routes>{routes}</Routes>
          </main>
        </AppFrame>
      </BrowserRouter>
    </React.StrictMode>,
  );
}
export { RequireAuth, PublicOnly } from '../app/guards';
