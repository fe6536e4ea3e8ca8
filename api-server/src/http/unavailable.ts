/**
 * Which errors mean "the database is away" (503 with Retry-After, issue 28 defect 2) rather than
 * a bug (500): refused or dropped connections, timeouts, a server shutting down or starting,
 * and PostgreSQL's connection-exception class (08xxx).
 */
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNABORTED']);
const PG_CODES = new Set([
  '57P01', // admin_shutdown (pg_ctl restart/stop)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
  '40001', // serialization_failure: safe to try again
  '40P01', // deadlock_detected: safe to try again
  '25P03', // idle_in_transaction_session_timeout
]);
const MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /Query read timeout/i,
  /not queryable/i,
  /Client was closed/i,
  /Cannot use a pool after calling end/i,
  /terminating connection/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

/** Seconds a client should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 2;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NODE_CODES.has(code) || PG_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  // AggregateError from a connect to several addresses (localhost: ::1 and 127.0.0.1).
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}
