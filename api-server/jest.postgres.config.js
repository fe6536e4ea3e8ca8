/**
 * The contract suite, the two-instance tests (instances, live events), the fault tests (restart, stop, freeze),
 * the account deletion leftovers test, the statement budget, the trending tags' ranking, the outbox's set-based batch
 * (outbox-batch, which also runs on PGlite) and a new production server's start on a
 * real PostgreSQL server (DATABASE_URL),
 * one test file at a time since they share the database:
 *   npm run test:postgres   (tools/postgres.js starts and stops a temporary server)
 */
const path = require('path');

if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is not set: run `npm run test:postgres`.');

module.exports = {
  rootDir: path.join(__dirname, '..'),
  maxWorkers: 1,
  projects: [
    path.join(__dirname, 'jest.contract.config.js'),
    {
      ...require('./jest.config.js'),
      displayName: 'api-server-postgres',
      testMatch: [
        '<rootDir>/test/instances.test.ts',
        '<rootDir>/test/live.test.ts',
        '<rootDir>/test/faults.test.ts',
        '<rootDir>/test/pool.test.ts',
        '<rootDir>/test/live-order.test.ts',
        '<rootDir>/test/notification-race.test.ts',
        '<rootDir>/test/account-deletion.test.ts',
        '<rootDir>/test/seed-size.test.ts',
        '<rootDir>/test/trending-tags.test.ts',
        '<rootDir>/test/production-start.test.ts',
        '<rootDir>/test/password-change-race.test.ts',
        '<rootDir>/test/v1-bounds.test.ts',
        '<rootDir>/test/statement-budget.test.ts',
        '<rootDir>/test/outbox-batch.test.ts',
      ],
      testPathIgnorePatterns: ['/node_modules/'],
    },
  ],
  reporters: ['default', [path.join(__dirname, '..', 'tools', 'jest', 'count-reporter.js'), { name: 'postgres' }]],
};
