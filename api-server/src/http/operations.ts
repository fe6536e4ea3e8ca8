/**
 * What running api-server for real needs (issue 28):
 * - GET /healthz: the process is up and serving (no database call);
 * - GET /readyz: the database answers within 1 s and every migration is applied; 503 with
 *   Retry-After and the API's error shape otherwise (a load balancer sends no traffic then);
 * - GET /metrics: Prometheus text (prom-client): requests by method, route and status, their
 *   durations, the pg pool's connections, the process's default metrics, and the live event
 *   streams (GET /api/v2/events: open, dropped for a full buffer; app.ts adds them);
 * - a request time limit: an answer not sent within API_REQUEST_TIMEOUT_MS becomes 503 with
 *   Retry-After (a frozen database never answers; the pool's own timeouts normally come first).
 *   Its timer fires answerMarginMs before the limit: a timer runs late when the event loop is
 *   busy (a thawed database's backlog all at once, a loaded machine), and the answer must still
 *   reach the caller within the limit, not only start then.
 * The paths are outside /api: no CORS, no rate limit. Keep /metrics reachable only from the
 * monitoring network (the load balancer should not route it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { errorBody } from '@social/mock-api/errors';
import { loggedUrl } from './log-safety';
import { pendingMigrations, type Database } from '../db';
import { HTTP_MESSAGES, isRead } from './messages';
import { RETRY_AFTER_SECONDS } from './unavailable';

const READY_TIMEOUT_MS = 1000;

/** How long before the request time limit its 503 is sent: a tenth of the limit, at most 250 ms. */
const answerMarginMs = (requestTimeoutMs: number): number => Math.min(250, Math.floor(requestTimeoutMs / 10));

export interface OperationsOptions {
  database: Pick<Database, 'db' | 'ping' | 'pool'>;
  requestTimeoutMs: number;
}

/** Replies whose answer is on its way (onSend ran): a second answer (the time limit's, or the handler's after it) is dropped. */
const answering = new WeakSet<FastifyReply>();
export const isAnswered = (reply: FastifyReply): boolean => reply.sent || answering.has(reply);

const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? 'unmatched';

export function unavailable(reply: FastifyReply, message: string = HTTP_MESSAGES.unavailable): FastifyReply {
  return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send(errorBody(message));
}

/** Registers the routes and hooks; answers the metrics registry (app.ts adds the live streams' gauges to it). */
export function registerOperations(app: FastifyInstance, { database, requestTimeoutMs }: OperationsOptions): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method, route and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const timeouts = new Counter({
    name: 'http_request_timeouts_total',
    help: 'Requests answered 503 by the request time limit.',
    registers: [registry],
  });
  const pool: pg.Pool | undefined = database.pool;
  new Gauge({
    name: 'db_pool_connections',
    help: 'pg pool connections by state (total, idle, waiting requests).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  const timerMs = requestTimeoutMs - answerMarginMs(requestTimeoutMs);
  app.addHook('onRequest', (request, reply, done) => {
    const timer = setTimeout(() => {
      if (isAnswered(reply)) return;
      timeouts.inc();
      request.log.warn({ url: loggedUrl(request.url), ms: requestTimeoutMs }, 'request time limit reached');
      unavailable(reply, isRead(request.method) ? HTTP_MESSAGES.readTimeout : HTTP_MESSAGES.timeout);
    }, timerMs);
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    answering.add(reply);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: routeOf(request), status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  app.get('/healthz', (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));

  let migrated = false;
  app.get('/readyz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await database.ping(READY_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'not ready: the database does not answer');
      return unavailable(reply);
    }
    if (!migrated) {
      const pending = await pendingMigrations(database.db).catch(() => ['(unknown)']);
      if (pending.length > 0) return unavailable(reply, `Not ready: ${pending.length} database migration(s) not applied.`);
      migrated = true;
    }
    return { status: 'ready' };
  });

  app.get('/metrics', async (_request, reply) =>
    reply
      .header('Content-Type', registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await registry.metrics()),
  );
  return registry;
}
