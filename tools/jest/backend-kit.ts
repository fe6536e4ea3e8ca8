/**
 * What every app's component tests share: the real fake backend in test mode, the toasts the
 * page raises, an optional signed-in test user, and a clean bus and query cache after each test.
 */
import { act } from '@testing-library/react';
import type { Server } from 'miragejs';
import { STORAGE_KEYS, TEST_CREDENTIALS } from '@social/mock-api/contract';
import type { MeV2 } from '@social/mock-api/contract-v2';
import { createApiClient, type ApiClient } from '@social/mock-api/client';
import { makeServer, type ServerOptions } from '@social/mock-api/server';
import { api, auth$, events$, logout, setAuth, whenLogoutSent, type ToastType } from '@social/shell/bus';
import { queryClient } from '@social/shell/data';

export interface SeenToast {
  toastType: ToastType;
  message: string;
}

export interface TestBackend {
  server: Server;
  toasts: SeenToast[];
  /** Set by a test that shut the server down itself (to test a failure). */
  stopped: boolean;
}

/** Pretender keeps the requests it answered in `handledRequests`, which its type file leaves out. */
interface RequestLog {
  handledRequests: { url: string; method: string }[];
}
const requestLog = (server: Server) => server.pretender as unknown as RequestLog;

export interface TestBackendOptions {
  serverOptions?: ServerOptions;
  /** Sign in test user 1 (default false). */
  signIn?: boolean;
  /** Runs first in each beforeEach (e.g. install browser test doubles). */
  before?: () => void;
}

/** Registers beforeEach/afterEach hooks; the returned object holds the current test's server and toasts. */
export function setUpTestBackend({ serverOptions, signIn = false, before }: TestBackendOptions = {}): TestBackend {
  const ctx: TestBackend = { server: undefined as unknown as Server, toasts: [], stopped: false };
  let unsubscribe = () => undefined as void;
  beforeEach(async () => {
    before?.();
    ctx.server = makeServer({ environment: 'test', ...serverOptions });
    ctx.stopped = false;
    ctx.toasts = [];
    const subscription = events$.subscribe((event) => {
      if (event.type === 'toast') ctx.toasts.push({ toastType: event.toastType, message: event.message });
    });
    unsubscribe = () => subscription.unsubscribe();
    if (signIn) {
      const { me, encodedToken } = await api.v2.auth.login(TEST_CREDENTIALS[0]!);
      setAuth({ token: encodedToken, user: me });
    }
    // Mirage turns request tracking off; a plain array makes pretender record them again,
    // from here on (set-up requests are not the test's).
    requestLog(ctx.server).handledRequests = [];
  });
  afterEach(async () => {
    unsubscribe();
    act(() => {
      if (ctx.stopped) {
        // No server left to revoke the token (the test stopped it): sign out on the page only.
        window.localStorage.removeItem(STORAGE_KEYS.loginItems);
        auth$.next(null);
      } else logout();
      queryClient.clear();
    });
    // The logout's revocation request must reach this test's server, not the next one.
    await whenLogoutSent();
    if (!ctx.stopped) ctx.server.shutdown();
  });
  return ctx;
}

/** Requests the fake backend answered for this path (with this method, when given) since the test started. */
export function requestsTo(server: Server, path: string, method?: string): number {
  return requestLog(server).handledRequests.filter(
    (request) => new URL(request.url, 'http://localhost').pathname === path && (!method || request.method === method),
  ).length;
}

/** A second member acting at the same time (their own token, not the bus's): test user n. */
export async function signInAs(n: 1 | 2 | 3 | 4): Promise<{ api: ApiClient; user: MeV2 }> {
  const anonymous = createApiClient({ getToken: () => null });
  const { me, encodedToken } = await anonymous.v2.auth.login(TEST_CREDENTIALS[n - 1]!);
  return { api: createApiClient({ getToken: () => encodedToken }), user: me };
}

/** Another tab (or member) changed the data: what the fake backend tells a page, and the page's cache refetches. */
export async function otherTabChanged(): Promise<void> {
  await act(async () => {
    await queryClient.invalidateQueries();
  });
}
