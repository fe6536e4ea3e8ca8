/**
 * The answer to GET /api/images/<id>: the stored image's bytes, as api-server serves them.
 * Apart from ./backend.ts because answering bytes through Mirage takes a workaround.
 */
import { Response, type Request } from 'miragejs';
import { errorBody } from './errors';
import type { ImageStore } from './image-store';
import { IMAGE_NOT_FOUND } from './images';
import { JSON_HEADERS } from './request-context';

/** Where GET /api/images/<id> leaves the image's Blob for an interceptor that can answer bytes (../worker/interceptor.ts). */
export const BLOB_BODY = Symbol.for('@social/mock-api/blob-body');

/** The image `request` names (its `imageId` param), or 404 imageNotFound. */
export function imageResponse(images: ImageStore, request: Request): Response {
  const id = request.params?.imageId ?? '';
  const blob = images.has(id) ? images.blobOf(id) : null;
  if (!blob) return new Response(404, JSON_HEADERS, errorBody(IMAGE_NOT_FOUND));
  (request as unknown as { [BLOB_BODY]?: Blob })[BLOB_BODY] = blob;
  respondWithBlob(request, blob);
  return new Response(
    200,
    {
      'Content-Type': blob.type,
      'Content-Length': String(blob.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: `"${id}"`,
      'X-Content-Type-Options': 'nosniff',
    },
    // Mirage serialises bodies to text; respondWithBlob puts the Blob in its place.
    '',
  );
}

/**
 * Mirage serialises every body to text and pretender's fake XMLHttpRequest only takes text;
 * binary text would be re-encoded as UTF-8 by the fetch polyfill. For this one request, the
 * 200 answer's body is the Blob itself, as the XHR's `response`, which the polyfill (asking for
 * responseType 'blob') passes to `new Response` untouched.
 */
function respondWithBlob(request: Request, blob: Blob): void {
  // pretender's FakeRequest: the fields and methods of fake-xml-http-request it uses to answer.
  const xhr = request as unknown as {
    respond(status: number, headers: Record<string, string>, body: unknown): void;
    _setResponseHeaders(headers: Record<string, string>): void;
    _readyStateChange(state: number): void;
    status: number;
    statusText: string;
    response: unknown;
    responseText: string;
    responseType?: string;
  };
  if (typeof xhr.respond !== 'function' || typeof xhr._setResponseHeaders !== 'function') return;
  const respond = xhr.respond.bind(xhr);
  xhr.respond = (status, headers, body) => {
    if (status !== 200) return respond(status, headers, body);
    xhr._setResponseHeaders(headers);
    xhr.status = status;
    xhr.statusText = 'OK';
    xhr.responseText = '';
    xhr.response = blob;
    xhr._readyStateChange(3);
    xhr._readyStateChange(4);
  };
}
