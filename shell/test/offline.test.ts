/**
 * The page's side of the service worker (src/offline/service-worker.ts) with a stand-in for
 * navigator.serviceWorker, and what the worker caches (src/offline/caching.ts).
 */
import { BACKEND_CHANGE_EVENT, LIMITS } from '@social/mock-api/contract';
import type { StartBackend, ToWorker } from '@social/mock-api/worker-protocol';
import { MessageChannel } from 'worker_threads';
import { isEntryFile, isHashedFile, remoteFiles, shellFiles } from '../src/offline/caching';

// jsdom has no MessageChannel; Node's has the same shape (onmessage, postMessage, close).
Object.assign(globalThis, { MessageChannel });

/** A fake ServiceWorkerContainer: `takesControl` decides whether the worker ever controls the page. */
function fakeServiceWorker({ takesControl, answer = 'ready' }: { takesControl: boolean; answer?: 'ready' | 'failed' }) {
  const received: ToWorker[] = [];
  const container = new EventTarget() as EventTarget & Record<string, unknown>;
  const worker = {
    postMessage(message: ToWorker, transfer: MessagePort[] = []) {
      received.push(message);
      if (message.type === 'orbit-sw:claim' && takesControl) {
        container.controller = worker;
        container.dispatchEvent(new Event('controllerchange'));
      }
      if (message.type === 'orbit-backend:start') {
        transfer[0]?.postMessage(
          answer === 'ready' ? { type: 'orbit-backend:ready' } : { type: 'orbit-backend:failed', message: 'no storage' },
        );
      }
    },
  };
  const registration = { active: worker };
  Object.assign(container, {
    controller: null,
    ready: Promise.resolve(registration),
    register: jest.fn(async () => registration),
    startMessages: jest.fn(),
  });
  return { container, received };
}

async function loadWith(container: EventTarget) {
  jest.resetModules();
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  return import('../src/offline/service-worker');
}

afterEach(() => {
  jest.useRealTimers();
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
});

test('the first API call starts the backend in the worker with the switches of the address the page was opened with', async () => {
  const { container, received } = fakeServiceWorker({ takesControl: true });
  const { startWorkerBackend } = await loadWith(container);
  await startWorkerBackend('http://localhost/?seed-posts=20&api-delay=0');
  const start = received.find((m): m is StartBackend => m.type === 'orbit-backend:start');
  expect(start).toEqual({ type: 'orbit-backend:start', reset: true, seedPosts: 20, timing: 0 });
  // Without switches: the product's delay, no reset.
  await startWorkerBackend('http://localhost/login');
  expect(received.filter((m) => m.type === 'orbit-backend:start').at(-1)).toEqual({
    type: 'orbit-backend:start',
    reset: false,
    seedPosts: undefined,
    timing: LIMITS.defaultDelayMs,
  });
});

test('a worker that never takes the page over ends in a clear error after a bounded time, not a hang', async () => {
  jest.useFakeTimers();
  const { container } = fakeServiceWorker({ takesControl: false });
  const { startWorkerBackend, BACKEND_START_FAILED, BACKEND_START_TIMEOUT_MS } = await loadWith(container);
  const started = startWorkerBackend('http://localhost/');
  const outcome = started.then(
    () => 'started',
    (error: Error) => error.message,
  );
  await jest.advanceTimersByTimeAsync(BACKEND_START_TIMEOUT_MS);
  expect(await outcome).toBe(BACKEND_START_FAILED);
});

test('a backend that cannot start says so', async () => {
  const { container } = fakeServiceWorker({ takesControl: true, answer: 'failed' });
  const { startWorkerBackend, BACKEND_START_FAILED } = await loadWith(container);
  await expect(startWorkerBackend('http://localhost/')).rejects.toThrow(BACKEND_START_FAILED);
});

