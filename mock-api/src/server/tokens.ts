/**
 * Signed tokens: JWT-shaped `base64url(header).base64url(payload).base64url(HMAC-SHA256)`.
 * A real signature means a member can't forge another member's token by editing the
 * payload in local storage; the server checks it on every protected call.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { LIMITS, type TokenPayload } from '../contract';
import { newId } from '../core/time';
import { FAKE_BACKEND_TOKEN_SECRET as SECRET } from '../core/token-secret';

export type { TokenPayload };

const HEADER = { alg: 'HS256', typ: 'JWT' } as const;

/** UTF-8 bytes made in this realm (noble checks `instanceof Uint8Array`; jsdom's TextEncoder can come from another realm). */
function utf8(text: string): Uint8Array {
  const binary = unescape(encodeURIComponent(text));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64urlToText(part: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw new Error('not base64url');
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return decodeURIComponent(escape(binary));
}

const sign = (data: string): string => bytesToBase64url(hmac(sha256, utf8(SECRET), utf8(data)));

export function signToken(user: { _id: string; username: string }, issuedAt = Date.now()): string {
  const iat = Math.floor(issuedAt / 1000);
  const exp = Math.floor((issuedAt + LIMITS.tokenLifetimeMs) / 1000);
  const payload: TokenPayload = { _id: user._id, username: user.username, iat, exp, jti: newId() };
  const head = `${bytesToBase64url(utf8(JSON.stringify(HEADER)))}.${bytesToBase64url(utf8(JSON.stringify(payload)))}`;
  return `${head}.${sign(head)}`;
}

/** Constant-time comparison, as a real server would do. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The payload of a genuine token, or null for anything forged, tampered with or unreadable.
 * Expiry and revocation are the backend's checks (they need the clock and the database).
 * Tokens signed before expiry existed (no exp/jti) expire LIMITS.tokenLifetimeMs after iat and
 * are identified by their signature.
 */
export function verifyToken(token: string): TokenPayload | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (!sameText(sign(`${header}.${payload}`), signature)) return null;
  try {
    const parsedHeader: unknown = JSON.parse(base64urlToText(header));
    const parsed: unknown = JSON.parse(base64urlToText(payload));
    if (!parsedHeader || typeof parsedHeader !== 'object' || (parsedHeader as { alg?: unknown }).alg !== HEADER.alg) return null;
    if (!parsed || typeof parsed !== 'object') return null;
    const { _id, username, iat, exp, jti } = parsed as Record<string, unknown>;
    if (typeof _id !== 'string' || typeof username !== 'string' || typeof iat !== 'number') return null;
    return {
      _id,
      username,
      iat,
      exp: typeof exp === 'number' ? exp : iat + Math.floor(LIMITS.tokenLifetimeMs / 1000),
      jti: typeof jti === 'string' && jti ? jti : signature,
    };
  } catch {
    return null;
  }
}

/** True when the token's lifetime is over at `now` (ms). */
export const tokenExpired = (payload: TokenPayload, now = Date.now()): boolean => now >= payload.exp * 1000;

/** The token from an authorization header value: raw, or `Bearer <token>`. */
export function tokenFromHeader(value: string | undefined | null): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!trimmed) return null;
  const bearer = /^Bearer\s+(.+)$/i.exec(trimmed);
  return bearer ? bearer[1]!.trim() : trimmed;
}

/** A token id made by newId (./time.ts): the time it was made (ms, hex) and a counter within that ms. */
const ISSUED_ID = /^([0-9a-f]{1,13})-([0-9a-f]{4})-[0-9a-f]{16}$/;

/**
 * Whether the token with id `jti` was issued before the id `marker` was made (a password change
 * keeps one as `sessionsFrom`): ids made by newId order by time, then by counter. A token whose
 * id is not of that form (signed before ids had it) counts as issued before.
 */
export function issuedBefore(jti: string, marker: string): boolean {
  const token = ISSUED_ID.exec(jti);
  const from = ISSUED_ID.exec(marker);
  if (!from) return false;
  if (!token) return true;
  const [tokenMs, fromMs] = [parseInt(token[1]!, 16), parseInt(from[1]!, 16)];
  return tokenMs !== fromMs ? tokenMs < fromMs : parseInt(token[2]!, 16) < parseInt(from[2]!, 16);
}
