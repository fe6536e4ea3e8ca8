/** api-server's own tests (Node environment): security, images, HTTP answers, two instances on one database. */
const base = require('../tools/jest.base')(__dirname);

module.exports = {
  ...base,
  // One PGlite per worker, not per file (see the environment's comment).
  testEnvironment: require.resolve('./test/pglite-environment.js'),
  setupFilesAfterEnv: [],
  transform: {
    ...base.transform,
    // PGlite loads Node built-ins with import(), which Jest's module sandbox can't run (see the transform).
    '/node_modules/@electric-sql/pglite/dist/.+\\.cjs$': require.resolve('./test/pglite-transform.js'),
  },
  transformIgnorePatterns: ['/node_modules/(?!@noble/hashes/|@electric-sql/pglite/)'],
  // The fault tests restart and freeze a real PostgreSQL, live-order and notification-race hold
  // two transactions open at once (PGlite has one connection), and seed-size needs a statement
  // time limit (PGlite has none), and statement-budget counts the pg driver's queries: `npm run test:postgres` runs them.
  testPathIgnorePatterns: [
    '/node_modules/',
    '/test/faults\\.test\\.ts$',
    '/test/pool\\.test\\.ts$',
    '/test/live-order\\.test\\.ts$',
    '/test/notification-race\\.test\\.ts$',
    '/test/seed-size\\.test\\.ts$',
    '/test/statement-budget\\.test\\.ts$',
  ],
};
