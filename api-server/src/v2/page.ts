/**
 * Pages of /api/v2 lists: `?limit=` (PAGE_LIMITS) and `?cursor=`, the base64url text of the
 * JSON array of the last item's sort key (e.g. [createdAt, _id] for Latest). A page reads
 * `limit + 1` rows from the list's index, starting after the cursor's key: the extra row only
 * tells whether there is a next page. Never offsets: a page costs the same anywhere in a list.
 */
import { PAGE_LIMITS, V2_ERRORS } from '@social/mock-api/contract-v2';
import { fail } from '@social/mock-api/errors';

/** The kinds of value a cursor holds: text, an ISO timestamp, a whole number (as digits). */
export type KeyPart = 'text' | 'iso' | 'int';
export type Key = string[];

export interface PageRequest {
  limit: number;
  /** The key to start after, or null for the first page. */
  after: Key | null;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;
const INT = /^\d{1,18}$/;

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
    if (typeof part !== 'string' || part.length > 500) throw bad();
    if (kind === 'iso' && !(ISO.test(part) && Number.isFinite(Date.parse(part)))) throw bad();
    if (kind === 'int' && !INT.test(part)) throw bad();
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
