/**
 * The fake backend's API tests (mock-api/test), unchanged, run against api-server on an
 * in-memory PGlite (or DATABASE_URL when set): one contract suite, two backends.
 * The server runs inside each test file's process (test/contract/setup.ts), so a test that
 * moves the clock with a Date.now spy moves it for the server too.
 * Files about Mirage itself (browser storage, URL switches, passthrough) are left out.
 */
const path = require('path');

const mockApi = path.join(__dirname, '..', 'mock-api');
const base = require('../tools/jest.base')(mockApi);

module.exports = {
  ...base,
  displayName: process.env.DATABASE_URL ? 'api-server-contract-postgres' : 'api-server-contract',
  rootDir: mockApi,
  // One PGlite per worker, not per file (see the environment's comment).
  testEnvironment: process.env.DATABASE_URL ? 'node' : path.join(__dirname, 'test', 'pglite-environment.js'),
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    // The fake backend's own machinery, not the API: its IndexedDB storage (persistence,
    // persistence-property), sync between browser tabs (persistence-tabs), Mirage's URL
    // switches and passthrough (server), Mirage's console output (mirage-console) and its
    // picture store (images: IndexedDB Blobs and object URLs), and the backend as the service
    // worker runs it (worker: MirageJS answering fetch Requests, no HTTP server in between).
    '/test/persistence\\.test\\.ts$',
    '/test/persistence-property\\.test\\.ts$',
    '/test/persistence-tabs\\.test\\.ts$',
    '/test/server\\.test\\.ts$',
    '/test/mirage-console\\.test\\.ts$',
    '/test/images\\.test\\.ts$',
    '/test/worker\\.test\\.ts$',
  ],
  transform: {
    ...base.transform,
    // PGlite runs in the test process: the same transform as api-server/jest.config.js.
    '/node_modules/@electric-sql/pglite/dist/.+\\.cjs$': path.join(__dirname, 'test', 'pglite-transform.js'),
  },
  transformIgnorePatterns: ['/node_modules/(?!@noble/hashes/|@electric-sql/pglite/)'],
  setupFilesAfterEnv: [path.join(__dirname, 'test', 'contract', 'setup.ts')],
  moduleNameMapper: {
    ...base.moduleNameMapper,
    // The tests sign their own tokens to probe the server: sign them as api-server does.
    '^\\.\\./src/server/tokens$': path.join(__dirname, 'src', 'tokens.ts'),
  },
};
