/**
 * Which backend the apps call, decided at run time by the shell's served config
 * (remotes.json, read once by shell/src/bootstrap.tsx). With an `apiBaseUrl` (an http(s)
 * address), every app calls that server (the bus's api client) and the fake backend never
 * starts; without one, the in-browser fake backend starts in the service worker. Either way it happens on the
 * first API call (the bus awaits `whenBackendReady`), so a page that calls no API, like
 * /login, loads neither. `npm run start:server` / `serve:server` serve such a config.
 */
import { setApiBaseUrl } from '@social/shell/bus';
import { resolveHttpUrl } from '@social/shell/federation';
import { startWorkerBackend } from './offline/service-worker';

/** The API server the config names, without a trailing slash, or null for the in-browser fake backend. */
export function apiBaseUrlOf(config: unknown): string | null {
  if (!config || typeof config !== 'object') return null;
  const url = resolveHttpUrl((config as Record<string, unknown>).apiBaseUrl);
  return url ? `${url.origin}${url.pathname}`.replace(/\/+$/, '') : null;
}

/**
 * Starts the backend the config names; resolves once `/api` calls can be made.
 * `openedAt` is the address the page was opened with (the fake backend's URL switches).
 */
export async function startBackend(openedAt: string, config: Promise<unknown>): Promise<void> {
  const base = apiBaseUrlOf(await config);
  if (base) {
    setApiBaseUrl(base);
    return;
  }
  // The in-browser fake backend runs in the service worker (./offline/service-worker.ts).
  await startWorkerBackend(openedAt);
}
