/**
 * v1's list answers on a public server (issue 53, finding 5; docs/api-server-security.md, "v1 on
 * a public server"). SPEC §7 answers every post to `GET /posts` and to every v1 write, and
 * every member to `GET /users` and a follow: on a large network megabytes an answer, to anyone.
 * In public mode:
 * - each list holds at most API_V1_MAX_ITEMS of its newest items (read with a limit:
 *   ../v1-store.ts, V1Bounds);
 * - a list answer costs its reader's budget one unit per BUDGET_UNIT_BYTES of JSON (at least
 *   one; a HEAD one), on a budget per client address of API_READ_RATE_LIMIT units per window, counted by
 *   each instance; spent, the address's list calls answer 429 with Retry-After before they run
 *   (a write is refused, never made and then unanswered);
 * - the list reads (GET) are answered from a cache: the JSON, and its br and gzip forms made
 *   once, per list (and, for a member it shows, per view: public mode keeps a member's own
 *   e-mail in their view of a list that holds them or their posts), kept until something
 *   changes and at most CACHE_MAX_AGE_MS (HEARD_MAX_AGE_MS while it is told of every commit). A change is: any changing request this instance
 *   answered with success, or a commit that logged events (../live/log.ts) on any instance,
 *   heard by LISTEN on the change channel; while this instance cannot listen, the change log's
 *   newest seq, read with each request. While changes keep coming, a list is read again at
 *   most every MIN_REREAD_MS (so a stream of writes cannot make every read a database read),
 *   except for a member whose own change came after it: their next read has it. Requests that
 *   miss together share one read.
 * A write's own answer is always read in its transaction, never from the cache.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { V1_ROUTES } from '@social/mock-api/contract';
import { HttpError } from '@social/mock-api/errors';
import { one, sql, type Db } from '../db';
import type { Listen } from '../live/hub';
import { MemoryRateLimitStore } from '../rate-limit-store';
import { ownersIn } from './public-mode';
import { HTTP_MESSAGES } from './messages';

/** JSON bytes one unit of the budget pays for. */
export const BUDGET_UNIT_BYTES = 16 * 1024;
/** Longest a cached list is answered. */
const CACHE_MAX_AGE_MS = 1000;
/**
 * Longest a cached list is answered while LISTEN tells of every commit as it happens: then no
 * change can go unseen (a lost connection falls back to the seq), and reading an unchanged list
 * again every second would only cost a read and its compression.
 */
const HEARD_MAX_AGE_MS = 60_000;
/** While changes keep coming, the shortest time between two reads of one list (a member's own change excepted). */
const MIN_REREAD_MS = 250;
/** Members whose changes are remembered at once (the oldest are forgotten first). */
const MAX_WRITERS = 10_000;
/** The cache's bound, in bytes held (JSON and compressed forms) and in lists. */
const CACHE_MAX_BYTES = 32 * 1024 * 1024;
const CACHE_MAX_ENTRIES = 64;
/** Owners' own views kept per list, beside everyone else's. */
const MAX_OWNER_VIEWS = 16;
/** Below this an answer is sent as it is (as @fastify/compress's threshold in app.ts). */
const COMPRESS_THRESHOLD = 1024;

/** The v1 calls whose answers are lists of posts or members (SPEC §7): every post, a page, an author's, every member, and the writes that answer them. */
const LIST_CALLS = [
  'users',
  'follow',
  'unfollow',
  'posts',
  'postsPage',
  'postsByUser',
  'createPost',
  'editPost',
  'deletePost',
  'like',
  'dislike',
  'addComment',
  'editComment',
  'deleteComment',
  'upvoteComment',
] as const satisfies readonly (keyof typeof V1_ROUTES)[];

const LIST_ROUTES = new Set<string>(LIST_CALLS.map((name) => V1_ROUTES[name].join(' ')));

type Encoding = 'br' | 'gzip' | 'identity';

/** One list as sent: the JSON, and each compressed form once made. */
interface Sent {
  status: number;
  json: Buffer;
  encoded: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;
}

/** A list read once, and each view of it sent (public mode's answer depends on the viewer). */
interface Cached {
  version: string;
  at: number;
  status: number;
  /** The list as the core answers it, before public mode. */
  body: unknown;
  /** The members whose own view differs from everyone else's (http/public-mode.ts, ownersIn). */
  owners: ReadonlySet<string>;
  /** '' for everyone else's view; an owner's id for theirs. */
  views: Map<string, Sent>;
}

