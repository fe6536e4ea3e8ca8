/** Shared test helpers: a fresh test server per test and signed-in clients for the seed members. */
import { ApiError, createApiClient, type ApiClient } from '../src/client';
import { TEST_CREDENTIALS, type User } from '../src/contract';
import { makeServer, type Server, type ServerOptions } from '../src/server';
import { BroadcastChannel as NodeBroadcastChannel } from 'worker_threads';
import { LIVE_CHANNEL, liveEventSeenBy, recipientOf, type LiveChannelMessage, type LiveEvent } from '../src/contract-live';

export interface Session {
  api: ApiClient;
  user: User;
  token: string;
}

/** Set by api-server/test/contract/setup.ts: these tests then run against api-server, reset to the seed before each test. */
const resetRealServer = (globalThis as { __API_CONTRACT_RESET__?: () => Promise<void> }).__API_CONTRACT_RESET__;

/** A fresh test server around every test of the file; `current()` gives it. */
export function withTestServer(options: ServerOptions = {}): () => Server {
  if (resetRealServer) {
    beforeEach(() => resetRealServer());
    return () => {
      throw new Error('The contract suite runs against api-server: there is no Mirage server.');
    };
  }
  let server: Server | undefined;
  beforeEach(() => {
    server = makeServer({ environment: 'test', ...options });
  });
  afterEach(() => {
    server?.shutdown();
    server = undefined;
  });
  return () => {
    if (!server) throw new Error('no server');
    return server;
  };
}

export const anonymous = (): ApiClient => createApiClient({ getToken: () => null });
export const withToken = (token: string | null): ApiClient => createApiClient({ getToken: () => token });

/** Logs in test user n (1 to 4). */
export async function signIn(n: 1 | 2 | 3 | 4): Promise<Session> {
  const { foundUser, encodedToken } = await anonymous().auth.login(TEST_CREDENTIALS[n - 1]!);
  return { api: withToken(encodedToken), user: foundUser, token: encodedToken };
}

/** Expects the call to fail with exactly this status and message list. */
export async function expectError(call: Promise<unknown>, status: number, message: string): Promise<ApiError> {
  let caught: unknown;
  try {
    await call;
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ApiError);
  const error = caught as ApiError;
  expect({ status: error.status, body: error.body }).toEqual({ status, body: { errors: [message] } });
  return error;
}

/** A raw call, for headers and bodies the typed client would never send. */
export async function raw(
  method: string,
  path: string,
  { body, headers = {} }: { body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: unknown; text: string }> {
  const response = await fetch(`/api${path}`, { method, body, headers: { 'Content-Type': 'application/json', ...headers } });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

/** The live events one member's pages get, in order (ids as each backend numbers them). */
export interface LiveRecorder {
  events(): LiveEvent[];
  /** Waits until an event matching `test` has come; bounded at 20 s. */
  waitFor(test: (event: LiveEvent) => boolean): Promise<LiveEvent>;
  close(): void;
}

/** Set by api-server/test/contract/setup.ts: opens api-server's stream with the member's ticket. */
const openRealStream = (globalThis as { __API_CONTRACT_LIVE__?: (token: string, query: string) => Promise<Omit<LiveRecorder, 'waitFor'>> })
  .__API_CONTRACT_LIVE__;

/**
 * Records the live events `session`'s pages get: api-server's stream opened with the member's
 * ticket and this query (LIVE_TOPIC_PARAMS), or the in-browser backend's channel, whose pages
 * drop another member's private events and what the member's lists hide (it is not filtered by
 * topics: a test records only what its query covers).
 */
export async function recordLive(session: Session, query: string): Promise<LiveRecorder> {
  let source: Omit<LiveRecorder, 'waitFor'>;
  if (openRealStream) source = await openRealStream(session.token, query);
  else {
    const received: LiveEvent[] = [];
    const channel = new NodeBroadcastChannel(LIVE_CHANNEL);
    channel.onmessage = (message) => {
      const { events, hiddenAuthors } = (message as { data: LiveChannelMessage }).data;
      const hidden = new Set(hiddenAuthors[session.user._id] ?? []);
      for (const sent of events) {
        const recipient = recipientOf(sent);
        const event = liveEventSeenBy(sent, hidden);
        if (event && (recipient === null || recipient === session.user._id)) received.push(event);
      }
    };
    source = { events: () => received, close: () => channel.close() };
  }
  return {
    ...source,
    async waitFor(test) {
      for (let i = 0; i < 2000; i += 1) {
        const found = source.events().find(test);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(
        `not received in 20 s; got ${source
          .events()
          .map((e) => e.kind)
          .join(', ')}`,
      );
    },
  };
}
