/**
 * The api-server's HTTP layer (Fastify): CORS for the configured origins, a body size limit,
 * JSON bodies parsed and checked like the fake backend does, errors as `{ errors: [message] }`,
 * 405 with an Allow header for a method a path does not take, HEAD wherever GET is, OPTIONS
 * 204 with Allow, 400 for a malformed path, 404 for unknown paths (the same answers as
 * mock-api/src/server/routes/fallback.ts), rate limits on login and signup, and stored images. No state is kept in
 * the process between requests: everything is in the database.
 */
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { SERVER_ERRORS } from '@social/mock-api/contract';
import { errorBody, HttpError } from '@social/mock-api/errors';
import { IMAGE_ID_PATTERN, IMAGE_NOT_FOUND } from '@social/mock-api/images';
import { INPUT_MESSAGES, parseBody } from '@social/mock-api/rules';
import type { ServerConfig } from './config';
import { one, sql, withTimeout, type Database, type Db } from './db';
import { clientErrorHandler } from './http/client-errors';
import { requestForLog } from './http/log-safety';
import { idempotencyKeyOf, takesIdempotencyKey, withIdempotency, IDEMPOTENCY_HEADER, type IdempotentCall } from './http/idempotency';
import { checkBodyType, checkCharacters, checkPathParams, checkQuery } from './http/input';
import { routeRateLimit } from './http/limits';
import { DEVICE_TOKEN_HEADER, loginGuard } from './http/login-guard';
import { isAnswered, registerOperations, unavailable } from './http/operations';
import { isRead } from './http/messages';
import { isDatabaseUnavailable } from './http/unavailable';
import { holdsMembersOrPosts, publicAnswer } from './http/public-mode';
import { v1Lists } from './http/v1-lists';
import { makeCtx, viewerOf, type Handler } from './kit';
import { postgresRateLimitStore } from './rate-limit-store';
import { authRoutes } from './routes/auth';
import type { Method, RouteKit } from './routes/kit';
import { v1Routes } from './routes/v1';
import { RouteTable } from '@social/mock-api/route-table';
import { resetToSeed } from './seed';
import { setTokenSecret, tokenFromHeader, verifyToken } from './tokens';
import { v2Routes } from './v2';
import { LIVE_EVENTS_PATH } from '@social/mock-api/contract-live';
import { OutboxWorker } from './hot/outbox';
import { SqlNotificationStore } from './notification-store';
import { BudgetSpent, isHotWrite } from './hot/write';
import { OUTBOX_CHANNEL } from './hot/schema';
import { LiveHub, type LiveOptions } from './live/hub';
import { liveRoutes, liveTicketRoute, spendPresentedTickets } from './live/route';
import { CHANGE_CHANNEL } from './live/schema';
import { TEST_TODOS, unknownEndpoint } from '@social/mock-api/todos';

export const RATE_LIMIT_MESSAGE = 'Too many attempts from this address. Wait a minute and try again.';

export type AppConfig = Pick<
  ServerConfig,
  | 'tokenSecret'
  | 'corsOrigins'
  | 'authRateLimit'
  | 'allowReset'
  | 'bodyLimit'
  | 'logLevel'
  | 'seedExtraPosts'
  | 'seedModerator'
  | 'trustProxy'
  | 'publicUrl'
  | 'publicMode'
  | 'v1MaxItems'
  | 'operations'
> & {
  /** Where log lines go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
  /** The database's pool and ping (readiness, metrics) and LISTEN (live events); without it, pings go through `db` and live events poll. */
  database?: Pick<Database, 'ping' | 'pool'> & Partial<Pick<Database, 'listen' | 'background'>>;
  /** Live event streams' limits (tests make them small). */
  live?: Partial<LiveOptions>;
};

