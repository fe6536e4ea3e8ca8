/** `node api-server/dist/server.js`: one instance, configured by the environment (see README "api-server"). */
import { ConfigError, loadConfig } from './config';
import { shortLogStream } from './dev-log';
import { gracefulStop } from './http/shutdown';
import { startApiServer } from './server';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`api-server: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // A developer's terminal (npm run start:server) gets one short line per request; production, pino's JSON.
  const server = await startApiServer(process.env.API_LOG_FORMAT === 'short' ? { ...config, logStream: shortLogStream() } : config);
  server.app.log.info(`api-server on ${server.url} (${server.database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);
  console.log(`api-server listening on ${server.url} (database: ${server.database.kind})`);
  if (!config.publicUrl && process.env.NODE_ENV === 'production')
    server.app.log.warn(`API_PUBLIC_URL is not set: picture URLs name ${server.url}, the address this instance listens on`);
  // In-flight requests get until the time limit (API_SHUTDOWN_TIMEOUT_MS), then the process exits anyway.
  const stop = gracefulStop(server, {
    timeoutMs: config.operations.shutdownTimeoutMs,
    exit: (code) => process.exit(code),
    log: (line) => console.error(line),
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('api-server failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
