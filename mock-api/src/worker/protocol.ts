/**
 * The messages between a page and the service worker that runs the fake backend (./index.ts,
 * shell/src/offline/). No MirageJS here: the page imports this file, the backend stays in the
 * worker.
 */

/** Page → worker, on a MessageChannel: start the backend with this page's switches; the worker answers `BackendReady`. */
export interface StartBackend {
  type: 'orbit-backend:start';
  /** `?reset-data` (or `?seed-posts`): back to the seed first. */
  reset: boolean;
  /** `?seed-posts=N`: N generated posts added to the seed. */
  seedPosts?: number;
  /** `?api-delay=N`, else the default (LIMITS.defaultDelayMs): the delay of every answer, for every tab, until a page sets another. */
  timing: number;
}

/** Worker → page, on the start message's port. */
export type BackendStarted = { type: 'orbit-backend:ready' } | { type: 'orbit-backend:failed'; message: string };

/** Worker → every other tab: a write was stored (the page fires BACKEND_CHANGE_EVENT). */
export interface BackendChanged {
  type: 'orbit-backend:change';
}

/** Page → worker: take this page over (a page opened with a forced reload is not controlled). */
export interface ClaimPage {
  type: 'orbit-sw:claim';
}

/** Page → worker, once the page is idle: cache the shell's files and what remotes.json and the remotes' manifests name now. */
export interface CacheProduct {
  type: 'orbit-sw:cache-product';
}

export type ToWorker = StartBackend | ClaimPage | CacheProduct;

/** The service worker's file, served by the shell beside index.html (tools/webpack.factory.js). */
export const SERVICE_WORKER_URL = '/sw.js';

/** True for a same-origin path the fake backend answers. */
export const isApiPath = (pathname: string): boolean => pathname === '/api' || pathname.startsWith('/api/');
