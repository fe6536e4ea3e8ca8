/**
 * Sends a request draft with fetch and turns the answer, good or bad, into what the
 * response panel shows (status, statusText, data, headers).
 */
import { apiBaseUrl, whenBackendReady } from '@social/shell/bus';
import type { RequestType } from '../request/draft';

/** A body that is not text (a picture, other bytes): shown as what it is, never as characters. */
export interface BinaryBody {
  /** Its media type, e.g. 'image/png' ('' when the answer names none). */
  type: string;
  size: number;
  blob: Blob;
}

export interface DisplayedResponse {
  status: number;
  statusText: string;
  /** The parsed JSON body; for a text body that is not JSON, its text; undefined when empty or binary. */
  data: unknown;
  /** Set when the body is bytes rather than text (GET /api/images/<id> answers a picture). */
  binary?: BinaryBody;
  /** True when `data` came from a JSON body. */
  isJson: boolean;
  headers: Record<string, string>;
  /** What was sent, e.g. "POST /api/auth/login", so an answer is never mistaken for another. */
  requestLine: string;
  durationMs: number;
}

export interface OutgoingRequest {
  reqType: RequestType;
  endpoint: string;
  headers: [string, string][];
  body: string;
}

/** Reason phrases for when the transport gives none (HTTP/2 and some mocks leave it empty). */
const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  507: 'Insufficient Storage',
};

/** Media types whose body is text: JSON, XML and JavaScript in any flavour, forms, text/*. */
const TEXT_TYPE = /^(text\/[\w.+-]+|application\/([\w.+-]*\+)?(json|xml)|application\/(javascript|ecmascript|x-www-form-urlencoded))$/;

/** The media type a Content-Type names, e.g. 'image/png' for 'image/png; q=1' ('' for none). */
const mediaType = (contentType: string): string => (contentType.split(';')[0] ?? '').trim().toLowerCase();

/** Whether a Content-Type names text. No type at all is read as text, as before. */
export function isTextType(contentType: string): boolean {
  const type = mediaType(contentType);
  return type === '' || TEXT_TYPE.test(type);
}

function parseBody(text: string): { data: unknown; isJson: boolean } {
  if (!text) return { data: undefined, isJson: false };
  try {
    return { data: JSON.parse(text), isJson: true };
  } catch {
    return { data: text, isJson: false };
  }
}

/** Resolves for every HTTP answer (errors included); rejects only when nothing came back. */
export async function sendRequest(request: OutgoingRequest): Promise<DisplayedResponse> {
  const headers = new Headers();
  for (const [name, value] of request.headers) headers.append(name, value);
  const hasBody = request.reqType !== 'GET';
  // The body is JSON (validated before sending): say so unless the member chose a type.
  if (hasBody && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');

  // The fake backend loads beside the first render; a Send right after opening waits for it
  // instead of reaching the network (where /api does not exist).
  await whenBackendReady();
  const started = Date.now();
  // An /api path goes to the product's API: this page's origin, or the real server the shell is configured with.
  const endpoint = request.endpoint.trim();
  const response = await fetch(endpoint.startsWith('/api') ? `${apiBaseUrl()}${endpoint}` : endpoint, {
    method: request.reqType,
    headers,
    body: hasBody ? request.body : undefined,
  });
  const type = mediaType(response.headers.get('Content-Type') ?? '');
  let body: Pick<DisplayedResponse, 'data' | 'isJson' | 'binary'>;
  if (isTextType(type)) {
    body = parseBody(await response.text());
  } else {
    // Decoding bytes as UTF-8 would show a picture as pages of replacement characters.
    const blob = await response.blob();
    body = { data: undefined, isJson: false, ...(blob.size > 0 ? { binary: { type, size: blob.size, blob } } : {}) };
  }
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    responseHeaders[name] = value;
  });
  return {
    status: response.status,
    statusText: response.statusText || REASONS[response.status] || '',
    ...body,
    headers: responseHeaders,
    requestLine: `${request.reqType} ${request.endpoint.trim()}`,
    durationMs: Date.now() - started,
  };
}
