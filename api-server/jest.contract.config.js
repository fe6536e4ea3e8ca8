/**
 * The fake backend's API tests (mock-api/test), unchanged, run against api-server on an
 * in-memory PGlite (or DATABASE_URL when set): one contract suite, two backends.
 * Files about Mirage itself (browser storage, URL switches, passthrough) are left out.
 */
const path = require('path');

const mockApi = path.join(__dirname, '..', 'mock-api');
const base = require('../tools/jest.base')(mockApi);

module.exports = {
  ...base,
  displayName: process.env.DATABASE_URL ? 'api-server-contract-postgres' : 'api-server-contract',
  rootDir: mockApi,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/test/persistence\\.test\\.ts$', '/test/server\\.test\\.ts$'],
  globalSetup: path.join(__dirname, 'test', 'contract', 'global-setup.ts'),
  globalTeardown: path.join(__dirname, 'test', 'contract', 'global-teardown.ts'),
  setupFilesAfterEnv: [path.join(__dirname, 'test', 'contract', 'setup.ts')],
  moduleNameMapper: {
    ...base.moduleNameMapper,
    // The tests sign their own tokens to probe the server: sign them as api-server does.
    '^\\.\\./src/server/tokens$': path.join(__dirname, 'src', 'tokens.ts'),
  },
};
