/**
 * The pg pool, made to survive its database:
 * - every client gets an 'error' listener, idle or checked out: a PostgreSQL restart ends its
 *   connections with "terminating connection due to administrator command", which pg emits as
 *   an 'error' event; without a listener Node ends the process (issue 28, defect 1);
 * - a connection is waited for at most connectTimeoutMs, a statement runs at most
 *   statementTimeoutMs on the server (statement_timeout), and an answer is waited for at most
 *   queryTimeoutMs on this side (query_timeout: a frozen server never answers);
 * - a client whose query timed out on this side is closed: its query may still be running
 *   (or its transaction still open) on the server, so it must never be used again;
 * - readiness pings go through a pool of their own (one connection), so probes never wait
 *   behind a busy pool and a stuck probe holds at most that one connection.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

export interface PoolGuards {
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  queryTimeoutMs: number;
  /** Where connection errors are reported (never thrown: a dropped connection is not a crash). */
  onError(error: Error): void;
  /** Named prepared statements (default on); off behind a pooler that cannot keep them (API_DB_PREPARED_STATEMENTS=0). */
  preparedStatements?: boolean;
}

export const DEFAULT_POOL_GUARDS: PoolGuards = {
  connectTimeoutMs: 2000,
  statementTimeoutMs: 5000,
  queryTimeoutMs: 6000,
  onError: () => {},
};

const QUERY_TIMEOUT = 'Query read timeout';

type AnyQuery = (...args: unknown[]) => unknown;

/** At most this many named statements per connection; past it, queries are sent unnamed. */
export const PREPARED_PER_CONNECTION = 200;

/**
 * A parameterised query (text and values, as Kysely sends them) becomes a named prepared
 * statement of this connection, named after its text: PostgreSQL parses and plans it once per
 * connection instead of at every call (planning was most of a like's database time). The
 * texts come from the code's SQL templates, so they are few; the cap bounds them anyway.
 */
function namedStatement(args: unknown[], prepared: Set<string>): unknown[] {
  const [text, values, ...rest] = args;
  if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || rest.length > 0) return args;
  const name = `orbit_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  if (!prepared.has(name)) {
    if (prepared.size >= PREPARED_PER_CONNECTION) return args;
    prepared.add(name);
  }
  return [{ name, text, values }];
}

/**
 * Adds the error listener, closes the client when a query of it times out on this side, and
 * (when `prepare` is on) sends parameterised queries as named prepared statements.
 */
function guardClient(client: pg.Client, onError: (error: Error) => void, prepare: boolean): void {
  client.on('error', onError);
  const query = client.query.bind(client) as AnyQuery;
  const prepared = new Set<string>();
  // pg's query() has many overloads; this wrapper forwards them all and only watches promises.
  (client as unknown as { query: AnyQuery }).query = (...args: unknown[]) => {
    const result = query(...(prepare ? namedStatement(args, prepared) : args));
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === QUERY_TIMEOUT) {
          (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
        }
      });
    }
    return result;
  };
}

function makePool(connectionString: string, max: number, guards: PoolGuards): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: guards.connectTimeoutMs,
    statement_timeout: guards.statementTimeoutMs,
    query_timeout: guards.queryTimeoutMs,
    // A transaction left open by a client that went away is ended by the server.
    idle_in_transaction_session_timeout: Math.max(guards.queryTimeoutMs * 2, 10_000),
  });
  pool.on('error', guards.onError);
  pool.on('connect', (client) => guardClient(client, guards.onError, guards.preparedStatements ?? true));
  return pool;
}

export function guardedPool(connectionString: string, max: number, guards: PoolGuards = DEFAULT_POOL_GUARDS) {
  const pool = makePool(connectionString, max, guards);
  let pingPool: pg.Pool | undefined;
  const ping = async (timeoutMs: number): Promise<void> => {
    pingPool ??= makePool(connectionString, 1, {
      ...guards,
      connectTimeoutMs: timeoutMs,
      statementTimeoutMs: timeoutMs,
      queryTimeoutMs: timeoutMs,
    });
    const client = await pingPool.connect();
    try {
      await client.query('select 1');
      client.release();
    } catch (error) {
      // A client that failed is closed, not kept.
      client.release(true);
      throw error;
    }
  };
  const closePing = async (): Promise<void> => {
    const closing = pingPool;
    pingPool = undefined;
    await closing?.end();
  };
  return { pool, ping, closePing };
}
