/**
 * MirageJS without pretender: a MirageJS "interceptor" (its `interceptor` option) that keeps the
 * route handlers MirageJS registers and answers a fetch `Request` with them, patching nothing.
 * The service worker (./index.ts) hands it every `/api` request of every tab.
 *
 * It does what pretender does for the product's routes: match the path (route-recognizer, the
 * router pretender uses, so static segments win over parameters as before), put `params`,
 * `queryParams`, `requestBody` and `requestHeaders` on the request the handlers read, wait the
 * route's own `timing` or else the server's, and answer. A path with a broken percent-escape
 * gets 400 malformedPath (the router would throw on it). GET /api/images/<id> answers the
 * stored Blob itself.
 */
import RouteRecognizer from 'route-recognizer';
import { SERVER_ERRORS } from '../contract';
import { BLOB_BODY, REQUEST_CLIENT } from '../server/backend';
import { errorBody } from '../core/errors';

/** What MirageJS's registered handler resolves to: status, headers and the body as text. */
type RackResponse = [number, Record<string, string>, string];
type MirageHandler = (request: MirageRequest) => Promise<RackResponse>;
/** MirageJS's route options (`this.get(path, handler, { timing })`). */
interface RouteOptions {
  coalesce: boolean;
  timing: number | undefined;
}
/** A registered route: MirageJS's handler, and the delay its options set (none: the server's). */
interface Route {
  handler: MirageHandler;
  timing: number | undefined;
}

/** The request object MirageJS route handlers read (pretender's FakeXMLHttpRequest has the same fields). */
interface MirageRequest {
  url: string;
  method: string;
  params: Record<string, string>;
  queryParams: Record<string, string | string[]>;
  requestBody: string;
  requestHeaders: Record<string, string>;
  [REQUEST_CLIENT]?: string;
  [BLOB_BODY]?: Blob;
}

/** The MirageJS server fields this interceptor reads. */
interface MirageServerLike {
  registerRouteHandler(verb: string, path: string, rawHandler: unknown, customizedCode: unknown, options: unknown): MirageHandler;
  [verb: string]: unknown;
}

const VERBS = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options'] as const;
type Verb = (typeof VERBS)[number];
const JSON_HEADERS = { 'Content-Type': 'application/json' };

function decodablePath(pathname: string): boolean {
  try {
    pathname.split('/').forEach((segment) => decodeURIComponent(segment));
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class WorkerInterceptor {
  namespace = '';
  urlPrefix = '';
  timing = 0;
  passthroughChecks: unknown[] = [];
  private readonly routers = new Map<Verb, RouteRecognizer>();

  /** MirageJS calls this once with the server (see MirageJS's PretenderConfig.create). */
  create(mirageServer: MirageServerLike, config: { timing?: number; namespace?: string }): void {
    this.config(config);
    for (const verb of VERBS) {
      const register = (path: string, ...args: unknown[]) => {
        const [rawHandler, code, options] = routeArguments(args);
        const handler = mirageServer.registerRouteHandler(verb, path, rawHandler, code, options);
        const route: Route = { handler, timing: options.timing };
        this.router(verb).add([{ path: this.fullPath(path), handler: route }]);
      };
      (this as unknown as Record<string, unknown>)[verb] = register;
      mirageServer[verb] = register;
      if (verb === 'delete') mirageServer.del = register;
    }
  }

  config(config: { timing?: number; namespace?: string }): void {
    if (config.timing !== undefined) this.timing = config.timing;
    if (config.namespace !== undefined) this.namespace = config.namespace;
  }

  /** Everything this interceptor is given is /api: nothing passes through. */
  passthrough(): void {}
  start(): void {}
  shutdown(): void {
    this.routers.clear();
  }

  private router(verb: Verb): RouteRecognizer {
    let router = this.routers.get(verb);
    if (!router) {
      router = new RouteRecognizer();
      this.routers.set(verb, router);
    }
    return router;
  }

  private fullPath(path: string): string {
    const namespace = this.namespace.replace(/^\/+|\/+$/g, '');
    const rest = path.replace(/^\/+/, '');
    return `/${namespace ? `${namespace}/` : ''}${rest}`;
  }

  /** Answers a request as the routes would (`clientId`: the tab it came from, for the change notice). */
  async handle(request: Request, clientId?: string): Promise<Response> {
    const url = new URL(request.url);
    const verb = request.method.toLowerCase() as Verb;
    if (!decodablePath(url.pathname)) return jsonAnswer(400, errorBody(SERVER_ERRORS.malformedPath));
    const matches = VERBS.includes(verb) ? this.router(verb).recognize(`${url.pathname}${url.search}`) : undefined;
    const match = matches?.[0];
    if (!match) return jsonAnswer(404, errorBody(`Nothing answers ${request.method} ${url.pathname}.`));
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const mirageRequest: MirageRequest = {
      url: request.url,
      method: request.method.toUpperCase(),
      params: { ...(match.params as Record<string, string>) },
      queryParams: { ...((matches as unknown as { queryParams?: Record<string, string | string[]> }).queryParams ?? {}) },
      requestBody: verb === 'get' || verb === 'head' ? '' : await request.text(),
      requestHeaders: headers,
      [REQUEST_CLIENT]: clientId,
    };
    const route = match.handler as Route;
    const [status, answerHeaders, body] = await route.handler(mirageRequest);
    // A route's own `timing` (MirageJS's route option) wins over the server's.
    const timing = route.timing ?? this.timing;
    if (timing > 0) await sleep(timing);
    const blob = status === 200 ? mirageRequest[BLOB_BODY] : undefined;
    const noBody = status === 204 || status === 304 || verb === 'head';
    return new Response(noBody ? null : (blob ?? body), { status, headers: answerHeaders });
  }

  /** For HEAD: the GET answer, through the same routes (a worker's own fetch would go to the network). */
  selfFetch(url: string, init: RequestInit): Promise<Response> {
    return this.handle(new Request(url, init));
  }
}

function jsonAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}

/** MirageJS's route arguments: handler, optional status code, optional `{ timing, coalesce }`. */
function routeArguments(args: unknown[]): [unknown, unknown, RouteOptions] {
  const last = args[args.length - 1];
  const isOptions = !!last && typeof last === 'object' && ('timing' in last || 'coalesce' in last);
  const options: RouteOptions = isOptions
    ? { coalesce: false, timing: undefined, ...(last as Partial<RouteOptions>) }
    : { coalesce: false, timing: undefined };
  const rest = isOptions ? args.slice(0, -1) : args;
  return [rest[0], rest[1], options];
}
