/**
 * `npm run migrate -w api-server` (node dist/migrate.js): brings the database (DATABASE_URL, or
 * PGlite in API_DATA_DIR) up to date and exits. The deployment step before starting instances
 * with API_MIGRATE_ON_START=0, so no two instances migrate at once and a failed migration stops
 * the deployment instead of every instance.
 */
import { ConfigError, loadConfig } from './config';
import { ALL_MIGRATIONS, migrate, openDatabase, pendingMigrations } from './db';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const pending = await pendingMigrations(database.db);
    // Without the request time limits: a backfill of a large table takes minutes.
    await database.unbounded((db) => migrate(db));
    console.log(
      `api-server migrate: ${pending.length} applied (${pending.join(', ') || 'none pending'}); ${Object.keys(ALL_MIGRATIONS).length} in all.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`api-server migrate failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
