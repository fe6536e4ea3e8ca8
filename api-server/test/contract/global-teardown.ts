export default async function globalTeardown(): Promise<void> {
  for (const server of globalThis.__contractServers ?? []) {
    await server.close();
    await server.database.close();
  }
  globalThis.__contractServers = undefined;
}
