/** `node api-server/dist/server.js`: one instance, configured by the environment (see README "api-server"). */
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { shortLogStream } from './dev-log';
import { gracefulStop } from './http/shutdown';
import { listRoles } from './roles';
import { startApiServer, type RunningServer } from './server';

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
  // From the configuration: the build replaces `process.env.NODE_ENV` in this file with its own mode.
  const { production } = config;
  if (!config.publicUrl && production)
    server.app.log.warn(`API_PUBLIC_URL is not set: picture URLs name ${server.url}, the address this instance listens on`);
  await sayWhatDataItHolds(server, config.seed, production);
  // In-flight requests get until the time limit (API_SHUTDOWN_TIMEOUT_MS), then the process exits anyway.
  const stop = gracefulStop(server, {
    timeoutMs: config.operations.shutdownTimeoutMs,
    exit: (code) => process.exit(code),
    log: (line) => console.error(line),
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * The data it serves, said at every start: loudly (a warning on stderr and in the log) when a
 * production server holds the demo's members, whose passwords anyone can read on the login page.
 */
async function sayWhatDataItHolds(server: RunningServer, seed: ServerConfig['seed'], production: boolean): Promise<void> {
  // Before `npm run migrate` (API_MIGRATE_ON_START=0) there is no table of roles to count.
  const moderators = await listRoles(server.database.db, 'moderator').then(
    (holders) => holders.length,
    () => null,
  );
  const roles =
    moderators === null
      ? 'roles: once migrated'
      : `${moderators} moderator${moderators === 1 ? '' : 's'} (npm run role -w api-server -- list)`;
  if (server.demo && production) {
    const how = seed === 'demo' ? 'API_SEED=demo' : 'an earlier start with API_SEED=demo';
    const warning =
      `DEMO DATA ON A PRODUCTION SERVER (${how}): this database holds the demo's sample members, whose passwords are ` +
      'published (the login page offers them), so anyone can sign in as them. For a demo only: a real deployment starts ' +
      `on an empty database without API_SEED=demo. ${roles}.`;
    server.app.log.warn(warning);
    console.error(`\n*** api-server: ${warning} ***\n`);
  } else if (server.demo) {
    server.app.log.info(`demo data: the sample members of the login page's test credentials; ${roles}`);
  } else if (seed === 'demo') {
    server.app.log.warn(`no demo data: API_SEED=demo writes it into an empty database only, and this one has members; ${roles}`);
  } else {
    server.app.log.info(`no demo data: members are those who sign up; ${roles}`);
  }
}

main().catch((error: unknown) => {
  console.error('api-server failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
