/**
 * Rate limits (issue 28, defect 4; issue 41, findings 3 and 4), on @fastify/rate-limit with
 * api-server's stores (rate-limit-store.ts). Each call's group is its row's `budget` in the route
 * table (mock-api/src/contract/routes.ts). Counters are shared by the routes of one group
 * (`counterGroup`), so v1 and v2 spend the same budget:
 * - logins (v1 and v2): one counter per client address (API_AUTH_RATE_LIMIT); signups another;
 * - login attempts per account as well (login-guard.ts);
 * - every other change, on any route of v1 or v2: one budget per member (the token's member;
 *   the address without a valid token);
 * - reads: per client address, counted by each instance.
 * A rate-limit store that fails (the database is away) lets the request through: the handler
 * then answers 503 itself.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '@social/mock-api/errors';
import { rowOf, type Budget } from '@social/mock-api/routes';
import type { OperationsConfig, ServerConfig } from '../config';
import { tokenFromHeader, verifyToken } from '../tokens';
import { HTTP_MESSAGES } from './messages';

/** A route's budget (its row's; a route outside the table, such as pictures, by its method). `url`: under the origin, /api/... */
function budgetOf(method: string, url: string): Budget {
  const row = rowOf(method, url.replace(/^\/api(?=\/)/, ''));
  if (row) return row.budget;
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

/**
 * The counter a changing route's requests are counted in: every login route shares one, every
 * signup route another, and every other changing route of v1 and v2 shares the member's write budget.
 */
export const counterGroup = (method: string, url: string | undefined): string => (url ? budgetOf(method, url) : 'write');

/** The member a request's token names (checked signature only: enough to count by), else its address. */
function memberOrAddress(request: FastifyRequest): string {
  const token = tokenFromHeader(request.headers.authorization);
  const payload = token ? verifyToken(token) : null;
  return payload ? `member:${payload._id}` : `address:${request.ip}`;
}

export function routeRateLimit(
  method: string,
  url: string,
  auth: ServerConfig['authRateLimit'],
  ops: OperationsConfig,
  rateLimitMessage: string,
) {
  const budget = budgetOf(method, url);
  if (budget === 'login' || budget === 'signup')
    return { max: auth.max, timeWindow: auth.windowMs, errorResponseBuilder: () => new HttpError(429, rateLimitMessage) };
  if (budget === 'read') {
    return {
      max: ops.readRateLimit.max,
      timeWindow: ops.readRateLimit.windowMs,
      errorResponseBuilder: () => new HttpError(429, HTTP_MESSAGES.readRateLimit),
    };
  }
  return {
    max: ops.writeRateLimit.max,
    timeWindow: ops.writeRateLimit.windowMs,
    keyGenerator: memberOrAddress,
    errorResponseBuilder: () => new HttpError(429, HTTP_MESSAGES.writeRateLimit),
  };
}
