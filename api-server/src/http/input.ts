/**
 * Input api-server refuses before any handler sees it (issue 28, defects 3 and 7):
 * - a body that is not JSON by its Content-Type (415), so text/plain, form-encoded or untyped
 *   bodies are no longer read as JSON;
 * - text PostgreSQL can't store (NUL, U+0000: it answered 500) or that is not valid Unicode
 *   (an unpaired surrogate, which the driver silently turned into U+FFFD): 400 naming the field;
 * - a NUL in the path (400);
 * - a NUL or an unpaired surrogate in a query-string name or value (400 naming the parameter):
 *   `/api/v2/members/search?q=%00` reached PostgreSQL and answered 500.
 */
import { HttpError } from '@social/mock-api/errors';
import { HTTP_MESSAGES } from './messages';

/** NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const BAD_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasBadCharacter = (text: string): boolean => BAD_CHARACTER.test(text);

/** application/json, or any type/subtype+json (application/merge-patch+json…), with parameters. */
function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^[a-z0-9.+-]+\/[a-z0-9.+-]+\+json$/.test(type);
}

/** 415 for a non-empty body whose Content-Type is not JSON. */
export function checkBodyType(contentType: string | undefined, raw: string | undefined): void {
  if (raw && raw.trim() && !isJsonType(contentType)) throw new HttpError(415, HTTP_MESSAGES.notJson);
}

/** 400 naming the first field (the nearest key) whose key or text has a bad character. */
export function checkCharacters(value: unknown, field = 'body'): void {
  if (typeof value === 'string') {
    if (hasBadCharacter(value)) throw new HttpError(400, HTTP_MESSAGES.badCharacter(field));
  } else if (Array.isArray(value)) {
    for (const item of value) checkCharacters(item, field);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasBadCharacter(key)) throw new HttpError(400, HTTP_MESSAGES.badCharacter(field));
      checkCharacters(item, key);
    }
  }
}

/** 400 when a path parameter holds a bad character. */
export function checkPathParams(params: Record<string, string>): void {
  if (Object.values(params).some((value) => typeof value === 'string' && hasBadCharacter(value)))
    throw new HttpError(400, HTTP_MESSAGES.badPathCharacter);
}

/** 400 when a query-string name or value (each of a repeated one) holds a bad character. */
export function checkQuery(query: unknown): void {
  if (!query || typeof query !== 'object') return;
  for (const [name, value] of Object.entries(query)) {
    if (hasBadCharacter(name)) throw new HttpError(400, HTTP_MESSAGES.badQueryCharacter);
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (values.some((item) => typeof item === 'string' && hasBadCharacter(item)))
      throw new HttpError(400, HTTP_MESSAGES.badCharacter(name));
  }
}