/** The encoding a request accepts that this sends: br, else gzip, else none (q=0 refuses one). */
function encodingFor(header: string | string[] | undefined): Encoding {
  const text = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  const accepted = new Set<string>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

function encode(sent: Sent, encoding: Encoding): Buffer {
  if (encoding === 'identity') return sent.json;
  let bytes = sent.encoded[encoding];
  if (!bytes) {
    // Brotli's quality 4, as @fastify/compress uses: 11 costs far more for little.
    bytes = encoding === 'br' ? brotliCompressSync(sent.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(sent.json);
    sent.encoded[encoding] = bytes;
  }
  return bytes;
}

const sentOf = (status: number, body: unknown): Sent => ({ status, json: Buffer.from(JSON.stringify(body)), encoded: {} });

/** The reply's Vary with Accept-Encoding added (CORS has set Origin). */
function varyOf(reply: FastifyReply): string {
  const vary = reply.getHeader('Vary');
  const names = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return names.some((n) => n.toLowerCase() === 'accept-encoding') ? names.join(', ') : [...names, 'Accept-Encoding'].join(', ');
}

const sizeOf = (sent: Sent) => sent.json.length + (sent.encoded.br?.length ?? 0) + (sent.encoded.gzip?.length ?? 0);
/** The views' bytes, and as much again for the list kept as objects. */
const entrySize = (entry: Cached) => {
  let bytes = 0;
  for (const view of entry.views.values()) bytes += sizeOf(view);
  return bytes + (entry.views.get('')?.json.length ?? 0);
};

/** After a failed LISTEN, how long the cache reads the change log's seq before it tries again. */
const LISTEN_RETRY_MS = 1000;

export interface V1Lists {
  /** This instance answered a changing request with success, by `memberId` when a member made it. */
  changed(memberId: string | undefined): void;
  /** Stops listening (the server closes). */
  close(): Promise<void>;
  /** Whether the route answers a v1 list. */
  takes(method: string, path: string): boolean;
  /** 429 (HttpError) when the request's address has spent its budget. */
  admit(request: FastifyRequest, reply: FastifyReply): void;
  /**
   * A GET's list as `viewer` sees it (`view`: public mode's answer): from the cached list when it
   * still holds, else from `build`'s (then kept).
   */
  read(
    request: FastifyRequest,
    viewer: string | undefined,
    build: () => Promise<{ status: number; body: unknown }>,
    view: (body: unknown, viewer: string | undefined) => unknown,
  ): Promise<Sent>;
  /** A write's list, as sent. */
  sentOf(status: number, body: unknown): Sent;
  /** Sends the list compressed as the request accepts, and charges its size to the address. */
  send(request: FastifyRequest, reply: FastifyReply, sent: Sent): FastifyReply;
}

export function v1Lists(db: Db, budget: { max: number; windowMs: number }, listen?: Listen): V1Lists {
  const spent = new MemoryRateLimitStore();
  /** Changes seen here: this instance's changing answers and every notification. */
  let changes = 0;
  /** When each member's latest change was answered here. */
  const wrote = new Map<string, number>();
  let listening: 'off' | 'starting' | 'on' = 'off';
  let retryAt = 0;
  let unlisten: (() => Promise<void>) | undefined;
  const startListening = () => {
    if (!listen || listening !== 'off' || Date.now() < retryAt) return;
    listening = 'starting';
    const lost = () => {
      if (retryAt === Number.POSITIVE_INFINITY) return;
      listening = 'off';
      unlisten = undefined;
      retryAt = Date.now() + LISTEN_RETRY_MS;
    };
    listen(() => (changes += 1), lost).then((stop) => {
      if (listening !== 'starting') return void stop().catch(() => undefined);
      unlisten = stop;
      listening = 'on';
      // What was committed while not listening went unheard: no list cached before now is answered again.
      changes += 1;
    }, lost);
  };
  const cache = new Map<string, Cached>();
  const pending = new Map<string, Promise<Cached>>();

  /** Keeps the cache within its bounds, the least recently filled lists going first. */
  const trim = () => {
    let held = 0;
    for (const entry of cache.values()) held += entrySize(entry);
    for (const [key, entry] of cache) {
      if (held <= CACHE_MAX_BYTES && cache.size <= CACHE_MAX_ENTRIES) break;
      cache.delete(key);
      held -= entrySize(entry);
    }
  };
  const viewOf = (entry: Cached, viewer: string | undefined, view: (body: unknown, viewer: string | undefined) => unknown): Sent => {
    const key = viewer !== undefined && entry.owners.has(viewer) ? viewer : '';
    let sent = entry.views.get(key);
    if (!sent) {
      // Everyone else's view is the anonymous one.
      sent = sentOf(entry.status, view(entry.body, key === '' ? undefined : viewer));
      if (key !== '' && entry.views.size > MAX_OWNER_VIEWS) {
        const oldest = [...entry.views.keys()].find((k) => k !== '');
        if (oldest !== undefined) entry.views.delete(oldest);
      }
      entry.views.set(key, sent);
      trim();
    }
    return sent;
  };

  /** What a cached list is good for: while listening, the changes heard; else also the change log's newest seq. */
  const version = async (): Promise<string> => {
    startListening();
    if (listening === 'on') return `heard:${changes}`;
    const seen = changes;
    const row = await one(db, sql<{ seq: string }>`select coalesce(max(seq), 0)::text as seq from change_log`);
    return `seq:${row?.seq ?? '0'}:${seen}`;
  };

  return {
    changed(memberId) {
      changes += 1;
      if (memberId === undefined) return;
      wrote.delete(memberId);
      wrote.set(memberId, Date.now());
      if (wrote.size > MAX_WRITERS) wrote.delete(wrote.keys().next().value as string);
    },
    async close() {
      listening = 'off';
      retryAt = Number.POSITIVE_INFINITY;
      await unlisten?.().catch(() => undefined);
    },
    takes: (method, path) => LIST_ROUTES.has(`${method} ${path}`),

    admit(request, reply) {
      const counter = spent.peek(request.ip);
      if (counter && counter.hits >= budget.max) {
        reply.header('Retry-After', String(Math.max(1, Math.ceil(counter.ttl / 1000))));
        throw new HttpError(429, HTTP_MESSAGES.v1ListBudget);
      }
    },

    async read(request, viewer, build, view) {
      const sort = (request.query as Record<string, unknown> | undefined)?.sort;
      const key = `${request.url.split('?')[0] ?? ''}\n${typeof sort === 'string' ? sort : ''}`;
      // Read before the list: a change committed in between makes the next request read again.
      const current = await version();
      const hit = cache.get(key);
      if (hit) {
        const age = Date.now() - hit.at;
        const own = viewer !== undefined && (wrote.get(viewer) ?? -Infinity) >= hit.at;
        const maxAge = current.startsWith('heard:') && hit.version.startsWith('heard:') ? HEARD_MAX_AGE_MS : CACHE_MAX_AGE_MS;
        if (age < maxAge && (hit.version === current || (age < MIN_REREAD_MS && !own))) return viewOf(hit, viewer, view);
      }
      const shared = `${key}\n${current}`;
      let reading = pending.get(shared);
      if (!reading) {
        const at = Date.now();
        reading = build().then(({ status, body }) => {
          const entry: Cached = { version: current, at, status, body, owners: ownersIn(body), views: new Map() };
          cache.delete(key);
          cache.set(key, entry);
          return entry;
        });
        pending.set(shared, reading);
        void reading.then(
          () => pending.delete(shared),
          () => pending.delete(shared),
        );
      }
      return viewOf(await reading, viewer, view);
    },

    sentOf,

    send(request, reply, sent) {
      // A HEAD gets no body: one unit, as any request.
      const units = request.method === 'HEAD' ? 1 : Math.max(1, Math.ceil(sent.json.length / BUDGET_UNIT_BYTES));
      spent.charge(request.ip, units, budget.windowMs);
      const encoding = sent.json.length < COMPRESS_THRESHOLD ? 'identity' : encodingFor(request.headers['accept-encoding']);
      reply.code(sent.status).header('Content-Type', 'application/json; charset=utf-8').header('Vary', varyOf(reply));
      // Set, it tells @fastify/compress the answer is already compressed.
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.send(encode(sent, encoding));
    },
  };
}
