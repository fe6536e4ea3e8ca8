/**
 * Points mock-api's API tests at api-server: each test file starts its own api-server in this
 * process (on the worker's in-memory PGlite, shared by the files it runs, or DATABASE_URL with
 * --runInBand) on a loopback port the
 * system picks; relative `/api/...` calls go to it, and `withTestServer()` (mock-api/test/helpers.ts)
 * puts its database back to the seed before each test instead of starting Mirage.
 * In this process, so a test that moves the clock with a `Date.now` spy moves the server's too.
 *
 * Pictures: api-server answers `pic` as a URL of a stored image, where the fake backend echoes
 * the data: URL it was sent. So the same assertions hold, every image URL in an answer is
 * fetched and, when its bytes and type are exactly those of a data: URL the tests sent or
 * the seed holds, replaced by that data: URL. An image that differs stays a URL and fails.
 */
import '@testing-library/jest-dom';
import type { PGlite } from '@electric-sql/pglite';
import { createSeedDb, DEFAULT_AVATAR, POST_IMAGES } from '@social/mock-api/seed';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db';
import { decodeDataUrl } from '@social/mock-api/images';
import { imageId } from '../../src/images';
import { startApiServer, type RunningServer } from '../../src/server';
import { LIVE_TICKET_PARAM, LIVE_TICKET_PATH, type LiveEvent, type LiveTicketAnswer } from '@social/mock-api/contract-live';
import { openStream } from '../sse';

/** The worker's PGlite, made by api-server/test/pglite-environment.js (outlives this file). */
declare const __sharedPGlite: () => Promise<PGlite>;
const sharedPGlite = (): Promise<PGlite> => __sharedPGlite();

const nativeFetch = globalThis.fetch;
let server: RunningServer | undefined;
/** This file's server, e.g. http://127.0.0.1:40123 (set in beforeAll). */
let base = '';

beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  // Test files on parallel workers would reset one shared database under each other.
  if (databaseUrl && (process.env.JEST_WORKER_ID ?? '1') !== '1')
    throw new Error('Run the contract suite on PostgreSQL with --runInBand (one database).');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    API_ALLOW_RESET: '1',
    // Hundreds of logins a minute from one address: the limit itself is tested in api-server/test.
    API_AUTH_RATE_LIMIT: '1000000',
    API_WRITE_RATE_LIMIT: '1000000',
    API_READ_RATE_LIMIT: '1000000',
    API_LOG_LEVEL: 'silent',
  });
  const database = openDatabase(databaseUrl ? { databaseUrl, poolSize: 4 } : { pglite: await sharedPGlite() });
  try {
    server = await startApiServer(config, { database });
  } catch (error) {
    await database.close();
    throw error;
  }
  base = server.url;
}, 60_000);

afterAll(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  await running.close();
  await running.database.close();
});

/** Known pictures by image id (hash of type and bytes). */
const dataUrlsById = new Map<string, string>();
function learn(dataUrl: string): void {
  const decoded = decodeDataUrl(dataUrl);
  if (decoded) dataUrlsById.set(imageId(decoded), dataUrl);
}
const seed = createSeedDb();
[DEFAULT_AVATAR, ...Object.values(POST_IMAGES), ...seed.users.map((u) => u.pic), ...seed.posts.map((p) => p.pic)].forEach(
  (pic) => pic.startsWith('data:') && learn(pic),
);

function visitStrings(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (Array.isArray(value)) value.forEach((item) => visitStrings(item, visit));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => visitStrings(item, visit));
}

const served = new Map<string, Promise<string>>();
/** The data: URL an image URL stands for, after checking the server really serves those bytes. */
function dataUrlFor(url: string): Promise<string> {
  let known = served.get(url);
  if (!known) {
    known = (async () => {
      const response = await nativeFetch(url);
      if (!response.ok) return url;
      const bytes = Buffer.from(await response.arrayBuffer());
      const id = imageId({ contentType: response.headers.get('content-type') ?? '', bytes });
      return url.endsWith(`/api/images/${id}`) ? (dataUrlsById.get(id) ?? url) : url;
    })();
    served.set(url, known);
  }
  return known;
}

async function withDataUrls(value: unknown): Promise<unknown> {
  if (typeof value === 'string') return value.startsWith(`${base}/api/images/`) ? dataUrlFor(value) : value;
  if (Array.isArray(value)) return Promise.all(value.map(withDataUrls));
  if (value && typeof value === 'object') {
    const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await withDataUrls(v)] as const));
    return Object.fromEntries(entries);
  }
  return value;
}

async function contractFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const target = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = target.startsWith('/') ? `${base}${target}` : target;
  if (typeof init?.body === 'string') {
    try {
      visitStrings(JSON.parse(init.body), (text) => text.startsWith('data:') && learn(text));
    } catch {
      // Not JSON: the tests send garbage on purpose.
    }
  }
  const response = await nativeFetch(url, init);
  const text = await response.text();
  let rewritten = text;
  if ((response.headers.get('content-type') ?? '').includes('application/json') && text.includes('/api/images/')) {
    rewritten = JSON.stringify(await withDataUrls(JSON.parse(text)));
  }
  // 204 and 304 answers can't be built with a body, not even an empty one.
  const body = [101, 204, 205, 304].includes(response.status) ? null : rewritten;
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** A live stream of the member whose token this is (their ticket), as mock-api/test/helpers.ts's `recordLive` reads it. */
async function openLiveStream(token: string, query: string): Promise<{ events: () => LiveEvent[]; close: () => void }> {
  const answer = await nativeFetch(`${base}/api/v2${LIVE_TICKET_PATH}`, { method: 'POST', headers: { authorization: token } });
  if (!answer.ok) throw new Error(`no live ticket: ${answer.status}`);
  const { ticket } = (await answer.json()) as LiveTicketAnswer;
  // Live once answered: the route registers the stream with the hub, and fixes its position, in
  // the same turn as it writes the headers (src/live/route.ts), so a test may record several.
  const stream = await openStream({ url: base }, { query: `?${query}&${LIVE_TICKET_PARAM}=${encodeURIComponent(ticket)}` });
  if (stream.status !== 200) throw new Error(`the live stream answered ${stream.status}`);
  return {
    events: () => stream.events.map((e) => ({ id: e.id, kind: e.event, data: e.data }) as LiveEvent),
    close: () => stream.close(),
  };
}

Object.assign(globalThis, {
  fetch: contractFetch,
  __API_CONTRACT_LIVE__: openLiveStream,
  __API_CONTRACT_RESET__: async () => {
    if (!server) throw new Error('The contract server did not start (see beforeAll).');
    const response = await nativeFetch(`${base}/api/__test/reset`, { method: 'POST' });
    if (!response.ok) throw new Error(`api-server reset failed: ${response.status}`);
  },
});

/**
 * Blocks that test Mirage itself, not the API: "unexpected failures" corrupts the fake
 * backend's browser storage. api-server's own tests cover its 500 answers
 * (api-server/test/server.test.ts).
 */
const MIRAGE_ONLY = new Set(['unexpected failures']);
const describeAll = globalThis.describe;
const describeApi = Object.assign(
  (name: string, fn: () => void) => (MIRAGE_ONLY.has(name) ? undefined : describeAll(name, fn)),
  describeAll,
);
globalThis.describe = describeApi as typeof describe;
