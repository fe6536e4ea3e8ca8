/**
 * A remote's stand-alone dev page: the same frame as the shell (theme, toasts, bus, router),
 * its own fake backend, a signed-in test user, and the routes the remote owns. Used by each
 * remote's src/bootstrap.tsx when it runs alone (`npm start -w feed-mfe`).
 *
 * Every other page of the product works there too, as in the shell: a link to a page another
 * remote owns (a card's author, its comments) opens that remote's page, loaded from the build
 * the dev server serves for it (tools/dev-remotes.js: its production build by default), under
 * a line saying which remote owns it and how to work on it.
 */
import React, { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { api, logout, setAuth, setBackendReady, useAuth, auth$, errorMessage } from '@social/shell/bus';
import { RemoteComponent, configureRemotes, defaultRemotes, type RemoteName, type RemotesConfig } from '@social/shell/federation';
import { ROUTES, pathTo, useRouteParams, type RouteName } from '@social/shell/routes';
import { AppFrame } from '../app/AppFrame';
import { PublicOnly, RequireAuth } from '../app/RouteGuards';
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
  /** Not used by the remote's own pages: loaded only when a link opens a page it owns. */
  onDemand?: boolean;
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
    const pending = Object.values(initial).filter((remote) => remote && !remote.onDemand && remote.version && !remote.builtAt);
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
  const all = useDevRemotes(reported);
  const remotes = Object.fromEntries(Object.entries(all).filter(([, remote]) => remote && !remote.onDemand));
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

/** Which remote owns each page of the product (as the shell mounts them, shell/src/app/App.tsx). */
export const ROUTE_OWNERS = {
  home: 'feed',
  explore: 'feed',
  profile: 'profile',
  post: 'post',
  settings: 'profile',
  moderation: 'post',
  tag: 'feed',
  search: 'feed',
  login: 'auth',
  signup: 'auth',
  mockman: 'mockman',
  notifications: 'notifications',
} as const satisfies Record<RouteName, RemoteName>;

/** The paths of the <Route> elements a remote gives (through fragments), e.g. ['/', '/explore']. */
export function routePaths(node: ReactNode): string[] {
  const paths: string[] = [];
  React.Children.forEach(node, (child) => {
    if (!React.isValidElement(child)) return;
    const props = child.props as { path?: unknown; children?: ReactNode };
    if (child.type === React.Fragment) paths.push(...routePaths(props.children));
    else if (typeof props.path === 'string') paths.push(props.path);
  });
  return paths;
}

/**
 * The pages of the product a remote's own routes leave out: all whose path it does not route
 * itself, except home when it has a catch-all ('*', e.g. mockman's page at every path).
 */
export function otherPages(own: string[]): RouteName[] {
  const catchAll = own.includes('*');
  return (Object.keys(ROUTES) as RouteName[]).filter((route) => !own.includes(ROUTES[route]) && !(route === 'home' && catchAll));
}

/**
 * Whether the dev server is still to make this remote's production build: a local build
 * (it has a version) whose dist/ was missing when the page asked (tools/dev-remotes.js builds it
 * on the first request for one of its files and answers once it is built).
 */
export function isToBeBuilt(remote: DevRemote | undefined): boolean {
  return !!remote && !!remote.version && !remote.builtAt;
}

/** One request per build and page: it answers once the dev server has built the remote (503 when the build failed). */
const builds = new Map<string, Promise<void>>();
function builtOnServer(remote: DevRemote): Promise<void> {
  const url = new URL(remote.url, window.location.href).href;
  if (!builds.has(url)) {
    builds.set(
      url,
      Promise.resolve()
        .then(() => fetch(url, { cache: 'no-cache' }))
        .then(async (response) => {
          if (response.ok) return;
          builds.delete(url); // a reload asks again
          throw new Error((await response.text().catch(() => '')) || `${url} answered ${response.status}`);
        }),
    );
  }
  return builds.get(url)!;
}

export type RemotesState =
  | { state: 'ready' }
  /** Built: loading the runtime core (a moment). */
  | { state: 'loading' }
  | { state: 'building'; names: RemoteName[] }
  | { state: 'failed'; message: string };

/**
 * Gets the remotes `names` ready for a page: waits for the builds the dev server is still to make,
 * then loads the runtime core their entries expect. Meanwhile the state says which are building.
 */
export function useRemotesReady(names: readonly RemoteName[], devRemotes: DevRemotes): RemotesState {
  const key = names.join(',');
  const building = names.filter((name) => isToBeBuilt(devRemotes[name]));
  const [state, setState] = useState<RemotesState>(() =>
    building.length ? { state: 'building', names: building } : { state: names.length ? 'loading' : 'ready' },
  );
  useEffect(() => {
    let alive = true;
    const wanted = key ? (key.split(',') as RemoteName[]) : [];
    const pending = wanted.filter((name) => isToBeBuilt(devRemotes[name]));
    if (pending.length) setState({ state: 'building', names: pending });
    void Promise.all(pending.map((name) => builtOnServer(devRemotes[name]!)))
      .then(() => {
        if (alive && pending.length) setState({ state: 'loading' });
        return Promise.all(wanted.map((name) => ensureRuntimeCore(devRemotes[name]?.url ?? defaultRemotes()[name])));
      })
      .then(
        () => alive && setState({ state: 'ready' }),
        (error: unknown) => alive && setState({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      alive = false;
    };
  }, [key, devRemotes]);
  return state;
}

/**
 * `children` once the remotes `names` are ready (useRemotesReady); until then a line saying which
 * production build the dev server is making (the page would otherwise stay blank for the length
 * of a build), or why it could not.
 */
export function WhenRemotesReady({
  names,
  devRemotes,
  children,
}: {
  names: readonly RemoteName[];
  devRemotes: DevRemotes;
  children: ReactNode;
}) {
  const status = useRemotesReady(names, devRemotes);
  if (status.state === 'ready') return <>{children}</>;
  if (status.state === 'loading') return null;
  if (status.state === 'failed')
    return (
      <section className="dev-host__building" role="alert">
        <h1>A remote this page needs could not be built</h1>
        <p>{status.message}</p>
        <p className="muted">Its errors are in this dev server&apos;s terminal. Fix them, then reload the page.</p>
      </section>
    );
  const folders = status.names.map((name) => `${name}-mfe`);
  return (
    <section className="dev-host__building" role="status">
      <span className="spinner spinner--small">
        <span className="spinner__wheel" aria-hidden="true" />
      </span>
      <div>
        <h1>Building {folders.join(' and ')} for this page</h1>
        <p>
          This page needs the production build of {folders.join(' and ')}, which this dev server is making now:{' '}
          {folders.map((folder, i) => (
            <React.Fragment key={folder}>
              {i > 0 && ', '}
              <code>npm run build -w {folder}</code>
            </React.Fragment>
          ))}{' '}
          (its progress shows in the dev server&apos;s terminal). The page opens here once it is built; the build is kept, so the next time
          is at once.
        </p>
      </div>
    </section>
  );
}

/** A production build's entry expects the federation runtime core as a global, which the shell provides in the product. */
const runtimeCores = new Map<string, Promise<void>>();
export function ensureRuntimeCore(remoteUrl: string): Promise<void> {
  if ((globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE) return Promise.resolve();
  const src = new URL('federation-runtime-core.js', new URL(remoteUrl, window.location.href)).href;
  if (!runtimeCores.has(src)) {
    runtimeCores.set(
      src,
      new Promise((resolve) => {
        const script = document.createElement('script');
        script.src = src;
        // A dev server's build has no such file and needs none (its entry carries the runtime).
        script.onload = script.onerror = () => resolve();
        document.head.appendChild(script);
      }),
    );
  }
  return runtimeCores.get(src)!;
}

function OwnedPage({ route }: { route: RouteName }) {
  switch (route) {
    case 'home':
      return <RemoteComponent key="home" id="feed/FeedPage" props={{ mode: 'home' }} />;
    case 'explore':
      return <RemoteComponent key="explore" id="feed/FeedPage" props={{ mode: 'explore' }} />;
    case 'profile':
      return <ProfilePage />;
    case 'post':
      return <PostPage />;
    case 'settings':
      return <RemoteComponent id="profile/SettingsPage" />;
    case 'moderation':
      return <RemoteComponent id="post/ModerationPage" />;
    case 'tag':
      return <TagPage />;
    case 'search':
      return <RemoteComponent id="feed/SearchPage" />;
    case 'login':
      return <RemoteComponent id="auth/LoginPage" />;
    case 'signup':
      return <RemoteComponent id="auth/SignupPage" />;
    case 'mockman':
      return <RemoteComponent id="mockman/MockmanPage" />;
    case 'notifications':
      return <RemoteComponent id="notifications/NotificationsPage" />;
  }
}
/** Keyed by the handle / post id / tag, as in the shell. */
function ProfilePage() {
  const { userHandler } = useRouteParams('profile');
  return <RemoteComponent key={userHandler} id="profile/ProfilePage" />;
}
function PostPage() {
  const { postId } = useRouteParams('post');
  return <RemoteComponent key={postId} id="post/PostPage" />;
}
function TagPage() {
  const { tag } = useRouteParams('tag');
  return <RemoteComponent key={tag} id="feed/TagPage" />;
}

/** Another remote's page on this dev page: a line saying whose it is, then the page itself. */
function OtherRemotePage({ route, devRemotes }: { route: RouteName; devRemotes: DevRemotes }) {
  const owner = ROUTE_OWNERS[route];
  const served = devRemotes[owner];
  const url = served?.url ?? defaultRemotes()[owner];
  const page = (
    <WhenRemotesReady names={[owner]} devRemotes={devRemotes}>
      <OwnedPage route={route} />
    </WhenRemotesReady>
  );
  const guarded =
    route === 'login' || route === 'signup' ? (
      <PublicOnly>{page}</PublicOnly>
    ) : route === 'mockman' ? (
      page
    ) : (
      <RequireAuth>{page}</RequireAuth>
    );
  return (
    <>
      <p className="dev-host__owner muted">
        This page belongs to the {owner} remote ({owner}-mfe), loaded from {served ? served.source : url}. To work on it:{' '}
        <code>npm start -w {owner}-mfe</code>.
      </p>
      {guarded}
    </>
  );
}

function NoSuchPage() {
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p className="muted">No page of the product has this address.</p>
      <Link className="btn btn--primary" to={pathTo('home')}>
        Go to the home feed
      </Link>
    </section>
  );
}

/** The remote's own routes first (they win a tie), then every other page of the product. */
export function devRoutes(routes: ReactNode, devRemotes: DevRemotes): ReactNode {
  const own = routePaths(routes);
  return (
    <>
      {routes}
      {otherPages(own).map((route) => (
        <Route key={`dev-host-${route}`} path={ROUTES[route]} element={<OtherRemotePage route={route} devRemotes={devRemotes} />} />
      ))}
      {!own.includes('*') && <Route key="dev-host-not-found" path="*" element={<NoSuchPage />} />}
    </>
  );
}

export async function startDevHost({ name, routes, links, signIn = true }: DevHostOptions): Promise<void> {
  const started = import('@social/mock-api/server').then((m) => m.startServer());
  setBackendReady(started);
  const remotes = await loadDevRemotes();
  configureRemotes(devRemotesConfig(remotes));
  await started;
  if (signIn && !auth$.value) await signInTestUser();
  // The remotes the page's own routes use (feed's cards are post's): ready before they render.
  const consumed = (Object.keys(remotes) as RemoteName[]).filter((remote) => !remotes[remote]?.onDemand);
  createRoot(document.getElementById('root')!).render(
    <React.StrictMode>
      <BrowserRouter>
        <AppFrame>
          <DevBar name={name} links={links} remotes={remotes} />
          <main className="page">
            <WhenRemotesReady names={consumed} devRemotes={remotes}>
              <Routes>{devRoutes(routes, remotes)}</Routes>
            </WhenRemotesReady>
          </main>
        </AppFrame>
      </BrowserRouter>
    </React.StrictMode>,
  );
}
export { RequireAuth, PublicOnly } from '../app/RouteGuards';
