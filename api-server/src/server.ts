/**
 * Starts one api-server instance: opens the database (PGlite in API_DATA_DIR, or
 * DATABASE_URL), brings the schema up to date, seeds an empty database, and listens.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { ServerConfig } from './config';
import { migrate, openDatabase, type Database } from './db';
import { seedIfEmpty } from './seed';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /** http://host:port */
  url: string;
  close(): Promise<void>;
}

export async function startApiServer(config: ServerConfig & { logStream?: NodeJS.WritableStream }, options: { database?: Database } = {}): Promise<RunningServer> {
  const database = options.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.poolSize });
  await migrate(database.db);
  await seedIfEmpty(database.db, config.seedExtraPosts);
  const app = await buildApp(database.db, config);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    app,
    database,
    url: `http://${host}:${port}`,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
