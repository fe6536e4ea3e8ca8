/** A minimal Server-Sent Events reader for the live stream's tests (what EventSource does). */
import http from 'node:http';
import type { LiveEventKind } from '@social/mock-api/contract-live';
import { metric } from './kit';

export interface Received {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

/** A minimal SSE reader (what EventSource does), over one HTTP response. */
export class Stream {
  readonly events: Received[] = [];
  closed = false;
  private buffer = '';
  private checks: (() => void)[] = [];

  constructor(
    readonly status: number,
    readonly headers: http.IncomingHttpHeaders,
    private readonly response: http.IncomingMessage,
  ) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf('\n\n')) >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const field = (name: string) =>
          block
            .split('\n')
            .find((line) => line.startsWith(`${name}: `))
            ?.slice(name.length + 2);
        const data = field('data');
        if (data !== undefined)
          this.events.push({
            id: field('id') ?? '',
            event: field('event') ?? 'message',
            data: JSON.parse(data) as Record<string, unknown>,
          });
      }
      this.recheck();
    });
    const closed = () => {
      this.closed = true;
      this.recheck();
    };
    response.on('close', closed);
    response.on('error', closed);
  }

  private recheck() {
    for (const check of [...this.checks]) check();
  }

  /** Resolves with the first event that matches (a bound of 20 s only fails the test). */
  next(kind: LiveEventKind, match: (data: Record<string, unknown>) => boolean = () => true): Promise<Received> {
    return this.until(() => this.events.find((e) => e.event === kind && match(e.data)));
  }

  until<T>(condition: () => T | undefined | false): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not seen in 20 s; got ${this.events.map((e) => e.event).join(', ')}`)), 20_000);
      const check = () => {
        const value = condition();
        if (value) {
          clearTimeout(timer);
          this.checks = this.checks.filter((c) => c !== check);
          resolve(value);
        }
      };
      this.checks.push(check);
      check();
    });
  }

  close() {
    this.response.destroy();
  }
}

export function openStream(
  server: { url: string },
  {
    lastEventId,
    query = '',
    read = true,
    headers = {},
  }: { lastEventId?: string; query?: string; read?: boolean; headers?: Record<string, string> } = {},
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.url}/api/v2/events${query}`,
      { agent: false, headers: { ...headers, ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) } },
      (response) => {
        if (!read) {
          // A client that never reads: its socket's buffers fill, then the server's.
          response.pause();
          response.socket.pause();
          return resolve({ status: response.statusCode ?? 0 } as Stream);
        }
        resolve(new Stream(response.statusCode ?? 0, response.headers, response));
      },
    );
    // A client that never reads may be cut before it has even parsed the headers.
    request.on('error', (error) => (read ? reject(error) : resolve({ status: 0 } as Stream)));
  });
}

/** Waits (bounded) until the server counts `n` open streams: a stream is live from then on. */
export async function streamsOpen(server: { url: string }, n: number): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    if ((await metric(server, 'live_streams_open')) === n) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`the server never had ${n} open streams`);
}
