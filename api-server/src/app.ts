/**
 * The api-server's HTTP layer (Fastify): CORS for the configured origins, a body size limit,
 * JSON bodies parsed and checked like the fake backend does, errors as `{ errors: [message] }`,
 * 405 with an Allow header for a method a path does not take, HEAD wherever GET is, OPTIONS
 * 204 with Allow, 400 for a malformed path, 404 for unknown paths (the same answers as
 * mock-api/src/server/routes/fallback.ts), rate limits on login and signup, and stored images. No state is kept in
 * the process between requests: everything is in the database.
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { SERVER_ERRORS } from '@social/mock-api/contract';
import { errorBody, HttpError } from '@social/mock-api/errors';
import { IMAGE_ID_PATTERN, IMAGE_NOT_FOUND } from '@social/mock-api/images';
import { INPUT_MESSAGES, parseBody } from '@social/mock-api/rules';
import type { ServerConfig } from './config';
import { one, sql, type Db } from './db';
import { makeCtx, type Handler } from './kit';
import { postgresRateLimitStore } from './rate-limit-store';
import { authRoutes } from './routes/auth';
import { commentRoutes } from './routes/comments';
import type { Method, RouteKit } from './routes/kit';
import { postRoutes } from './routes/posts';
import { userRoutes } from './routes/users';
import { RouteTable } from '@social/mock-api/route-table';
import { resetToSeed } from './seed';
import { setTokenSecret } from './tokens';
import { v2Routes } from './v2';
import { TEST_TODOS, unknownEndpoint } from '@social/mock-api/todos';

export const RATE_LIMIT_MESSAGE = 'Too many attempts from this address. Wait a minute and try again.';
const AUTH_PATHS = new Set(['/api/auth/login', '/api/auth/signup', '/api/v2/auth/login', '/api/v2/auth/signup']);

export type AppConfig = Pick<ServerConfig, 'tokenSecret' | 'corsOrigins' | 'authRateLimit' | 'allowReset' | 'bodyLimit' | 'logLevel' | 'seedExtraPosts' | 'trustProxy' | 'publicUrl'> & {
  /** Where log lines go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
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
            // Secrets never reach a log line, whatever a serializer or a handler adds.
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'body.password', 'headers.authorization', 'res.headers["set-cookie"]'],
              censor: '[redacted]',
            },
          },
    frameworkErrors(error, request, rawReply) {
      const reply = rawReply as FastifyReply;
      if (error.code === 'FST_ERR_BAD_URL') return void reply.code(400).send(errorBody(SERVER_ERRORS.malformedPath));
      request.log.warn({ code: error.code }, 'request refused by the framework');
      return void reply.code(400).send(errorBody(error.message));
    },
  });

  const table = new RouteTable();
  /** The answer when no route takes the request (see the file comment). */
  const fallback = (request: FastifyRequest, reply: FastifyReply) => {
    const rawPath = request.url.split('?')[0] ?? '';
    if (decodedPath(request.url) === null) return reply.code(400).send(errorBody(SERVER_ERRORS.malformedPath));
    const verb = request.method.toUpperCase();
    const isApi = rawPath === '/api' || rawPath.startsWith('/api/');
    const rest = rawPath.replace(/^\/api\/?/, '');
    if (isApi && rest === '' && (verb === 'OPTIONS' || verb === 'HEAD')) {
      return reply.code(verb === 'OPTIONS' ? 204 : 200).header('Allow', table.all().join(', ')).type('application/json').send();
    }
    const allowed = isApi ? table.allowed(rest) : [];
    if (verb === 'OPTIONS' && allowed.length > 0) return reply.code(204).header('Allow', allowed.join(', ')).send();
    if (allowed.length > 0) return reply.code(405).header('Allow', allowed.join(', ')).send(errorBody(SERVER_ERRORS.methodNotAllowed));
    return reply.code(404).send(errorBody(unknownEndpoint(request.method, (decodedPath(request.url) ?? '').replace(/^\/api\/?/, ''))));
  };

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
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept'],
    exposedHeaders: ['Allow', 'Retry-After'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(db),
    errorResponseBuilder: () => new HttpError(429, RATE_LIMIT_MESSAGE),
  });

  // Every body is read as text and parsed by the contract's rules (same messages as the fake backend).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.status).send(errorBody(error.message));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(errorBody(INPUT_MESSAGES.bodyTooLarge));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return reply.code(error.statusCode).send(errorBody(error.message));
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(errorBody('Unexpected server error. The change was not saved; try again.'));
  });

  // Fastify answers HEAD on every GET route itself (exposeHeadRoutes): the GET's status and headers, no body.
  app.setNotFoundHandler(fallback);

  const register = (method: Method, path: string, handler: Handler) => {
    const url = `/api${path}`;
    table.add(method, path);
    app.route({
      method,
      url,
      config: AUTH_PATHS.has(url) ? { rateLimit: { max: config.authRateLimit.max, timeWindow: config.authRateLimit.windowMs } } : {},
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const body = method === 'GET' ? {} : parseBody(typeof request.body === 'string' ? request.body : undefined);
        const ctx = makeCtx(db, {
          params: (request.params ?? {}) as Record<string, string>,
          query: (request.query ?? {}) as Record<string, unknown>,
          body,
          origin: config.publicUrl ?? `${request.protocol}://${request.host}`,
          authorization: request.headers.authorization,
        });
        const answer = await handler(ctx);
        return reply.code(answer.status).send(answer.body);
      },
    });
  };
  const kit: RouteKit = { route: register };
  authRoutes(kit);
  userRoutes(kit);
  postRoutes(kit);
  commentRoutes(kit);
  v2Routes(kit);
  kit.route('GET', '/test-todos', () => Promise.resolve({ status: 200, body: { todos: TEST_TODOS.todos.map((t) => ({ ...t })) } }));

  // Stored pictures: immutable (the id is a hash of the bytes), so caches may keep them for a year.
  app.get('/api/images/:imageId', async (request, reply) => {
    const { imageId } = request.params as { imageId: string };
    const image = IMAGE_ID_PATTERN.test(imageId)
      ? await one(db, sql<{ content_type: string; bytes: Uint8Array }>`select content_type, bytes from images where id = ${imageId}`)
      : undefined;
    if (!image) return reply.code(404).send(errorBody(IMAGE_NOT_FOUND));
    return reply
      .header('Content-Type', image.content_type)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', `"${imageId}"`)
      .header('X-Content-Type-Options', 'nosniff')
      // An SVG opened on its own can't run script or load anything.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(Buffer.from(image.bytes));
  });
  table.add('GET', '/images/:imageId');

  if (config.allowReset) {
    app.post('/api/__test/reset', async () => {
      await resetToSeed(db, config.seedExtraPosts);
      return {};
    });
    table.add('POST', '/__test/reset');
  }
  return app;
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
