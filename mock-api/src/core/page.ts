/**
 * Pages of every /api/v2 list, on both backends: `?limit=` (PAGE_LIMITS) and `?cursor=`, the
 * previous page's `nextCursor`. A cursor is the base64url text of the JSON array
 * `[list tag, ...sort key of the last item given]`: the tag stops one list's cursor being used
 * on another, and each key part is checked against the list's key shape before any storage sees
 * it (a bad cursor is 400 badCursor, never a 500 from a query). A page reads `limit + 1` items
 * after the key: the extra one only tells whether there is a next page. Never offsets.
 */
import { PAGE_LIMITS, V2_ERRORS } from '../contract-v2';
import { fail } from './errors';

/**
 * What one part of a sort key holds: text; an ISO timestamp PostgreSQL takes as it is; a whole
 * number ('int': up to 2^53, 'int4': a PostgreSQL integer such as a trending score); any finite
 * number ('num': the fake backend's times in ms).
 */
export type KeyPart = 'text' | 'iso' | 'int' | 'int4' | 'num';
export type Key = readonly (string | number)[];

/** A paged list: its cursor tag and the shape of its sort key. */
export interface ListKey {
  tag: string;
  shape: readonly KeyPart[];
}

export interface PageRequest {
  /** The list asked for (its next page's cursor carries the same tag). */
  list: ListKey;
  limit: number;
  /** The key to start after, or null for the first page. */
  after: Key | null;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** `?limit=`: PAGE_LIMITS.default when absent, else a whole number from 1 to PAGE_LIMITS.max. */
export function pageLimit(value: unknown): number {
  if (value === undefined) return PAGE_LIMITS.default;
  if (typeof value !== 'string' || !/^\d{1,3}$/.test(value)) throw fail.badRequest(V2_ERRORS.badLimit);
  const limit = Number(value);
  if (limit < 1 || limit > PAGE_LIMITS.max) throw fail.badRequest(V2_ERRORS.badLimit);
  return limit;
}

/** base64url of UTF-8 text, in a browser, a service worker and Node alike. */
function toBase64url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function encodeCursor(list: ListKey, key: Key): string {
  return toBase64url(JSON.stringify([list.tag, ...key]));
}

// NUL (PostgreSQL cannot store it) or an unpaired surrogate: no list gave such a key.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-](\d{2}):(\d{2}))$/;
const INT4_MAX = 2_147_483_647;
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * A timestamp PostgreSQL takes as it is: a real calendar day, hours 0-23, minutes and seconds
 * 0-59, an offset of at most 15:59 (Date.parse lets through more than PostgreSQL accepts).
 */
function isTimestamp(text: string): boolean {
  const m = ISO.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeap(year) ? 1 : 0);
  const offsetOk = m[8] === 'Z' || (Number(m[9]) <= 15 && Number(m[10]) <= 59);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59 && offsetOk;
}

function partFits(kind: KeyPart, part: unknown): boolean {
  switch (kind) {
    case 'text':
      return typeof part === 'string' && part.length <= 500 && !BAD_TEXT.test(part);
    case 'iso':
      return typeof part === 'string' && isTimestamp(part);
    case 'int':
      return Number.isSafeInteger(part) && (part as number) >= 0;
    case 'int4':
      return Number.isSafeInteger(part) && (part as number) >= 0 && (part as number) <= INT4_MAX;
    case 'num':
      return typeof part === 'number' && Number.isFinite(part);
  }
}

/** The key `?cursor=` carries for this list (null on the first page); 400 badCursor when it is not one the list gave. */
export function decodeCursor(list: ListKey, value: unknown): Key | null {
  if (value === undefined || value === '') return null;
  const bad = () => fail.badRequest(V2_ERRORS.badCursor);
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,2000}$/.test(value)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64url(value));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed[0] !== list.tag || parsed.length !== list.shape.length + 1) throw bad();
  const key = parsed.slice(1) as unknown[];
  if (!list.shape.every((kind, i) => partFits(kind, key[i]))) throw bad();
  return key as Key;
}

/** A page request from the query string: its limit and where it starts. */
export function pageRequest(query: Record<string, unknown>, list: ListKey): PageRequest {
  return { list, limit: pageLimit(query.limit), after: decodeCursor(list, query.cursor) };
}

/** The page's items (at most `limit`) and the next page's cursor, from up to `limit + 1` found in order. */
export function pageFrom<T>(found: readonly T[], { list, limit }: PageRequest, keyOf: (item: T) => Key): Page<T> {
  const items = found.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: found.length > limit && last !== undefined ? encodeCursor(list, keyOf(last)) : null };
}
