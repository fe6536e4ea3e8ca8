/**
 * Finding and loading remotes at run time (shared as a singleton, so a remote that loads
 * another remote, e.g. feed loading post's card, goes through the shell's registry).
 *
 * The shell reads manifest URLs from /remotes.json served beside it; missing or broken
 * config falls back to the local ports, so nothing about a remote's address is baked into
 * the shell's build.
 */
import React, { Component, Suspense, useCallback, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { Spinner } from '@social/shell/ui';
import { useLocation } from 'react-router-dom';
import { matchPath, ROUTES } from '@social/shell/routes';
import {
  REMOTE_MODULES,
  type NoProps,
  type RemoteModuleExports,
  type RemoteModuleId,
  type RemoteProps,
  type RemoteRouteParams,
} from './contract';

export * from './contract';
export { VersionNotice, installVersionCheck, versionMismatches, type VersionMismatch } from './VersionCheck';
import { containerInitInItsOwnTask } from './container-init';
import { installVersionCheck } from './VersionCheck';

export const REMOTE_NAMES = ['auth', 'feed', 'post', 'profile', 'mockman', 'notifications'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export type RemotesConfig = Record<RemoteName, string>;

export const REMOTE_PORTS: Record<RemoteName, number> = {
  auth: 3001,
  feed: 3002,
  post: 3003,
  profile: 3004,
  mockman: 3005,
  notifications: 3006,
};

/** Human names used in the "could not be loaded" message. */
const REMOTE_LABELS: Record<RemoteName, string> = {
  auth: 'sign-in',
  feed: 'feed',
  post: 'post',
  profile: 'profile',
  mockman: 'API tester',
  notifications: 'notifications',
};

export function defaultRemotes(hostname = window.location.hostname, protocol = window.location.protocol): RemotesConfig {
  const config = {} as RemotesConfig;
  for (const name of REMOTE_NAMES) config[name] = `${protocol}//${hostname}:${REMOTE_PORTS[name]}/mf-manifest.json`;
  return config;
}

/** An http(s) address in a served config, resolved against the page; null for anything else ('' would be the page itself). */
export function resolveHttpUrl(value: unknown): URL | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * What the shell's index.html started before main.js ran (tools/boot/preload.js): the remotes
 * config, as text (null when not served).
 */
interface BootDownloads {
  config?: Promise<string | null>;
}
function bootDownloads(): BootDownloads {
  return (window as Window & { __ORBIT_BOOT__?: BootDownloads }).__ORBIT_BOOT__ ?? {};
}

/** The config text: the download index.html started (used once), else a fresh request. */
async function fetchConfigText(url: string): Promise<string | null> {
  const boot = bootDownloads();
  const started = url === '/remotes.json' ? boot.config : undefined;
  if (started) {
    delete boot.config;
    const text = await started.catch(() => null);
    if (text !== null) return text;
  }
  const response = await fetch(url, { cache: 'no-cache' });
  return response.ok ? response.text() : null;
}

/** The served config (/remotes.json) as parsed JSON, or null when it is missing or not JSON. */
export async function readServedConfig(url = '/remotes.json'): Promise<unknown> {
  try {
    const text = await fetchConfigText(url);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    // No config served (or not JSON): the defaults stand.
    return null;
  }
}

/** The remotes a served config names; any remote it does not name (or names badly) keeps its default. */
export function remotesFromConfig(data: unknown): RemotesConfig {
  const config = defaultRemotes();
  if (data && typeof data === 'object') {
    for (const name of REMOTE_NAMES) {
      const url = resolveHttpUrl((data as Record<string, unknown>)[name]);
      if (url) config[name] = url.href;
    }
  }
  return config;
}

/** Reads the remotes config: `readServedConfig` then `remotesFromConfig`. */
export async function loadRemotesConfig(url = '/remotes.json'): Promise<RemotesConfig> {
  return remotesFromConfig(await readServedConfig(url));
}

/**
 * The address of a remote's entry, from the address the config names: every remote is built
 * with remoteEntry.js beside its mf-manifest.json (tools/webpack.factory.js), so the runtime
 * loads the entry directly; an address that is not a manifest's is taken as the entry itself.
 * The runtime is built without its manifest code (disableSnapshot in tools/webpack.factory.js:
 * 1.5 KB gzip less on every first load); the page's boot script still reads the manifest of the
 * route's remote to preload its chunks. remoteEntry.js is served uncached, so a redeployed
 * remote is picked up on the next load, as with the manifest.
 */
export function remoteEntryUrl(url: string): string {
  return url.replace(/\/mf-manifest\.json(?=$|[?#])/, '/remoteEntry.js');
}

let registered: RemotesConfig | null = null;

export function configureRemotes(config: RemotesConfig): void {
  installVersionCheck();
  registerPlugins([containerInitInItsOwnTask()]);
  registered = config;
  registerRemotes(
    REMOTE_NAMES.map((name) => ({ name, entry: remoteEntryUrl(config[name]) })),
    { force: true },
  );
}

/**
 * Modules the runtime has given, by id: a RemoteComponent mounted once its module is here renders
 * it at once, without a Suspense fallback (a spinner for one frame, then the part: a layout shift).
 */
const loadedModules = new Map<RemoteModuleId, Record<string, unknown>>();

/** Forgets a failed remote so the next load fetches its entry again. */
function resetRemote(name: string): void {
  for (const id of loadedModules.keys()) if (id.startsWith(`${name}/`)) loadedModules.delete(id);
  if (registered && name in registered) {
    const remote = name as RemoteName;
    registerRemotes([{ name: remote, entry: remoteEntryUrl(registered[remote]) }], { force: true });
  }
}

/** Loads an exposed module, e.g. loadRemoteModule('post/PostCard'), typed by the contract (./contract.ts). */
export async function loadRemoteModule<Id extends RemoteModuleId>(id: Id): Promise<RemoteModuleExports<Id>> {
  const module = await loadRemote<RemoteModuleExports<Id>>(id);
  if (!module) throw new Error(`Remote module ${id} could not be loaded.`);
  loadedModules.set(id, module as unknown as Record<string, unknown>);
  return module;
}

/**
 * True once every module of `ids` has loaded or failed (starting their loads if needed). For a
 * page that lays itself out around remote parts: it keeps their room until they can render at
 * once, instead of showing a spinner in each and moving when the parts arrive. A part that
 * failed renders its own Retry.
 */
export function useRemoteModulesSettled(ids: readonly RemoteModuleId[]): boolean {
  const key = ids.join(' ');
  const [settledKey, setSettledKey] = useState(() => (ids.every((id) => loadedModules.has(id)) ? key : null));
  useEffect(() => {
    if (settledKey === key) return;
    let current = true;
    void Promise.allSettled(key.split(' ').map((id) => loadRemoteModule(id as RemoteModuleId))).then(() => {
      if (current) setSettledKey(key);
    });
    return () => {
      current = false;
    };
  }, [key, settledKey]);
  return settledKey === key;
}

/**
 * The route parameters an exposed page reads, as the contract declares them:
 * useRemoteRouteParams('post/PostPage') → { postId }. Throws if the page is shown elsewhere.
 */
export function useRemoteRouteParams<Id extends RemoteModuleId>(id: Id): RemoteRouteParams<Id> {
  const route = REMOTE_MODULES[id].route;
  const { pathname } = useLocation();
  if (!route) return {} as RemoteRouteParams<Id>;
  const params = matchPath(route, pathname);
  // Mounted on another route is a wiring mistake: the remote's boundary reports it instead of a page for ''.
  if (!params) throw new Error(`${id} reads the ${route} route (${ROUTES[route]}) but is shown at ${pathname}.`);
  return params as RemoteRouteParams<Id>;
}

// ---- React side ----

interface BoundaryProps {
  label: string;
  onRetry: () => void;
  compact?: boolean;
  children: ReactNode;
}

/** Catches a remote that fails to load or to render, and offers a Retry. */
export class RemoteBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.warn(`[shell] the ${this.props.label} part failed:`, error.message);
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className={this.props.compact ? 'remote-error remote-error--compact' : 'remote-error'} role="alert">
        <p className="remote-error__title">The {this.props.label} part of the site could not be loaded.</p>
        {!this.props.compact && <p>The rest of the site still works. Check your connection, then try again.</p>}
        <button type="button" className="btn btn--primary" onClick={this.retry}>
          Retry
        </button>
      </div>
    );
  }
}

/** The module's props: required when it has required ones, optional (and empty) for pages without. */
type PropsOf<Id extends RemoteModuleId> = RemoteProps<Id> extends NoProps ? { props?: NoProps } : { props: RemoteProps<Id> };

/** A loader (injected in tests): resolves to the module's exports. */
export type RemoteLoader = (id: RemoteModuleId) => Promise<Record<string, unknown>>;

export type RemoteComponentProps<Id extends RemoteModuleId> = PropsOf<Id> & {
  /** 'feed/FeedPage' style id from the contract (./contract.ts); its first segment names the remote. */
  id: Id;
  /** Small inline fallback and error (for cards inside a list). */
  compact?: boolean;
  /** Injected in tests; defaults to the federation runtime. */
  load?: RemoteLoader;
};

// One lazy component per (module, attempt): a list of 500 cards shares one load,
// and once it has resolved every further card renders at once, without a fallback.
const lazyCache = new Map<string, unknown>();
const attempts = new Map<string, number>();

const defaultLoad: RemoteLoader = (id) => loadRemoteModule(id) as unknown as Promise<Record<string, unknown>>;

/** The component a module exports as default; throws (for the boundary) when it has none. */
function defaultExport<P>(id: RemoteModuleId, module: Record<string, unknown>): ComponentType<P> {
  const component = module.default as ComponentType<P> | undefined;
  if (typeof component !== 'function' && typeof component !== 'object') {
    throw new Error(`Remote module ${id} has no default export.`);
  }
  return component as ComponentType<P>;
}

/** The module's component itself when it is loaded already, else a lazy one (shared by every mount of that attempt). */
function componentFor<P>(
  id: RemoteModuleId,
  attempt: number,
  load: RemoteLoader,
): ComponentType<P> | React.LazyExoticComponent<ComponentType<P>> {
  const cacheable = load === defaultLoad;
  const loaded = cacheable ? loadedModules.get(id)?.default : undefined;
  // Anything else goes through the lazy path, which reports it inside the part's boundary.
  if (typeof loaded === 'function' || (typeof loaded === 'object' && loaded !== null)) return loaded as ComponentType<P>;
  const key = `${id}#${attempt}`;
  const cached = cacheable ? lazyCache.get(key) : undefined;
  if (cached) return cached as React.LazyExoticComponent<ComponentType<P>>;
  const lazy = React.lazy(async () => ({ default: defaultExport<P>(id, await load(id)) }));
  if (cacheable) lazyCache.set(key, lazy);
  return lazy;
}

/** Renders a component exposed by a remote, behind Suspense and an error boundary with Retry. */
export function RemoteComponent<Id extends RemoteModuleId>({ id, props, compact, load = defaultLoad }: RemoteComponentProps<Id>) {
  type P = RemoteProps<Id>;
  const [attempt, setAttempt] = useState(() => attempts.get(id) ?? 0);
  const remote = id.split('/')[0] ?? id;
  const label = REMOTE_LABELS[remote as RemoteName] ?? remote;
  // A failed React.lazy stays failed: each Retry builds a new one. Chosen once per mount and
  // attempt: switching from the lazy component to the loaded one would remount the part.
  const Part = useMemo(() => componentFor<P>(id, attempt, load), [id, attempt, load]);
  const retry = useCallback(() => {
    resetRemote(remote);
    const next = (attempts.get(id) ?? 0) + 1;
    attempts.set(id, next);
    setAttempt(next);
  }, [remote, id]);
  return (
    <RemoteBoundary key={attempt} label={label} onRetry={retry} compact={compact}>
      <Suspense fallback={<Spinner size={compact ? 'small' : 'page'} />}>
        {React.createElement(Part as unknown as ComponentType<P>, (props ?? {}) as P)}
      </Suspense>
    </RemoteBoundary>
  );
}
