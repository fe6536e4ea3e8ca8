/**
 * The shell's bus: the one place the apps share state and events (shared as a Module
 * Federation singleton, so every remote sees the same instance).
 *
 * State (BehaviorSubjects, read with the hooks in ./hooks):
 * - auth$   { token, user } of the signed-in member (user: the v2 MeV2), or null. Kept in
 *           localStorage under 'login-items' (STORAGE_KEYS in mock-api/src/contract.ts) and
 *           restored at start.
 * - theme$  'dark' | 'light' (localStorage key 'theme', default dark).
 * - backendAnswers$  whether /api answers without waiting for the backend's start.
 * Events (events$): toast. (Navigation is the router's; a sign-out is auth$ becoming null.)
 * api: the typed client bound to the member's token; a 401 for the current token logs the member out.
 * Server state (posts, members, pages) is not here: it lives in the query cache of
 * `@social/shell/data` (docs/data-layer.md), which follows this bus's session (cleared on
 * logout) and other tabs' changes (BACKEND_CHANGE_EVENT invalidates it).
 * Other tabs: their login/logout (the 'storage' event) is followed here.
 */
import { BehaviorSubject, Subject } from 'rxjs';
import { createApiClient, ApiError, type ApiClientOptions, type UploadProgress } from '@social/mock-api/client';
import { STORAGE_KEYS } from '@social/mock-api/contract';
import type { MeV2 } from '@social/mock-api/contract-v2';
import { useSubject } from './hooks';
import { readStorage } from './read-storage';
import { memberForStorage, memberFromStorage } from './stored-auth';

export interface AuthState {
  token: string;
  user: MeV2;
}
export type Theme = 'dark' | 'light';
export type ToastType = 'info' | 'success' | 'warning' | 'error' | 'default';

export type AppEvent = { type: 'toast'; toastType: ToastType; message: string };

function isAuthState(value: unknown): value is AuthState {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<AuthState>;
  // A session stored by an earlier version holds a v1 user: its token still works, and
  // `@social/shell/data` replaces the user with the server's MeV2 (useMe) once it loads.
  return (
    typeof v.token === 'string' &&
    !!v.user &&
    typeof v.user === 'object' &&
    typeof v.user._id === 'string' &&
    typeof v.user.userHandler === 'string'
  );
}

function readTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.theme);
    return stored === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

/** The stored session, without a page-bound picture address (./stored-auth.ts). */
function readStoredAuth(current: AuthState | null = null): AuthState | null {
  const stored = readStorage(STORAGE_KEYS.loginItems, isAuthState);
  return stored && { ...stored, user: memberFromStorage(stored.user, current?.user) };
}

export const auth$ = new BehaviorSubject<AuthState | null>(readStoredAuth());
export const theme$ = new BehaviorSubject<Theme>(readTheme());
export const events$ = new Subject<AppEvent>();

// ---- Auth ----

/** Signs the member in: keeps token and user in one localStorage entry. */
export function setAuth(state: AuthState): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.loginItems, JSON.stringify({ ...state, user: memberForStorage(state.user) }));
  } catch {
    // Storage full or blocked: the session still works for this page.
  }
  auth$.next(state);
}

/** Replaces the stored user (with the server's answer: a profile edit, a follow, GET /me). */
export function updateAuthUser(user: MeV2): void {
  const current = auth$.value;
  if (current && current.user._id === user._id && JSON.stringify(current.user) !== JSON.stringify(user))
    setAuth({ token: current.token, user });
}

/** Ends the session on this page: subject and stored entry (no server call). */
function endLocalSession(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.loginItems);
  } catch {
    // Nothing stored or storage blocked: nothing to remove.
  }
  auth$.next(null);
}

/**
 * Signs the member out: at once on this page (and, through the stored entry, in every tab),
 * then asks the server to revoke the token. The revocation is best effort: offline or with an
 * already invalid token, the member is still signed out here.
 */
export function logout(): void {
  const token = auth$.value?.token;
  endLocalSession();
  if (token) {
    revocation = createApiClient({
      getToken: () => token,
      beforeRequest: whenBackendReady,
      // Read when the call is made: the first API call may be what sets it (shell/src/backend.ts).
      get baseUrl() {
        return apiOptions.baseUrl;
      },
    })
      .v2.auth.logout()
      .then(
        () => undefined,
        () => undefined,
      );
  }
}

/**
 * Ends the session on this page (and, through the stored entry, in every tab) without asking
 * the server: it has ended it already (the member deleted their account).
 */
