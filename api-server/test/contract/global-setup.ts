/**
 * Starts one api-server per Jest worker (each with its own database, so parallel test files
 * never see each other's writes) on loopback ports the system picks. Tests reach them
 * through test/contract/setup.ts.
 */
import type { Config } from '@jest/types';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db';
import { startApiServer, type RunningServer } from '../../src/server';

declare global {
  // Shared with global-teardown.ts (declared with var: a global binding).
  var __contractServers: RunningServer[] | undefined;
}

export default async function globalSetup(globalConfig: Config.GlobalConfig): Promise<void> {
  const workers = Math.max(1, globalConfig.maxWorkers);
  const servers: RunningServer[] = [];
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl && workers > 1) throw new Error('Run the contract suite on PostgreSQL with --runInBand (one database).');
  for (let i = 0; i < workers; i += 1) {
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      API_ALLOW_RESET: '1',
      // Hundreds of logins a minute from one address: the limit itself is tested in api-server/test.
      API_AUTH_RATE_LIMIT: '1000000',
      API_LOG_LEVEL: 'silent',
    });
    const database = openDatabase(databaseUrl ? { databaseUrl, poolSize: 4 } : { dataDir: 'memory://' });
    servers.push(await startApiServer(config, { database }));
  }
  globalThis.__contractServers = servers;
  process.env.API_CONTRACT_URLS = servers.map((s) => s.url).join(',');
}