test("another tab's write, announced by the worker, fires the change event the bus follows", async () => {
  const { container } = fakeServiceWorker({ takesControl: true });
  const { startWorkerBackend } = await loadWith(container);
  await startWorkerBackend('http://localhost/');
  const seen = jest.fn();
  window.addEventListener(BACKEND_CHANGE_EVENT, seen);
  container.dispatchEvent(new MessageEvent('message', { data: { type: 'orbit-backend:change' } }));
  container.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } }));
  window.removeEventListener(BACKEND_CHANGE_EVENT, seen);
  expect(seen).toHaveBeenCalledTimes(1);
});

describe('what the service worker caches', () => {
  test('entries are the files that name a build; hashed files are the rest', () => {
    expect(isEntryFile(new URL('http://localhost:3002/remoteEntry.js'))).toBe(true);
    expect(isEntryFile(new URL('http://localhost:3002/mf-manifest.json'))).toBe(true);
    expect(isEntryFile(new URL('http://localhost:3000/remotes.json'))).toBe(true);
    expect(isEntryFile(new URL('http://localhost:3000/main.1a2b3c4d.js'))).toBe(false);
    expect(isHashedFile(new URL('http://localhost:3003/342.ab12cd34.js'))).toBe(true);
    expect(isHashedFile(new URL('http://localhost:3003/remoteEntry.js'))).toBe(false);
  });

  test("the remotes' files as remotes.json and their manifests name them", async () => {
    const manifest = {
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ assets: { js: { sync: ['1.aaaaaaaa.js'], async: ['2.bbbbbbbb.js'] }, css: { sync: [], async: [] } } }],
    };
    const read = jest.fn(async (url: string) => (url.includes('3002') ? manifest : null));
    const files = await remoteFiles(
      {
        '//': 'comment',
        feed: 'http://localhost:3002/mf-manifest.json',
        auth: 'http://localhost:3001/remoteEntry.js',
        apiBaseUrl: 'http://localhost:4000',
        bad: 'javascript:alert(1)',
      },
      'http://localhost:3000/',
      read,
    );
    expect(files.sort()).toEqual([
      'http://localhost:3001/remoteEntry.js',
      'http://localhost:3002/1.aaaaaaaa.js',
      'http://localhost:3002/2.bbbbbbbb.js',
      'http://localhost:3002/remoteEntry.js',
    ]);
    expect(read).toHaveBeenCalledTimes(1);
  });
  test("the shell's build list: hashed files go with every app's, the others keep their revision", () => {
    const { hashed, named } = shellFiles(
      ['/main.1a2b3c4d.js', { url: '/index.html', revision: 'abc' }, { url: '/718.0f0f0f0f.js', revision: null }, '/robots.txt'],
      'http://localhost:3000/login',
    );
    expect(hashed).toEqual(['http://localhost:3000/main.1a2b3c4d.js', 'http://localhost:3000/718.0f0f0f0f.js']);
    expect(named).toEqual([
      { url: 'http://localhost:3000/index.html', revision: 'abc' },
      { url: 'http://localhost:3000/robots.txt', revision: null },
    ]);
  });
});

describe('the API client when the backend is not there', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  test('offline, a write says it was not sent and a read says it could not be loaded', async () => {
    const { createApiClient, OFFLINE_READ, OFFLINE_WRITE } = await import('@social/mock-api/client');
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = createApiClient({ getToken: () => 'token' });
    await expect(client.posts.create({ content: 'Kept in the box', pic: '', userId: 'u1-adarsh' })).rejects.toThrow(OFFLINE_WRITE);
    await expect(client.posts.all()).rejects.toThrow(OFFLINE_READ);
  });

  test('a web page answered for /api (a static server, no backend) is an error, never data', async () => {
    const { createApiClient, BACKEND_NOT_ANSWERING } = await import('@social/mock-api/client');
    // jsdom has no Response: the fields the client reads.
    const page = {
      ok: true,
      status: 200,
      headers: new Headers({ 'Content-Type': 'text/html; charset=utf-8' }),
      text: async () => '<!doctype html><html></html>',
    };
    globalThis.fetch = jest.fn(async () => page) as unknown as typeof fetch;
    const client = createApiClient({ getToken: () => null });
    await expect(client.posts.all()).rejects.toThrow(BACKEND_NOT_ANSWERING);
  });
});