export function endSession(): void {
  endLocalSession();
}

let revocation: Promise<void> = Promise.resolve();
/** Settles when the server has answered the last logout's revocation (or failed to); for tests that stop the backend after a logout. */
export function whenLogoutSent(): Promise<void> {
  return revocation;
}

// Another tab signed in, out, or changed the member: follow it (the 'storage' event fires only in the other tabs).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.loginItems && event.key !== null) return;
    const stored = readStoredAuth(auth$.value);
    if (!stored) {
      if (auth$.value) endLocalSession();
    } else if (JSON.stringify(stored) !== JSON.stringify(auth$.value)) {
      auth$.next(stored);
    }
  });
}

// ---- Theme ----

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // Not persisted, still applied.
  }
  theme$.next(theme);
}

// ---- Events ----

export function toast(toastType: ToastType, message: string): void {
  events$.next({ type: 'toast', toastType, message });
}

// ---- API ----

let backendReady: Promise<unknown> | null = Promise.resolve();
let startBackend: (() => Promise<unknown>) | null = null;
/**
 * Whether the backend answers /api now, without waiting: false from a host's start until it has
 * started. An address on /api can then be given to the browser as it is (an <img>, see
 * shell/src/ui/served-src.ts); before, the static server would answer it.
 */
export const backendAnswers$ = new BehaviorSubject<boolean>(true);

/** How far the request body being sent now has gone up (a post's pictures), null while none is (the composer shows it). */
export const uploadProgress$ = new BehaviorSubject<UploadProgress | null>(null);
/** Marks the backend answering once `ready` resolves, unless another start has replaced it since. */
function answeringWhen(ready: Promise<unknown>): Promise<unknown> {
  if (backendAnswers$.value) backendAnswers$.next(false);
  ready.then(
    () => {
      if (backendReady === ready && !backendAnswers$.value) backendAnswers$.next(true);
    },
    () => undefined,
  );
  return ready;
}
/** The host (shell or a remote's dev page) tells the bus when the fake backend can answer. */
export function setBackendReady(ready: Promise<unknown>): void {
  backendReady = answeringWhen(ready);
  startBackend = null;
}
/**
 * The host names how to start the backend; it starts on the first API call (or
 * whenBackendReady), so a page that calls no API, like /login, never downloads it.
 */
export function setBackendStart(start: () => Promise<unknown>): void {
  startBackend = start;
  backendReady = null;
  if (backendAnswers$.value) backendAnswers$.next(false);
}
/** Resolves once the fake backend answers /api (for code that calls fetch itself, like /mockman). */
export function whenBackendReady(): Promise<unknown> {
  if (!backendReady) {
    const start = startBackend;
    // A start that fails is tried again by the next call, so a network blip does not stick.
    backendReady = answeringWhen(
      (start ? start() : Promise.resolve()).catch((error: unknown) => {
        backendReady = null;
        throw error;
      }),
    );
  }
  return backendReady;
}

/** Shown when the server refuses the member's token (expired, or revoked by a logout elsewhere). */
export const SESSION_ENDED_MESSAGE = 'Your session has expired. Please log in again.';

const apiOptions: ApiClientOptions = {
  getToken: () => auth$.value?.token ?? null,
  beforeRequest: whenBackendReady,
  onUploadProgress: (progress) => uploadProgress$.next(progress),
  // The session's token expired or was revoked: sign out here (the guards then send the member to
  // /login) and say why. A refused token that is no longer the session's (sent before a password
  // change in this tab or another) says nothing about the new session, which stays.
  onUnauthorized: (_error, sentToken) => {
    if (auth$.value && sentToken === auth$.value.token) {
      endLocalSession();
      toast('error', SESSION_ENDED_MESSAGE);
    }
  },
};

/** Where `/api` is: '' (this page's origin: the in-browser fake backend) or a real server's origin (shell/src/backend.ts). */
export function setApiBaseUrl(url: string): void {
  apiOptions.baseUrl = url.replace(/\/+$/, '');
}
export function apiBaseUrl(): string {
  return apiOptions.baseUrl ?? '';
}

export const api = createApiClient(apiOptions);

/** The message to show for a failed call: the server's words, else a plain fallback. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export { ApiError };

// ---- Hooks ----
export { useSubject };
export const useAuth = (): AuthState | null => useSubject(auth$);
export const useTheme = (): Theme => useSubject(theme$);
