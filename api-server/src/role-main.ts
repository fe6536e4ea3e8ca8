/**
 * `npm run role -w api-server -- <command>` (node dist/role.js): grants, revokes and lists
 * members' roles (src/role-command.ts) in the database the server uses (DATABASE_URL, or PGlite
 * in API_DATA_DIR: stop a PGlite server first, PGlite has one process per folder). It needs the
 * schema up to date and changes nothing else.
 */
import { ConfigError, loadConfig } from './config';
import { openDatabase, pendingMigrations } from './db';
import { runRoleCommand } from './role-command';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const pending = await pendingMigrations(database.db);
    if (pending.length > 0) {
      console.error(
        `api-server role: the database is not up to date (${pending.length} migrations pending): run \`npm run migrate -w api-server\` first.`,
      );
      return 1;
    }
    return await runRoleCommand(process.argv.slice(2), database.db, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`api-server role failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