export async function buildApp(db: Db, config: AppConfig): Promise<FastifyInstance> {
  setTokenSecret(config.tokenSecret);
  const app = Fastify({
    bodyLimit: config.bodyLimit,
    // Behind a load balancer the client's address and protocol come from X-Forwarded-* (API_TRUST_PROXY).
    trustProxy: config.trustProxy,
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(config.logStream ? { stream: config.logStream } : {}),
            // URLs without their query's values or e-mails (http/log-safety.ts).
            serializers: { req: requestForLog },
            // Secrets never reach a log line, whatever a serializer or a handler adds.
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'req.headers["device-token"]',
                'res.headers["device-token"]',
                'req.body.password',
                'body.password',
                'req.body.currentPassword',
                'req.body.newPassword',
                'body.currentPassword',
                'body.newPassword',
                'headers.authorization',
                'res.headers["set-cookie"]',
                // PostgreSQL's detail names a refused row's values (a duplicate key: an e-mail).
                'err.detail',
              ],
              censor: '[redacted]',
            },
          },
    // Headers over Node's limit (431) and other broken requests get the API's error shape too.
    clientErrorHandler,
    frameworkErrors(error, request, rawReply) {
      const reply = rawReply as FastifyReply;
      if (error.code === 'FST_ERR_BAD_URL') return void reply.code(400).send(errorBody(SERVER_ERRORS.malformedPath));
      request.log.warn({ code: error.code }, 'request refused by the framework');
      return void reply.code(400).send(errorBody(error.message));
    },
  });

  /**
   * The origin picture URLs and live events are written for (issue 41, finding 10): API_PUBLIC_URL,
   * else the address this instance listens on. Never the request's Host, which the caller chooses.
   */
  let listening: string | undefined;
  const publicOrigin = (): string => {
    if (config.publicUrl) return config.publicUrl;
    if (listening) return listening;
    const address = app.server.address();
    if (!address || typeof address === 'string') return 'http://127.0.0.1';
    const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
    listening = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    return listening;
  };

  const table = new RouteTable();
  /** The answer when no route takes the request (see the file comment). */
  const fallback = (request: FastifyRequest, reply: FastifyReply) => {
    const rawPath = request.url.split('?')[0] ?? '';
    if (decodedPath(request.url) === null) return reply.code(400).send(errorBody(SERVER_ERRORS.malformedPath));
    const verb = request.method.toUpperCase();
    const isApi = rawPath === '/api' || rawPath.startsWith('/api/');
    const rest = rawPath.replace(/^\/api\/?/, '');
    if (isApi && rest === '' && (verb === 'OPTIONS' || verb === 'HEAD')) {
      return reply
        .code(verb === 'OPTIONS' ? 204 : 200)
        .header('Allow', table.all().join(', '))
        .type('application/json')
        .send();
    }
    const allowed = isApi ? table.allowed(rest) : [];
    if (verb === 'OPTIONS' && allowed.length > 0) return reply.code(204).header('Allow', allowed.join(', ')).send();
    if (allowed.length > 0) return reply.code(405).header('Allow', allowed.join(', ')).send(errorBody(SERVER_ERRORS.methodNotAllowed));
    return reply.code(404).send(errorBody(unknownEndpoint(request.method, (decodedPath(request.url) ?? '').replace(/^\/api\/?/, ''))));
  };

  // /healthz, /readyz, /metrics, and the request time limit (http/operations.ts); the live
  // streams add their gauges to the metrics registry below.
  const metrics = registerOperations(app, {
    database: {
      db,
      ping: config.database?.ping ?? ((ms) => withTimeout(sql`select 1`.execute(db), ms).then(() => undefined)),
      pool: config.database?.pool,
    },
    requestTimeoutMs: config.operations.requestTimeoutMs,
  });

  // A stream ticket is spent by the request that presents it, before anything can answer it (live/route.ts).
  spendPresentedTickets(app, db);

  // OPTIONS that is not a CORS preflight (no Origin or no Access-Control-Request-Method) is
  // answered like the fake backend: 204 with Allow. Registered before @fastify/cors, whose hook
  // answers every OPTIONS as a preflight; real preflights still go to it.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'OPTIONS' || (request.headers.origin && request.headers['access-control-request-method'])) return done();
    void fallback(request, reply);
  });

  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Idempotency-Key', DEVICE_TOKEN_HEADER],
    exposedHeaders: ['Allow', 'Retry-After', 'Idempotent-Replayed', DEVICE_TOKEN_HEADER],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(db),
    // A counter the database can't update (it is away) lets the request through; the handler answers 503.
    skipOnError: true,
    errorResponseBuilder: () => new HttpError(429, RATE_LIMIT_MESSAGE),
  });
  // JSON answers compressed (1 MB of feed is about 55 KB gzipped); security headers on every answer.
  await app.register(compress, { encodings: ['br', 'gzip', 'deflate'], threshold: 1024 });
  await app.register(helmet, {
    // An API answers JSON and pictures: nothing in it may load or run anything, or be framed.
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    // The apps on other origins show the pictures (<img>): they may be embedded cross-origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // HSTS (a year, subdomains) and nosniff are helmet's defaults; browsers ignore HSTS over plain HTTP.
  });
  const guard = loginGuard(db, config.operations.loginAccountRateLimit);
  // Public mode: v1's lists bounded, budgeted by size and cached (http/v1-lists.ts).
  const v1Bounds = config.publicMode ? { maxItems: config.v1MaxItems } : undefined;
  const changesHeard = config.database?.listen;
  const lists = config.publicMode
    ? v1Lists(
        db,
        config.operations.readRateLimit,
        changesHeard ? (onNotify, onLost) => changesHeard(CHANGE_CHANNEL, onNotify, onLost) : undefined,
      )
    : undefined;
  if (lists) {
    // A change answered here is counted before its answer leaves (its transaction has committed),
    // whatever LISTEN has delivered yet; failures changed nothing.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!isRead(request.method) && reply.statusCode < 400) lists.changed(tokenMember(request.headers.authorization));
      done(null, payload);
    });
    app.addHook('onClose', () => lists.close());
  }

  // Every body is read as text and parsed by the contract's rules (same messages as the fake backend).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    // Already answered (the request time limit): the late error is only logged.
    if (isAnswered(reply)) return void request.log.warn({ err: error }, 'error after the answer was sent');
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return unavailable(reply);
    }
    if (error instanceof BudgetSpent) reply.headers(error.headers);
    if (error instanceof HttpError) return reply.code(error.status).send(errorBody(error.message));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(errorBody(INPUT_MESSAGES.bodyTooLarge));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      return reply.code(error.statusCode).send(errorBody(error.message));
    request.log.error({ err: error }, 'unexpected error');
    // A read changes nothing, so its failure must not say a change was lost.
    return reply.code(500).send(errorBody(isRead(request.method) ? SERVER_ERRORS.unexpectedRead : SERVER_ERRORS.unexpectedChange));
  });

  // Every query string, whatever the route (the API's, pictures, operations), before any handler reads it.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkQuery(request.query);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });

  // Fastify answers HEAD on every GET route itself (exposeHeadRoutes): the GET's status and headers, no body.
  app.setNotFoundHandler(fallback);

  const register = (method: Method, path: string, handler: Handler) => {
    const url = `/api${path}`;
    table.add(method, path);
    app.route({
      method,
      url,
      // A hot write counts its member's write budget in its own first statement (src/hot/write.ts).
      config: {
        rateLimit: isHotWrite(method, path)
          ? false
          : routeRateLimit(method, url, config.authRateLimit, config.operations, RATE_LIMIT_MESSAGE),
      },
      ...guard.hooksFor(method, path),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        checkPathParams((request.params ?? {}) as Record<string, string>);
        const list = lists?.takes(method, path) ? lists : undefined;
        list?.admit(request, reply);
        const raw = typeof request.body === 'string' ? request.body : undefined;
        if (method !== 'GET') checkBodyType(request.headers['content-type'], raw);
        const body = method === 'GET' ? {} : parseBody(raw);
        checkCharacters(body);
        const key = takesIdempotencyKey(method, path) ? idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]) : undefined;
        const plainCtx = makeCtx(db, {
          params: (request.params ?? {}) as Record<string, string>,
          query: (request.query ?? {}) as Record<string, unknown>,
          body,
          origin: publicOrigin(),
          authorization: request.headers.authorization,
          writeBudget: config.operations.writeRateLimit,
        });
        const call: IdempotentCall | undefined = key
          ? {
              key,
              method,
              route: path,
              url: request.url,
              body: raw ?? '',
              authorization: request.headers.authorization,
              tokenSecret: config.tokenSecret,
              v1Bounds,
            }
          : undefined;
        const ctx = call ? withIdempotency(plainCtx, call) : plainCtx;
        if (list && method === 'GET') {
          // Public mode's answer depends on who asks: the list is cached once, with each view of it (http/v1-lists.ts).
          const viewer = await viewerOf(db, request.headers.authorization);
          const sent = await list.read(request, viewer, () => handler(ctx), publicAnswer);
          if (isAnswered(reply)) return reply;
          return list.send(request, reply, sent);
        }
        const answer = await handler(ctx);
        // Already answered 503 by the request time limit.
        if (isAnswered(reply)) return reply;
        if (call?.replayed) reply.header('Idempotent-Replayed', 'true');
        if (answer.headers) reply.headers(answer.headers);
        // Public mode: other members' e-mails and bookmarks left out of v1 answers (http/public-mode.ts).
        if (config.publicMode && !path.startsWith('/v2/') && holdsMembersOrPosts(answer.body)) {
          const viewer = await viewerOf(db, answerToken(answer.body) ?? request.headers.authorization);
          const body = publicAnswer(answer.body, viewer);
          return list ? list.send(request, reply, list.sentOf(answer.status, body)) : reply.code(answer.status).send(body);
        }
        return reply.code(answer.status).send(answer.body);
      },
    });
  };
  const kit: RouteKit = { route: register };
  const listen = config.database?.listen;
  const hub = new LiveHub(db, listen ? (onNotify, onLost) => listen(CHANGE_CHANNEL, onNotify, onLost) : undefined, app.log, config.live);
  liveRoutes(app, db, hub, {
    rateLimit: routeRateLimit('GET', `/api/v2${LIVE_EVENTS_PATH}`, config.authRateLimit, config.operations, RATE_LIMIT_MESSAGE),
    metrics,
    caps: config.operations.liveStreams,
  });
  table.add('GET', `/v2${LIVE_EVENTS_PATH}`);
  // Notices of hot writes, delivered after their commit (src/hot/outbox.ts).
  const outbox = new OutboxWorker(
    config.database?.background ?? db,
    (tx) => new SqlNotificationStore(tx, publicOrigin()),
    app.log,
    listen ? (onNotify, onLost) => listen(OUTBOX_CHANNEL, onNotify, onLost) : undefined,
  );
  app.addHook('onReady', () => outbox.start());
  app.addHook('onClose', () => outbox.stop());
  authRoutes(kit);
  v1Routes(kit, v1Bounds);
  v2Routes(kit);
  liveTicketRoute(kit);
  // The tester's fixtures: a setting (API_TEST_TODOS), off by default in production.
  if (config.operations.testTodos)
    kit.route('GET', '/test-todos', () => Promise.resolve({ status: 200, body: { todos: TEST_TODOS.todos.map((t) => ({ ...t })) } }));

  // Stored pictures: immutable (the id is a hash of the bytes), so caches may keep them for a year.
  app.get(
    '/api/images/:imageId',
    { config: { rateLimit: routeRateLimit('GET', '/api/images/:imageId', config.authRateLimit, config.operations, RATE_LIMIT_MESSAGE) } },
    async (request, reply) => {
      const { imageId } = request.params as { imageId: string };
      // The id is the hash of the bytes: a cache that has this ETag has these bytes (a deleted picture answers 404 below).
      const etag = `"${imageId}"`;
      if (IMAGE_ID_PATTERN.test(imageId) && ifNoneMatch(request.headers['if-none-match'], etag)) {
        if (await one(db, sql`select 1 as found from images where id = ${imageId}`)) {
          return reply.code(304).header('ETag', etag).header('Cache-Control', 'public, max-age=31536000, immutable').send();
        }
      }
      const image = IMAGE_ID_PATTERN.test(imageId)
        ? await one(db, sql<{ content_type: string; bytes: Uint8Array }>`select content_type, bytes from images where id = ${imageId}`)
        : undefined;
      if (!image) return reply.code(404).send(errorBody(IMAGE_NOT_FOUND));
      return (
        reply
          .header('Content-Type', image.content_type)
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('ETag', `"${imageId}"`)
          .header('X-Content-Type-Options', 'nosniff')
          // An SVG opened on its own can't run script or load anything.
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          .send(Buffer.from(image.bytes))
      );
    },
  );
  table.add('GET', '/images/:imageId');

  if (config.allowReset) {
    app.post('/api/__test/reset', async () => {
      await resetToSeed(db, config.seedExtraPosts, config.seedModerator);
      return {};
    });
    table.add('POST', '/__test/reset');
  }
  return app;
}

/** The token a login or signup answers (its member is the one asking), if the answer carries one. */
function answerToken(body: unknown): string | undefined {
  const token = body && typeof body === 'object' ? (body as { encodedToken?: unknown }).encodedToken : undefined;
  return typeof token === 'string' ? token : undefined;
}

/** The member a request's token names (its signature checked; enough to tell whose change it was). */
function tokenMember(authorization: string | string[] | undefined): string | undefined {
  const token = tokenFromHeader(authorization);
  return (token ? verifyToken(token) : null)?._id;
}

/** Whether an If-None-Match header names the ETag (or is `*`). */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/** The request's path decoded, or null when a percent-escape is broken. */
function decodedPath(url: string): string | null {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
