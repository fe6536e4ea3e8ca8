/**
 * Pages of /api/v2 lists: `?limit=` (PAGE_LIMITS) and `?cursor=`, the base64url text of the
 * JSON array of the last item's sort key (e.g. [createdAt, _id] for Latest). A page reads
 * `limit + 1` rows from the list's index, starting after the cursor's key: the extra row only
 * tells whether there is a next page. Never offsets: a page costs the same anywhere in a list.
 */
import { PAGE_LIMITS, V2_ERRORS } from '@social/mock-api/contract-v2';
import { fail } from '@social/mock-api/errors';
import { hasBadCharacter } from '../http/input';

/**
 * The kinds of value a cursor holds: text, an ISO timestamp, a whole number (as digits: 'int'
 * for a bigint column, 'int4' for an integer one, such as a trending score).
 */
export type KeyPart = 'text' | 'iso' | 'int' | 'int4';
export type Key = string[];

export interface PageRequest {
  limit: number;
  /** The key to start after, or null for the first page. */
  after: Key | null;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-](\d{2}):(\d{2}))$/;
const INT = /^\d{1,18}$/;
const INT4_MAX = 2_147_483_647;

/**
 * A timestamp PostgreSQL takes as it is: a real calendar day (no 30 February, no year 0),
 * hours 0-23, minutes and seconds 0-59, an offset of at most 15:59 (Date.parse is more lenient:
 * what it lets through PostgreSQL refused with an error, a 500).
 */
function isTimestamp(text: string): boolean {
  const m = ISO.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeap(year) ? 1 : 0);
  const offsetOk = m[8] === 'Z' || (Number(m[9]) <= 15 && Number(m[10]) <= 59);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59 && offsetOk;
}
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function limitOf(value: unknown): number {
  if (value === undefined) return PAGE_LIMITS.default;
  if (typeof value !== 'string' || !/^\d{1,3}$/.test(value)) throw fail.badRequest(V2_ERRORS.badLimit);
  const limit = Number(value);
  if (limit < 1 || limit > PAGE_LIMITS.max) throw fail.badRequest(V2_ERRORS.badLimit);
  return limit;
}

export const encodeCursor = (key: Key): string => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

/** The key a cursor holds, checked against the list's key shape; 400 badCursor otherwise. */
export function decodeCursor(value: unknown, shape: readonly KeyPart[]): Key | null {
  if (value === undefined || value === '') return null;
  const bad = () => fail.badRequest(V2_ERRORS.badCursor);
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,2000}$/.test(value)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== shape.length) throw bad();
  return shape.map((kind, i) => {
    const part: unknown = parsed[i];
    // Text PostgreSQL can't take (NUL) or that isn't Unicode (a lone surrogate) is no key a list gave.
    if (typeof part !== 'string' || part.length > 500 || hasBadCharacter(part)) throw bad();
    if (kind === 'iso' && !isTimestamp(part)) throw bad();
    if ((kind === 'int' || kind === 'int4') && !INT.test(part)) throw bad();
    if (kind === 'int4' && Number(part) > INT4_MAX) throw bad();
    return part;
  });
}

export function pageOf(query: Record<string, unknown>, shape: readonly KeyPart[]): PageRequest {
  return { limit: limitOf(query.limit), after: decodeCursor(query.cursor, shape) };
}

/** The page's items (at most `limit`) and the cursor of the next page, from `limit + 1` rows. */
export function pageFrom<T>(found: T[], limit: number, keyOf: (row: T) => Key): { items: T[]; nextCursor: string | null } {
  const items = found.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: found.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
