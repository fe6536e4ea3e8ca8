/**
 * The answer to GET /api/images/<id>: the stored image's bytes, as api-server serves them.
 * Apart from ./backend.ts because bytes cannot pass through Mirage's answers (text only): the
 * worker's interceptor takes the Blob from the request (BLOB_BODY), and in a page the fetch
 * pretender installed is wrapped so that pictures are answered before pretender sees them.
 */
import { Response, type Request } from 'miragejs';
import { errorBody } from '../core/errors';
import type { ImageStore } from './image-store';
import { IMAGE_NOT_FOUND } from '../core/images';
import { JSON_HEADERS } from './request-context';

/** Where GET /api/images/<id> leaves the image's Blob for an interceptor that can answer bytes (../worker/interceptor.ts). */
export const BLOB_BODY = Symbol.for('@social/mock-api/blob-body');

/** GET /api/images/<id>'s status, headers and body: the Blob itself, or the JSON text of a 404. */
export interface ImageAnswer {
  status: 200 | 404;
  headers: Record<string, string>;
  body: Blob | string;
}

/** The answer for the image `id` names. */
export function imageAnswer(images: ImageStore, id: string): ImageAnswer {
  const blob = images.has(id) ? images.blobOf(id) : null;
  if (!blob) return { status: 404, headers: JSON_HEADERS, body: JSON.stringify(errorBody(IMAGE_NOT_FOUND)) };
  return {
    status: 200,
    headers: {
      'Content-Type': blob.type,
      'Content-Length': String(blob.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: `"${id}"`,
      'X-Content-Type-Options': 'nosniff',
    },
    body: blob,
  };
}

/**
 * The Mirage route's answer, for the worker's interceptor: Mirage serialises every body to text,
 * so a 200's body is empty here and its Blob rides on the request (BLOB_BODY) to the interceptor,
 * which answers it as the body.
 */
export function imageResponse(answer: ImageAnswer, request: Request): Response {
  if (typeof answer.body === 'string') return new Response(answer.status, answer.headers, answer.body);
  (request as unknown as { [BLOB_BODY]?: Blob })[BLOB_BODY] = answer.body;
  return new Response(answer.status, answer.headers, '');
}

/** Pretender's fake XMLHttpRequest takes text only, so in a page picture bytes go to fetch alone (see answerImagesBeforePretender). */
export const XHR_IMAGES_MESSAGE =
  'GET /api/images/<id> through XMLHttpRequest: the in-page fake backend answers picture bytes to fetch only.';

const IMAGE_PATH = /^\/api\/images\/([^/]+)$/;

/** The image id a GET fetch asks for, or null for any other request (and for a path that does not decode: pretender answers those). */
function imageIdOf(input: RequestInfo | URL, init?: RequestInit): string | null {
  const request = typeof input === 'string' || input instanceof URL ? null : input;
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  if (method !== 'GET') return null;
  const base = typeof location !== 'undefined' ? location.href : 'http://localhost/';
  try {
    const match = IMAGE_PATH.exec(new URL(request ? request.url : String(input), base).pathname);
    return match ? decodeURIComponent(match[1]!) : null;
  } catch {
    return null;
  }
}

/**
 * In a page, pretender answers fetch through a fake XMLHttpRequest whose answers are text only,
 * and pretender has no public way to answer bytes. So the page's fetch, which pretender has just
 * installed, is wrapped: GET /api/images/<id> is answered here with the Blob as the body (with no
 * delay, as the route says: ./index.ts); every other request goes on to pretender. HEAD runs the
 * GET through fetch (./routes/fallback.ts), so it comes here too. Pretender's shutdown puts the
 * browser's own fetch back, and with it drops this wrapper.
 */
export function answerImagesBeforePretender(answer: (id: string) => Promise<ImageAnswer>): void {
  const pretenderFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const id = imageIdOf(input, init);
    if (id === null) return pretenderFetch(input, init);
    const { status, headers, body } = await answer(id);
    // The Response pretender installed beside its fetch (whatwg-fetch's) keeps a Blob body as it is.
    return new globalThis.Response(body, { status, headers });
  };
}
