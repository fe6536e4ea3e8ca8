/**
 * Typed fetch client for the product's API. It adds the authorization header
 * to the calls marked `auth: true` below and turns error answers into ApiError with the server's
 * messages. It imports no MirageJS, so a bundle that only talks to the API stays small.
 */
import type {
  BookmarksAnswer,
  CommentEdit,
  CommentsAnswer,
  FollowAnswer,
  LoginAnswer,
  LoginInput,
  PostAnswer,
  PostDraft,
  PostSort,
  PostsAnswer,
  SignupAnswer,
  SignupInput,
  UserAnswer,
  UserEdit,
  UsersAnswer,
} from './contract';
import { routePath, V1_ROUTES, type V1RouteName } from './contract';
import { createV2Calls, type RequestOptions } from './client-v2';

import { browserDeviceTokens, DEVICE_TOKEN_HEADER, type DeviceTokenStore } from './device-tokens';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's messages (the `errors` list), or one describing the failure. */
    readonly errors: string[],
    readonly body: unknown,
  ) {
    super(errors.join(' ').trim() || `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** Origin the `/api` paths are relative to; '' for the current site. Read at each call, so a host can set it once its config is known. */
  baseUrl?: string;
  /** The signed-in member's token, or null. */
  getToken: () => string | null;
  /**
   * Called for every 401 answer, with the token the refused request carried (null: it carried
   * none), so a refusal of a token replaced meanwhile (a password change) can be told apart.
   */
  onUnauthorized?: (error: ApiError, sentToken: string | null) => void;
  /** Awaited before each call, e.g. until the in-browser backend has started. */
  beforeRequest?: () => Promise<unknown>;
  /** Where logins keep the device token of each account (./device-tokens.ts); default: localStorage. */
  deviceTokens?: DeviceTokenStore;
  /**
   * How far a large request body (a post's pictures: UPLOAD_PROGRESS_FROM bytes or more) has gone
   * up, as the browser reports it; null once its answer came (or it failed). Such a request goes
   * by XMLHttpRequest, whose upload reports progress (fetch's does not).
   */
  onUploadProgress?: (progress: UploadProgress | null) => void;
}

export interface UploadProgress {
  /** Bytes sent so far, of `total`. */
  sent: number;
  total: number;
}

/** Bodies from this size report their upload's progress (onUploadProgress). */
export const UPLOAD_PROGRESS_FROM = 128 * 1024;

type Method = 'GET' | 'POST' | 'DELETE';

function messagesOf(body: unknown, status: number): string[] {
  if (body && typeof body === 'object' && 'errors' in body) {
    const errors = (body as { errors: unknown }).errors;
    if (Array.isArray(errors)) {
      return errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
    }
  }
  if (typeof body === 'string' && body.trim()) return [body];
  return [`Request failed with status ${status}`];
}

/** An /api call answered with a web page: the backend is not there (e.g. the in-browser one has not started). */
export const BACKEND_NOT_ANSWERING = 'The backend is not answering. Reload the page to try again.';
/** Offline: a change was not sent (drafts stay where they were typed). */
export const OFFLINE_WRITE = 'You are offline, so this change was not sent. Try again when you are back online.';
export const OFFLINE_READ = 'You are offline, so this could not be loaded.';

function unreachableMessage(method: Method): string {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (!offline) return 'The server could not be reached. Check your connection and try again.';
  return method === 'GET' ? OFFLINE_READ : OFFLINE_WRITE;
}

/** A random key per action: crypto.randomUUID where there is one (it needs a secure context), else random hex. */
function idempotencyKey(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else bytes.forEach((_, i) => (bytes[i] = Math.floor(Math.random() * 256)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function createApiClient(options: ApiClientOptions) {
  const deviceTokens = options.deviceTokens ?? browserDeviceTokens();
  /**
   * `idempotent: true` (creating calls) sends an Idempotency-Key, one per action: the server
   * makes a repeat of the same key answer like the first call, so the one automatic retry after
   * a failed connection (the answer may have been lost after the change was saved) never
   * creates a second post, comment or member.
   * `device` (logins: the account) sends that account's device token and keeps the new one.
   */
  async function request<T>(
    method: Method,
    path: string,
    { auth = false, body, idempotent = false, device }: RequestOptions = {},
  ): Promise<T> {
    await options.beforeRequest?.();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = options.getToken();
    const sentToken = auth && token ? token : null;
    if (sentToken) headers.authorization = sentToken;
    if (idempotent) headers['Idempotency-Key'] = idempotencyKey();
    const deviceToken = device ? deviceTokens.get(device) : null;
    if (deviceToken) headers[DEVICE_TOKEN_HEADER] = deviceToken;
    let response: Response | undefined;
    const sent = body === undefined ? undefined : JSON.stringify(body);
    const url = `${options.baseUrl ?? ''}/api${path}`;
    const onUploadProgress = options.onUploadProgress;
    const withProgress =
      sent !== undefined && sent.length >= UPLOAD_PROGRESS_FROM && !!onUploadProgress && typeof XMLHttpRequest !== 'undefined';
    for (let attempt = 0; !response; attempt += 1) {
      try {
        response = withProgress
          ? await (await import('./upload-progress')).sendWithProgress(url, { method, headers, body: sent }, onUploadProgress)
          : await fetch(url, { method, headers, body: sent });
      } catch (cause) {
        // Offline: no retry (it would fail the same way); say the change was not sent.
        const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
        if (idempotent && attempt === 0 && !offline) continue;
        throw new ApiError(0, [unreachableMessage(method)], cause);
      }
    }
    // A static server's page (HTML) is not the API answering: say so rather than read it as data.
    if ((response.headers?.get?.('content-type') ?? '').includes('text/html')) {
      throw new ApiError(503, [BACKEND_NOT_ANSWERING], undefined);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the text as the body.
    }
    if (!response.ok) {
      const error = new ApiError(response.status, messagesOf(parsed, response.status), parsed);
      if (response.status === 401) options.onUnauthorized?.(error, sentToken);
      throw error;
    }
    const issued = device ? response.headers?.get?.(DEVICE_TOKEN_HEADER) : null;
    if (device && issued) deviceTokens.set(device, issued);
    return parsed as T;
  }

  /** A v1 call by its name in V1_ROUTES, its path's parameters in order. */
  const v1 = <T>(name: V1RouteName, params: string[] = [], options: RequestOptions = {}, query = '') =>
    request<T>(V1_ROUTES[name][0], `${routePath(V1_ROUTES[name][1], params)}${query}`, options);
  const signedIn = { auth: true, body: {} };

  return {
    request,
    /** The product's own paged API (/api/v2: ./contract-v2.ts); the apps use it. */
    v2: createV2Calls(request),
    auth: {
      login: (input: LoginInput) => v1<LoginAnswer>('login', [], { body: input, device: input.username }),
      signup: (input: SignupInput) => v1<SignupAnswer>('signup', [], { body: input, idempotent: true }),
      /** Revokes the caller's token on the server. */
      logout: () => v1<Record<string, never>>('logout', [], signedIn),
    },
    users: {
      all: () => v1<UsersAnswer>('users'),
      byId: (userId: string) => v1<UserAnswer>('userById', [userId]),
      byHandler: (handler: string) => v1<UserAnswer>('userByHandle', [handler]),
      edit: (userData: UserEdit) => v1<UserAnswer>('editUser', [], { auth: true, body: { userData } }),
      bookmarks: () => v1<BookmarksAnswer>('bookmarks', [], { auth: true }),
      bookmark: (postId: string) => v1<BookmarksAnswer>('bookmark', [postId], signedIn),
      removeBookmark: (postId: string) => v1<BookmarksAnswer>('removeBookmark', [postId], signedIn),
      follow: (userId: string) => v1<FollowAnswer>('follow', [userId], signedIn),
      unfollow: (userId: string) => v1<FollowAnswer>('unfollow', [userId], signedIn),
    },
    posts: {
      all: () => v1<PostsAnswer>('posts'),
      /** Cumulative explore pages: (page + 1) * limit posts, newest first or by trend. */
      page: (limit: number, page: number, { sort = 'trending' }: { sort?: PostSort } = {}) =>
        v1<PostsAnswer>('postsPage', [String(limit), String(page)], {}, `?sort=${sort}`),
      byId: (postId: string) => v1<PostAnswer>('post', [postId]),
      byUser: (username: string) => v1<PostsAnswer>('postsByUser', [username]),
      create: (postData: PostDraft & { userId: string }) =>
        v1<PostsAnswer>('createPost', [], { auth: true, body: { postData }, idempotent: true }),
      edit: (postId: string, postData: PostDraft) => v1<PostsAnswer>('editPost', [postId], { auth: true, body: { postData } }),
      remove: (postId: string) => v1<PostsAnswer>('deletePost', [postId], { auth: true }),
      like: (postId: string) => v1<PostsAnswer>('like', [postId], signedIn),
      dislike: (postId: string) => v1<PostsAnswer>('dislike', [postId], signedIn),
    },
    comments: {
      ofPost: (postId: string) => v1<CommentsAnswer>('comments', [postId]),
      add: (postId: string, commentData: { content: string }) =>
        v1<PostsAnswer>('addComment', [postId], { auth: true, body: { commentData }, idempotent: true }),
      edit: (postId: string, commentId: string, commentData: CommentEdit) =>
        v1<PostsAnswer>('editComment', [postId, commentId], { auth: true, body: { commentData } }),
      remove: (postId: string, commentId: string) => v1<PostsAnswer>('deleteComment', [postId, commentId], signedIn),
      upvote: (postId: string, commentId: string) => v1<PostsAnswer>('upvoteComment', [postId, commentId], signedIn),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
