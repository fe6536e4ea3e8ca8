/**
 * api-server's log lines for a person at a terminal (API_LOG_FORMAT=short, which `npm run
 * start:server` and `serve:server` set): one short line per request, `12:03:04 GET /api/v2/me
 * 200 3 ms`, and `12:03:04 WARN <message>` for anything else. Fastify logs two JSON lines per
 * request ("incoming request", then "request completed" with the status and time); this stream
 * keeps the first's method and URL and writes them with the second. Redaction (app.ts) happens
 * before a line reaches it. Production keeps pino's JSON (no API_LOG_FORMAT).
 */
import { Writable } from 'stream';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Requests still running, by Fastify's request id (bounded: a request that never completes is dropped). */
const MAX_OPEN_REQUESTS = 1000;

interface PinoLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string };
}

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toTimeString().slice(0, 8);

/** A stream for pino (Fastify's `logger.stream`) writing short lines to `out`. */
export function shortLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  const open = new Map<string, string>();
  let pending = '';
  const lineOf = (text: string): string | null => {
    let entry: PinoLine;
    try {
      entry = JSON.parse(text) as PinoLine;
    } catch {
      return text; // Not pino's: as it came.
    }
    const at = clock(entry.time);
    if (entry.msg === 'incoming request' && entry.reqId && entry.req) {
      if (open.size >= MAX_OPEN_REQUESTS) open.delete(open.keys().next().value as string);
      open.set(entry.reqId, `${entry.req.method ?? ''} ${entry.req.url ?? ''}`);
      return null;
    }
    if (entry.msg === 'request completed' && entry.reqId) {
      const request = open.get(entry.reqId) ?? '(request)';
      open.delete(entry.reqId);
      const ms = entry.responseTime === undefined ? '' : ` ${Math.round(entry.responseTime)} ms`;
      return `${at} ${request} ${entry.res?.statusCode ?? ''}${ms}`;
    }
    const level = LEVELS[entry.level ?? 30] ?? 'INFO';
    return `${at} ${level} ${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`;
  };
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      const shown = lines.map(lineOf).filter((line): line is string => line !== null && line !== '');
      if (shown.length) out.write(`${shown.join('\n')}\n`);
      done();
    },
  });
}
