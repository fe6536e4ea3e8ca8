/**
 * The data behind one Mirage server and the wrapper every route goes through: it parses and
 * checks the request, resolves the caller from the token, runs the handler and, for writes,
 * saves the result or rolls the change back. No handler can crash the server or leave a
 * half-made change behind.
 */
import { Response, type Request } from 'miragejs';
import { SERVER_ERRORS } from '../contract';
import { errorBody, fail, HttpError } from './errors';
import { clearStoredDb, loadDb, saveDb, StorageFullError } from './persistence';
import { createSeedDb } from './seed';
import { findUser, Renderer, type Db, type StoredUser } from './store';
import { tokenExpired, tokenFromHeader, verifyToken, type TokenPayload } from './tokens';
import { parseBody, type JsonObject } from './validate';
import { nowIso } from './time';

export interface Answer {
  status: number;
  body: unknown;
}

export interface Ctx {
  readonly db: Db;
  readonly params: Record<string, string>;
  /** The parsed JSON body (`{}` when empty). */
  readonly body: JsonObject;
  readonly render: Renderer;
  /** One timestamp per request, so every record a request touches gets the same time. */
  readonly now: string;
  /** The member the token names: 404 userNotFound when there is no token or no such member, 401 badToken when forged, expired or revoked. */
  caller(): StoredUser;
  /** The caller and their token's claims (what logout revokes). */
  session(): { user: StoredUser; token: TokenPayload };
}

export type Handler = (ctx: Ctx) => Answer;

const JSON_HEADERS = { 'Content-Type': 'application/json' };

function header(request: Request, name: string): string | undefined {
  const headers = request.requestHeaders ?? {};
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** Status 507 (Insufficient Storage): the server understood the change but could not keep it. */
export const STORAGE_FULL_STATUS = 507;

export interface BackendOptions {
  persist: boolean;
  extraPosts: number;
  /** Start from the seed even if data is stored. */
  reset: boolean;
}

export class Backend {
  db: Db;
  /** The database as last saved (or seeded): what a failed write returns to. */
  private committed: string;

  constructor(private readonly options: BackendOptions) {
    const stored = options.persist && !options.reset ? loadDb() : null;
    if (stored) {
      this.db = stored.db;
      this.committed = stored.json;
    } else {
      this.db = createSeedDb(options.extraPosts);
      this.committed = JSON.stringify(this.db);
      this.saveSeed();
    }
  }

  private saveSeed(): void {
    if (!this.options.persist) return;
    try {
      saveDb(this.committed);
    } catch (error) {
      // The app still works for this page; changes will answer storageFull until space frees up.
      console.warn('mock-api: could not store the seed data', error);
    }
  }

  /** Back to the seed: the stored data is dropped and the fresh seed stored. */
  reseed(): void {
    clearStoredDb();
    this.db = createSeedDb(this.options.extraPosts);
    this.committed = JSON.stringify(this.db);
    this.saveSeed();
  }

  private rollback(): void {
    this.db = JSON.parse(this.committed) as Db;
  }

  private context(request: Request, body: JsonObject): Ctx {
    const db = this.db;
    let resolved: { user: StoredUser; token: TokenPayload } | undefined;
    const session = () => {
      if (resolved) return resolved;
      const token = tokenFromHeader(header(request, 'authorization'));
      // SPEC §5: "The user is resolved from the request token; if none is found, 404."
      if (!token) throw fail.userNotFound();
      const payload = verifyToken(token);
      if (!payload || tokenExpired(payload) || db.revoked.some((r) => r.id === payload.jti)) throw fail.badToken();
      const user = findUser(db, payload._id);
      if (!user) throw fail.userNotFound();
      resolved = { user, token: payload };
      return resolved;
    };
    return {
      db,
      params: request.params ?? {},
      body,
      render: new Renderer(db),
      now: nowIso(),
      caller: () => session().user,
      session,
    };
  }

  /** Wraps a handler for Mirage. GETs ignore the body; writes persist or roll back. */
  handle(kind: 'read' | 'write', method: string, handler: Handler) {
    return (_schema: unknown, request: Request): Response => {
      try {
        const body = method === 'get' ? {} : parseBody(request.requestBody);
        const answer = handler(this.context(request, body));
        if (kind === 'write') this.commit();
        return new Response(answer.status, JSON_HEADERS, answer.body as object);
      } catch (error) {
        if (kind === 'write') this.rollback();
        return errorResponse(error);
      }
    };
  }

  private commit(): void {
    const json = JSON.stringify(this.db);
    if (this.options.persist) {
      try {
        saveDb(json);
      } catch (error) {
        if (error instanceof StorageFullError) throw new HttpError(STORAGE_FULL_STATUS, SERVER_ERRORS.storageFull);
        throw error;
      }
    }
    this.committed = json;
  }
}

export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) return new Response(error.status, JSON_HEADERS, errorBody(error.message));
  console.error('mock-api: unexpected error', error);
  const detail = error instanceof Error ? error.message : String(error);
  return new Response(500, JSON_HEADERS, errorBody(`Unexpected server error: ${detail}`));
}
