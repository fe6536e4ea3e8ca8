/**
 * Answers for requests no route handles, so every /api request gets an HTTP answer:
 * - a method the path does not take: 405 with an `Allow` header;
 * - HEAD on a path that takes GET: the GET answer's status and headers, without the body;
 * - OPTIONS: 204 with `Allow`;
 * - a path with a broken percent-escape: 400 malformedPath (pretender would throw on it, and
 *   fetch would fail as if the server were down);
 * - anything else: 404 naming the method and path.
 */
import { Response, type Request, type Server } from 'miragejs';
import { SERVER_ERRORS } from '../../contract';
import { errorBody } from '../../core/errors';
import type { Method } from './kit';
import { RouteTable } from '../../core/route-table';
import { unknownEndpoint } from './misc';

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** The path after `/api/`, still percent-encoded, without the query. */
function apiPath(url: string): string {
  const { pathname } = new URL(url, 'http://localhost/');
  return pathname.replace(/^\/api\/?/, '');
}

/** The answer of the catch-all routes (see the file comment). */
export function fallbackAnswer(
  table: RouteTable,
  method: Method | 'head' | 'options',
  request: Request,
  selfFetch: (url: string, init: RequestInit) => Promise<globalThis.Response> = fetch,
): Response | Promise<Response> {
  const path = apiPath(request.url);
  const verb = method.toUpperCase();
  if (path === '' && (verb === 'OPTIONS' || verb === 'HEAD')) {
    return new Response(verb === 'OPTIONS' ? 204 : 200, { ...JSON_HEADERS, Allow: table.all().join(', ') }, '');
  }
  const allowed = table.allowed(path);
  if (verb === 'OPTIONS' && allowed.length > 0) return new Response(204, { Allow: allowed.join(', ') }, '');
  if (verb === 'HEAD' && allowed.includes('GET')) return headAnswer(request, selfFetch);
  if (allowed.length > 0) {
    return new Response(405, { ...JSON_HEADERS, Allow: allowed.join(', ') }, errorBody(SERVER_ERRORS.methodNotAllowed));
  }
  if (verb === 'HEAD') return new Response(404, JSON_HEADERS, '');
  return new Response(404, JSON_HEADERS, errorBody(unknownEndpoint(verb, safeDecode(path))));
}

const safeDecode = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/**
 * HEAD: ask the GET route (through fetch, so it runs exactly as a GET would; in the service
 * worker through its own interceptor, as a worker's fetch goes to the network) and drop the body.
 */
async function headAnswer(
  request: Request,
  selfFetch: (url: string, init: RequestInit) => Promise<globalThis.Response>,
): Promise<Response> {
  const headers: Record<string, string> = { ...(request.requestHeaders ?? {}) };
  const answer = await selfFetch(request.url, { method: 'GET', headers });
  // Mirage turns an empty body into `{}` unless a `Content-Type` (so spelled) is given: the GET's
  // type under that name, not beside it as Headers' `content-type` ("image/jpeg, application/json").
  const out: Record<string, string> = { 'Content-Type': answer.headers.get('content-type') ?? JSON_HEADERS['Content-Type'] };
  answer.headers.forEach((value, key) => {
    if (key !== 'content-type') out[key] = value;
  });
  return new Response(answer.status, out, '');
}

/** True when every segment of the URL's path decodes (no broken percent-escape). */
function decodablePath(url: string): boolean {
  try {
    new URL(url, 'http://localhost/').pathname.split('/').forEach((segment) => decodeURIComponent(segment));
    return true;
  } catch {
    return false;
  }
}

interface FakeRequest {
  url: string;
  /** fake-xml-http-request hands the body over in chunks of this many characters (default 10), one event each. */
  chunkSize?: number;
  respond(status: number, headers: Record<string, string>, body: string): void;
}
/** The two pretender hooks a request goes through; its type file leaves them out. */
interface PretenderHooks {
  checkPassthrough(request: FakeRequest): boolean;
  handleRequest(request: FakeRequest): void;
}

/**
 * Answers 400 malformedPath for /api paths that cannot be decoded, before pretender's router
 * (which throws on them) sees them; and hands every answer's body over in one piece.
 */
export function answerMalformedPaths(server: Server, isApiRequestUrl: (url: string) => boolean): void {
  const pretender = server.pretender as unknown as PretenderHooks;
  const malformed = (request: FakeRequest) => isApiRequestUrl(request.url) && !decodablePath(request.url);
  const checkPassthrough = pretender.checkPassthrough.bind(pretender);
  const handleRequest = pretender.handleRequest.bind(pretender);
  pretender.checkPassthrough = (request) => (malformed(request) ? false : checkPassthrough(request));
  pretender.handleRequest = (request) => {
    // One chunk: with the default of 10 characters, a 5 MB answer took a million 'readystatechange' events.
    request.chunkSize = Number.MAX_SAFE_INTEGER;
    if (malformed(request)) request.respond(400, JSON_HEADERS, JSON.stringify(errorBody(SERVER_ERRORS.malformedPath)));
    else handleRequest(request);
  };
}
