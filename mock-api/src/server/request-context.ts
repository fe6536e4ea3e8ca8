/**
 * What a route handler sees of one request (`Ctx`: the data, the parsed input, the caller from
 * the token, pictures made storable) and how its answer goes back to Mirage. Kept apart from
 * ./backend.ts, which decides when a handler runs and what happens to its changes.
 */
import { Response, type Request } from 'miragejs';
import type { DomainEvent } from '../core/events';
import { errorBody, fail, HttpError } from '../core/errors';
import type { ImageStore } from './image-store';
import { readUser, type Db, type StoredUser } from './store';
import { issuedBefore, tokenExpired, tokenFromHeader, verifyToken, type TokenPayload } from './tokens';
import { image, INPUT_MESSAGES, type JsonObject } from '../core/validate';
import { nowIso } from '../core/time';

export interface Answer {
  status: number;
  body: unknown;
  /** A write's events, named by its core operation (../core/events.ts); they go out once the write is committed. */
  events?: DomainEvent[];
}

export interface Ctx {
  readonly db: Db;
  readonly params: Record<string, string>;
  /** The query string's values as api-server reads them: a name given once is its text, a repeated one the list of its texts. */
  readonly query: Record<string, string | string[]>;
  /** The parsed JSON body (`{}` when empty). */
  readonly body: JsonObject;
  /** The URL answers show for a stored picture (a reference, see ./image-store.ts). */
  picUrl(stored: string): string;
  /** One timestamp per request, so every record a request touches gets the same time. */
  readonly now: string;
  /** The member the token names: 404 userNotFound when there is no token or no such member, 401 badToken when forged, expired or revoked. */
  caller(): StoredUser;
  /** The caller and their token's claims (what logout revokes). */
  session(): { user: StoredUser; token: TokenPayload };
  /** The caller when the request carries a token (401 badToken when it is not valid), else null. */
  optionalCaller(): StoredUser | null;
  /**
   * A `pic` field checked (see `image` in ../core/validate.ts) and made storable: undefined when
   * absent, '' for none, an http(s) URL, or a stored image's reference (a data: URL's image is
   * stored once; a URL this backend answered for an image keeps that image).
   */
  storablePic(value: unknown, field: string): string | undefined;
}

export type Handler = (ctx: Ctx) => Answer;
/** A write's handler: its answer names the events the write caused (none: an empty list). */
export type WriteHandler = (ctx: Ctx) => Answer & { events: DomainEvent[] };

export const JSON_HEADERS = { 'Content-Type': 'application/json' };

function header(request: Request, name: string): string | undefined {
  const headers = request.requestHeaders ?? {};
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** The context a handler runs with, on `db` as it is now; the caller is resolved on first use. */
export function requestContext(db: Db, images: ImageStore, request: Request, body: JsonObject): Ctx {
  let resolved: { user: StoredUser; token: TokenPayload } | undefined;
  const session = () => {
    if (resolved) return resolved;
    const token = tokenFromHeader(header(request, 'authorization'));
    // "The user is resolved from the request token; if none is found, 404" (SERVER_ERRORS.userNotFound).
    if (!token) throw fail.userNotFound();
    const payload = verifyToken(token);
    if (!payload || tokenExpired(payload) || db.revoked.some((r) => r.id === payload.jti)) throw fail.badToken();
    // Only read: a store that changes the caller looks them up itself (findUser), so the write stores them.
    const user = readUser(db, payload._id);
    if (!user) throw fail.userNotFound();
    // A password change ended every session started before it.
    if (user.sessionsFrom && issuedBefore(payload.jti, user.sessionsFrom)) throw fail.badToken();
    resolved = { user, token: payload };
    return resolved;
  };
  return {
    db,
    params: request.params ?? {},
    query: queryOf(request.url),
    body,
    picUrl: (stored) => images.display(stored),
    now: nowIso(),
    caller: () => session().user,
    session,
    optionalCaller: () => (tokenFromHeader(header(request, 'authorization')) ? session().user : null),
    storablePic: (value, field) => {
      if (typeof value === 'string') {
        const own = images.refOfUrl(value.trim());
        if (own) return own;
      }
      const checked = image(value, field);
      if (checked === undefined || !checked.startsWith('data:')) return checked;
      const ref = images.addDataUrl(checked, true);
      // The same check and message as api-server (api-server/src/images.ts).
      if (!ref) throw fail.badRequest(INPUT_MESSAGES.imageType);
      return ref;
    },
  };
}

/** The answer with its body serialised here. */
export function answerOf(answer: Answer): Response {
  return new Response(answer.status, JSON_HEADERS, JSON.stringify(answer.body));
}

/**
 * The query string, read from the URL rather than the router's `queryParams` (which keep the
 * last of a repeated name): `?limit=2&limit=3` is a list, and answers what api-server answers.
 */
function queryOf(url: string): Record<string, string | string[]> {
  const params = new URL(url, 'http://localhost').searchParams;
  const values: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const all = params.getAll(name);
    values[name] = all.length === 1 ? all[0]! : all;
  }
  return values;
}

export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) return new Response(error.status, JSON_HEADERS, errorBody(error.message));
  console.error('mock-api: unexpected error', error);
  const detail = error instanceof Error ? error.message : String(error);
  return new Response(500, JSON_HEADERS, errorBody(`Unexpected server error: ${detail}`));
}
