/**
 * Starts one api-server instance: opens the database (PGlite in API_DATA_DIR, or
 * DATABASE_URL), brings the schema up to date, writes the demo seed into an empty database when
 * the configuration asks for it (API_SEED, src/config.ts), and listens.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { ServerConfig } from './config';
import { migrate, openDatabase, pendingMigrations, type Database } from './db';
import { poolGuardsOf } from './http/startup';
import { holdsDemo, seedIfEmpty } from './seed';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /** http://host:port */
  url: string;
  /** Whether the database holds the demo's sample members (src/seed.ts, holdsDemo) once started. */
  demo: boolean;
  close(): Promise<void>;
}

export async function startApiServer(
  config: ServerConfig & { logStream?: NodeJS.WritableStream },
  options: { database?: Database } = {},
): Promise<RunningServer> {
  const logger: { app?: FastifyInstance } = {};
  const database =
    options.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.poolSize,
      guards: poolGuardsOf(config.operations, logger),
    });
  // With API_MIGRATE_ON_START=0 the deployment runs `npm run migrate -w api-server` first; /readyz stays 503 until it has.
  // Migrations run without the request time limits: a backfill of a large table takes minutes.
  if (config.operations.migrateOnStart) await database.unbounded((db) => migrate(db));
  const migrated = (await pendingMigrations(database.db)).length === 0;
  // The seed of API_SEED_POSTS can take minutes: the request time limits are not for it.
  if (migrated && config.seed === 'demo') await database.unbounded((db) => seedIfEmpty(db, config.seedExtraPosts, config.seedModerator));
  const demo = migrated && (await holdsDemo(database.db));
  const app = await buildApp(database.db, { ...config, database });
  logger.app = app;
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    app,
    database,
    url: `http://${host}:${port}`,
    demo,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
