/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a 17 KB header: 431; a broken
 * request line: 400; a request that took too long to arrive: 408) are answered in the API's
 * error shape `{ errors: [message] }` instead of Fastify's own (issue 28, defect 7).
 */
import type { Socket } from 'node:net';
import { errorBody } from '@social/mock-api/errors';
import { HTTP_MESSAGES } from './messages';

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431 ? HTTP_MESSAGES.headersTooLarge : status === 408 ? 'The request took too long to arrive.' : HTTP_MESSAGES.badRequest;
  const body = JSON.stringify(errorBody(message));
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}
