/**
 * GET /api/v2/events: the live event stream (Server-Sent Events; docs/live.md). Anyone may open
 * one and gets the public events; a stream opened with a one-time ticket (`?ticket=`, from
 * POST /api/v2/events/ticket with the member's token: ./tickets.ts) also gets that member's
 * private events. The token never goes in the URL, which logs keep. `Last-Event-ID` (the header
 * EventSource sends on its own reconnects, or `?lastEventId=`) replays what came after it.
 * The query names what the client's open pages show (`home`, `explore`, `post`: ./topics.ts);
 * the stream gets those events and the ones every stream gets, live and in a replay alike.
 *
 * The reply is hijacked: Fastify's onSend hooks (compression) and the request time limit
 * (http/operations.ts: a hijacked reply counts as answered) leave it alone. The headers the
 * onRequest hooks set (CORS, security headers) are copied onto it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { API_V2_PREFIX } from '@social/mock-api/contract-v2';
import { LAST_EVENT_ID_PARAM, LIVE_ERRORS, LIVE_EVENTS_PATH, LIVE_TICKET_PARAM, LIVE_TICKET_PATH } from '@social/mock-api/contract-live';
import { errorBody } from '@social/mock-api/errors';
import { HTTP_MESSAGES } from '../http/messages';
import { unavailable } from '../http/operations';
import type { Db } from '../db';
import { created } from '../kit';
import type { RouteKit } from '../routes/kit';
import type { LiveHub } from './hub';
import { issueTicket, redeemTicket, type TicketHolder } from './tickets';
import { filterOf, values } from './topics';

export interface LiveRouteOptions {
  rateLimit: object;
  metrics: Registry;
  /** Open streams per client address, per member (ticketed streams), and in all, on this instance. */
  caps: { perAddress: number; perMember: number; total: number };
}

/** Seconds a refused stream is told to wait (EventSource retries on its own only after a 200). */
const STREAM_RETRY_AFTER_S = 10;

/** A Last-Event-ID: absent/empty → undefined; a whole number → it; anything else → null. */
function lastEventIdOf(value: unknown): number | undefined | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text === '') return undefined;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text.trim())) return null;
  return Number(text.trim());
}

/** Open streams by key (an address, a member). */
class Counts {
  private readonly counts = new Map<string, number>();
  of(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: string): void {
    this.counts.set(key, this.of(key) + 1);
  }
  remove(key: string): void {
    const left = this.of(key) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }
}

const tooMany = (reply: FastifyReply, message: string) =>
  reply.code(429).header('Retry-After', String(STREAM_RETRY_AFTER_S)).send(errorBody(message));

/** The most tickets one request spends (more are refused with the rest: 400). */
const MAX_TICKETS_SPENT = 8;

/** What the tickets a request presented redeemed (the first one's holder), spent as the request arrived. */
const presented = new WeakMap<FastifyRequest, Promise<TicketHolder | null>>();

/**
 * Spends every ticket a request to the stream presents (`?ticket=`), whatever it is then
 * answered (400, HEAD, 429, 503, …): a ticket read from a URL somewhere (a log, a proxy, a
 * history) is worth nothing after the request that carried it (issue 53, finding 7). Registered
 * before any other hook (CORS, rate limits, the OPTIONS answer), so nothing answers first.
 */
export function spendPresentedTickets(app: FastifyInstance, db: Db): void {
  const path = `${API_V2_PREFIX}${LIVE_EVENTS_PATH}`;
  app.addHook('onRequest', async (request) => {
    if ((request.url.split('?')[0] ?? '') !== path) return;
    const tickets = values((request.query as Record<string, unknown> | undefined)?.[LIVE_TICKET_PARAM]);
    const texts = [...new Set(tickets.filter((t): t is string => typeof t === 'string' && t !== ''))].slice(0, MAX_TICKETS_SPENT);
    if (texts.length === 0) return;
    const redeemed = Promise.all(texts.map((ticket) => redeemTicket(db, ticket))).then((holders) => holders[0] ?? null);
    presented.set(request, redeemed);
    // Awaited here so that the ticket is gone before any answer; a failure (the database is away) is the handler's to answer.
    await redeemed.catch(() => undefined);
  });
}

/** POST /api/v2/events/ticket: a one-time ticket for the caller's stream (./tickets.ts). */
export function liveTicketRoute(r: RouteKit): void {
  r.route('POST', `${API_V2_PREFIX.replace(/^\/api/, '')}${LIVE_TICKET_PATH}`, (ctx) =>
    ctx.run(async (t) => created({ ticket: await issueTicket(t.ex, await t.caller()) })),
  );
}

