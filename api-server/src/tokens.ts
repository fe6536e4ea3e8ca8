/**
 * Signed tokens, the same shape as the fake backend's (mock-api/src/server/tokens.ts):
 * `base64url(header).base64url({_id, username, iat, exp, jti}).base64url(HMAC-SHA256)`, signed
 * with API_TOKEN_SECRET. `iat` and `exp` are whole seconds; the random `jti` makes every token
 * unique, so two logins in the same second never share one (a revoked one stays revoked).
 * A signature alone is not enough to be let in: the token must also be an unexpired, unrevoked
 * row of the sessions table (see kit.ts).
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { LIMITS, type TokenPayload } from '@social/mock-api/contract';
import { DEV_TOKEN_SECRET } from './config';

export type { TokenPayload };

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

let secret = process.env.API_TOKEN_SECRET || DEV_TOKEN_SECRET;

/** Set once at start from the configuration. */
export function setTokenSecret(value: string): void {
  secret = value;
}

const sign = (data: string) => createHmac('sha256', secret).update(data).digest('base64url');

export function signToken(user: { _id: string; username: string }, issuedAt = Date.now()): string {
  const payload: TokenPayload = {
    _id: user._id,
    username: user.username,
    iat: Math.floor(issuedAt / 1000),
    exp: Math.floor((issuedAt + LIMITS.tokenLifetimeMs) / 1000),
    jti: randomUUID(),
  };
  const head = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${head}.${sign(head)}`;
}

/** The payload of a token this server signed, or null for anything forged, tampered with or unreadable. */
export function verifyToken(token: string): TokenPayload | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(signature)) return null;
  const expected = Buffer.from(sign(`${header}.${payload}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsedHeader: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!parsedHeader || typeof parsedHeader !== 'object' || (parsedHeader as { alg?: unknown }).alg !== 'HS256') return null;
    if (!parsed || typeof parsed !== 'object') return null;
    const { _id, username, iat, exp, jti } = parsed as Record<string, unknown>;
    if (typeof _id !== 'string' || typeof username !== 'string' || typeof iat !== 'number' || !Number.isFinite(iat)) return null;
    // Tokens signed before exp/jti existed still have a session row (by hash): they expire LIMITS.tokenLifetimeMs after iat.
    return {
      _id,
      username,
      iat,
      exp: typeof exp === 'number' && Number.isFinite(exp) ? exp : iat + LIMITS.tokenLifetimeMs / 1000,
      jti: typeof jti === 'string' && jti ? jti : signature,
    };
  } catch {
    return null;
  }
}

/** When the token stops working (LIMITS.tokenLifetimeMs after issue). */
export const expiresAt = (payload: TokenPayload): number => payload.exp * 1000;

/** What the sessions table keeps instead of the token: a leaked table grants nothing. */
export const tokenHash = (token: string): string => createHash('sha256').update(token.trim()).digest('hex');

/** The token from an authorization header value: raw, or `Bearer <token>`. */
export function tokenFromHeader(value: string | string[] | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!trimmed) return null;
  const bearer = /^Bearer\s+(.+)$/i.exec(trimmed);
  return bearer ? bearer[1]!.trim() : trimmed;
}

/**
 * Device tokens (OWASP's "device cookies", issue 41): a successful login gets one for its
 * account; a later login that sends it back is judged on that device's own failure count, not
 * the account's anonymous one, so guesses from elsewhere cannot lock the owner out. Sent as a
 * header, not a cookie: the apps call the API with fetch from another origin without
 * credentials, where a cookie would be neither stored nor sent (docs/api-server-security.md).
 * `base64url({a: hash of the account, n: random id, iat}).signature`, signed apart from session
 * tokens (a different shape and a "device." prefix in what is signed).
 */
export const DEVICE_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const accountHash = (account: string) => createHash('sha256').update(`device-account:${account}`).digest('base64url').slice(0, 22);

export function signDeviceToken(account: string, issuedAt = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ a: accountHash(account), n: randomUUID(), iat: Math.floor(issuedAt / 1000) })).toString(
    'base64url',
  );
  return `${payload}.${sign(`device.${payload}`)}`;
}

/** The device's id when `token` is a device token this server signed for `account` and not expired; else null. */
export function verifyDeviceToken(token: string | string[] | undefined, account: string, now = Date.now()): string | null {
  if (typeof token !== 'string' || token.length > 512) return null;
  const [payload, signature, extra] = token.trim().split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(`device.${payload}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { a?: unknown; n?: unknown; iat?: unknown };
    if (parsed.a !== accountHash(account) || typeof parsed.n !== 'string' || typeof parsed.iat !== 'number') return null;
    if (parsed.iat * 1000 + DEVICE_TOKEN_LIFETIME_MS <= now) return null;
    return parsed.n;
  } catch {
    return null;
  }
}
