/**
 * The page's side of the service worker (./sw.ts, docs/offline.md): registering it, starting
 * the fake backend in it, and passing on its notice that another tab changed the data.
 *
 * - `registerWhenIdle()`: after the page has loaded and the browser is idle, registers /sw.js
 *   and asks it to cache the product (the shell's and the remotes' current files). Nothing of it
 *   runs before "Log In".
 * - `startWorkerBackend(openedAt)`: the bus's backend start (shell/src/backend.ts). Waits until
 *   the worker controls this page (at most BACKEND_START_TIMEOUT_MS, then a clear error), hands
 *   it the page's switches (?reset-data, ?seed-posts, ?api-delay) and waits for its answer.
 *   Where the browser has no service workers the backend starts in the page, as before.
 */
import { BACKEND_CHANGE_EVENT, LIMITS } from '@social/mock-api/contract';
import { takeUrlSwitches } from '@social/mock-api/switches';
import {
  SERVICE_WORKER_URL,
  type BackendChanged,
  type BackendStarted,
  type StartBackend,
  type ToWorker,
} from '@social/mock-api/worker-protocol';

/** How long the first API call waits for the worker before it fails with BACKEND_START_FAILED. */
export const BACKEND_START_TIMEOUT_MS = 20_000;
export const BACKEND_START_FAILED = 'The in-browser backend did not start. Reload the page to try again.';

const supported = (): boolean =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && window.isSecureContext;

let registering: Promise<ServiceWorkerRegistration | null> | null = null;
/** Registers /sw.js once per page; null where service workers are not available or refused. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!registering) {
    registering = supported()
      ? navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((error: unknown) => {
          console.warn('Orbit: the service worker could not be registered; the product needs the network.', error);
          return null;
        })
      : Promise.resolve(null);
  }
  return registering;
}

function post(message: ToWorker, worker: ServiceWorker | null | undefined, transfer: Transferable[] = []): void {
  worker?.postMessage(message, transfer);
}

/** Calls `run` when the browser is idle (at most `timeout` ms later). */
function onIdle(run: () => void, timeout: number): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout });
  else setTimeout(run, Math.min(timeout, 1000));
}

/**
 * After load, when idle: register; then, when idle again, cache the product's current files
 * for the next (offline) load. The second wait matters when the first API call (a quick login)
 * registered the worker: its caching then waits for the feed to be on screen.
 */
export function registerWhenIdle(): void {
  if (!supported()) return;
  const whenIdle = () =>
    onIdle(() => {
      void registerServiceWorker()
        .then((registration) => (registration ? navigator.serviceWorker.ready : null))
        .then((ready) => {
          if (ready) onIdle(() => post({ type: 'orbit-sw:cache-product' }, ready.active), 5000);
        });
    }, 5000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

let listening = false;
/** Another tab wrote: the worker says so, and this page fires BACKEND_CHANGE_EVENT (the bus reloads posts and members). */
function followOtherTabs(): void {
  if (listening) return;
  listening = true;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as BackendChanged | undefined;
    if (data?.type === 'orbit-backend:change') window.dispatchEvent(new CustomEvent(BACKEND_CHANGE_EVENT));
  });
  navigator.serviceWorker.startMessages();
}

function timeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(BACKEND_START_FAILED)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(BACKEND_START_FAILED));
      },
    );
  });
}

/** Resolves once a service worker controls this page (asking an active one to take it over if needed). */
async function controlled(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  const container = navigator.serviceWorker;
  if (container.controller) return container.controller;
  const changed = new Promise<void>((resolve) => container.addEventListener('controllerchange', () => resolve(), { once: true }));
  // A page opened with a forced reload is not controlled: the active worker can still claim it.
  const ready = await container.ready;
  if (!container.controller) post({ type: 'orbit-sw:claim' }, ready.active ?? registration.active);
  if (!container.controller) await changed;
  return container.controller!;
}

/** Starts the fake backend in the service worker (or, without service workers, in the page). */
export async function startWorkerBackend(openedAt: string): Promise<void> {
  const registration = await registerServiceWorker();
  if (!registration) {
    const { startServer } = await import(/* webpackChunkName: "mock-api" */ '@social/mock-api/server');
    startServer({ url: openedAt });
    return;
  }
  followOtherTabs();
  const switches = takeUrlSwitches(openedAt);
  const message: StartBackend = {
    type: 'orbit-backend:start',
    reset: switches.reset,
    seedPosts: switches.seedPosts,
    timing: switches.timing ?? LIMITS.defaultDelayMs,
  };
  await timeout(
    controlled(registration).then(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event: MessageEvent<BackendStarted>) => {
            channel.port1.close();
            if (event.data.type === 'orbit-backend:ready') resolve();
            else reject(new Error(`${BACKEND_START_FAILED} (${event.data.message})`));
          };
          post(message, worker, [channel.port2]);
        }),
    ),
    BACKEND_START_TIMEOUT_MS,
  );
}
