/** The pool's timeouts from the settings, and its connection errors sent to the app's log once there is one. */
import type { FastifyInstance } from 'fastify';
import type { OperationsConfig } from '../config';
import type { PoolGuards } from './pool';

export function poolGuardsOf(ops: OperationsConfig, logger: { app?: FastifyInstance }): PoolGuards {
  return {
    connectTimeoutMs: ops.dbConnectTimeoutMs,
    statementTimeoutMs: ops.dbStatementTimeoutMs,
    // This side waits a second longer than the server's own limit, which reports the better error.
    queryTimeoutMs: ops.dbStatementTimeoutMs + 1000,
    preparedStatements: ops.dbPreparedStatements,
    onError: (error) => {
      if (logger.app) logger.app.log.warn({ err: error }, 'database connection error');
      else console.error(`api-server: database connection error: ${error.message}`);
    },
  };
}
