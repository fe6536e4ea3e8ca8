/** Starts api-server instances for a test file (loopback, ports the system picks, quiet logs). */
import type { PGlite } from '@electric-sql/pglite';
import { TEST_CREDENTIALS, type LoginAnswer } from '@social/mock-api/contract';
import { createApiClient, type ApiClient } from '@social/mock-api/client';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { poolGuardsOf } from '../src/http/startup';
import { resetToSeed } from '../src/seed';
import { startApiServer, type RunningServer } from '../src/server';

/** Set by api-server/test/pglite-environment.js: the PGlite this Jest worker shares between files. */
declare const __sharedPGlite: (() => Promise<PGlite>) | undefined;

export interface TestServerOptions {
  env?: NodeJS.ProcessEnv;
  /** Share this PGlite (two instances on one embedded database). */
  pglite?: PGlite;
  logStream?: NodeJS.WritableStream;
}

/** Quiet logs; DEBUG_API_LOG=warn (or info) shows a test server's log lines. */
export async function startTestServer({ env = {}, pglite, logStream }: TestServerOptions = {}): Promise<RunningServer> {
  const config = loadConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    API_LOG_LEVEL: process.env.DEBUG_API_LOG ?? 'silent',
    API_AUTH_RATE_LIMIT: '1000',
    API_WRITE_RATE_LIMIT: '100000',
    API_READ_RATE_LIMIT: '100000',
    ...env,
  });
  // Connection errors go to the server's (silent) log once it has started.
  const logger: { app?: RunningServer['app'] } = {};
  // Without a database of its own, the worker's PGlite (api-server/test/pglite-environment.js), put back to the seed.
  const workerPGlite = !config.databaseUrl && !pglite && typeof __sharedPGlite === 'function' ? await __sharedPGlite() : undefined;
  const database = openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, poolSize: 2, guards: poolGuardsOf(config.operations, logger) }
      : { pglite: pglite ?? workerPGlite, dataDir: 'memory://' },
  );
  const server = await startApiServer({ ...config, logStream }, { database });
  if (workerPGlite) await resetToSeed(database.db, config.seedExtraPosts);
  logger.app = server.app;
  const close = server.close.bind(server);
  return Object.assign(server, {
    close: async () => {
      await close();
      await database.close();
    },
  });
}

export const clientFor = (server: RunningServer, token: string | null = null): ApiClient =>
  createApiClient({ baseUrl: server.url, getToken: () => token });

export async function login(server: RunningServer, n: 1 | 2 | 3 | 4): Promise<LoginAnswer & { api: ApiClient }> {
  const answer = await clientFor(server).auth.login(TEST_CREDENTIALS[n - 1]!);
  return { ...answer, api: clientFor(server, answer.encodedToken) };
}

/** The status and body of a call that should fail. */
export async function failure(call: Promise<unknown>): Promise<{ status: number; errors: string[] }> {
  try {
    await call;
  } catch (error) {
    const e = error as { status: number; errors: string[] };
    return { status: e.status, errors: e.errors };
  }
  throw new Error('the call succeeded');
}