export function liveRoutes(app: FastifyInstance, db: Db, hub: LiveHub, options: LiveRouteOptions): void {
  // Read when /metrics is scraped.
  const gauges: [name: string, help: string, value: () => number][] = [
    ['live_streams_open', 'Open live event streams (GET /api/v2/events) on this instance.', () => hub.streams.size],
    [
      'live_streams_dropped',
      'Live event streams closed because the client did not take its events (buffer full), since start.',
      () => hub.dropped,
    ],
    ['live_events_oversized', 'Live events not sent because their frame was over LIVE_MAX_EVENT_BYTES, since start.', () => hub.oversized],
    [
      'live_gap_waits',
      'Times the change log reader met a seq missing below a committed one and waited for its transaction to end, since start.',
      () => hub.gapWaits,
    ],
  ];
  for (const [name, help, value] of gauges)
    new Gauge({
      name,
      help,
      registers: [options.metrics],
      collect() {
        this.set(value());
      },
    });
  new Gauge({
    name: 'live_streams_refused',
    help: 'Live event streams refused, since start: their address or member (429) or this instance (503) had as many open as allowed, or their ticket was not valid (401).',
    registers: [options.metrics],
    labelNames: ['reason'],
    collect() {
      for (const [reason, count] of Object.entries(refused)) this.set({ reason }, count);
    },
  });
  // Open streams by client address and by member (issue 41, finding 5): nobody can hold them all.
  const byAddress = new Counts();
  const byMember = new Counts();
  const refused = { address: 0, member: 0, instance: 0, ticket: 0 };
  let admitted = 0;
  hub.startPruning();
  // Before the server waits for its connections to end: open streams would keep it waiting.
  app.addHook('preClose', () => hub.stop());

  app.get(`${API_V2_PREFIX}${LIVE_EVENTS_PATH}`, { config: { rateLimit: options.rateLimit } }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const lastId = lastEventIdOf(request.headers['last-event-id'] ?? query[LAST_EVENT_ID_PARAM]);
    if (lastId === null) return reply.code(400).send(errorBody(LIVE_ERRORS.badLastEventId));
    const topics = filterOf(query);
    if ('error' in topics) return reply.code(400).send(errorBody(topics.error));
    if (request.method === 'HEAD')
      return reply.code(200).header('Content-Type', 'text/event-stream; charset=utf-8').header('Cache-Control', 'no-store').send();
    const ticket = values(query[LIVE_TICKET_PARAM]);
    if (ticket.length > 1 || (ticket.length === 1 && typeof ticket[0] !== 'string'))
      return reply.code(400).send(errorBody(LIVE_ERRORS.badTicket));
    const address = request.ip;
    if (byAddress.of(address) >= options.caps.perAddress) {
      refused.address += 1;
      return tooMany(reply, HTTP_MESSAGES.liveStreamsPerAddress);
    }
    if (admitted >= options.caps.total) {
      refused.instance += 1;
      return reply.code(503).header('Retry-After', String(STREAM_RETRY_AFTER_S)).send(errorBody(HTTP_MESSAGES.liveStreamsFull));
    }
    // Counted from here (before any wait: requests at once cannot all pass) until the response closes, whatever ends it.
    byAddress.add(address);
    admitted += 1;
    let member: string | null = null;
    reply.raw.once('close', () => {
      admitted -= 1;
      byAddress.remove(address);
      if (member !== null) byMember.remove(member);
    });
    let holder: TicketHolder | null = null;
    if (ticket.length === 1) {
      try {
        holder = (await presented.get(request)) ?? null;
      } catch (error) {
        request.log.warn({ err: error }, 'live events: a ticket cannot be read');
        return unavailable(reply);
      }
      if (!holder) {
        refused.ticket += 1;
        return reply.code(401).send(errorBody(LIVE_ERRORS.badTicket));
      }
      if (byMember.of(holder.memberId) >= options.caps.perMember) {
        refused.member += 1;
        return tooMany(reply, HTTP_MESSAGES.liveStreamsPerMember);
      }
      member = holder.memberId;
      byMember.add(member);
    }
    const filter = topics.forMember(holder?.memberId ?? null);
    try {
      await hub.start();
    } catch (error) {
      request.log.warn({ err: error }, 'live events: the change log cannot be read');
      return unavailable(reply);
    }
    reply.hijack();
    const res = reply.raw;
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // Proxies (nginx) pass each event on at once.
      'X-Accel-Buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    // The headers go out now, and EventSource waits 2 s before a reconnect.
    res.write('retry: 2000\n: connected\n\n');
    const stream = hub.stream(res, filter, holder);
    try {
      await hub.open(stream, lastId);
    } catch (error) {
      request.log.warn({ err: error }, 'live events: replay failed; the client reconnects');
      stream.close(false);
    }
  });
}
