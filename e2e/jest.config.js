/** End-to-end tests: the production builds, served as `npm run serve` does, driven in headless Chromium. */
const path = require('path');

module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.json'), diagnostics: false }],
  },
  globalSetup: '<rootDir>/support/global-setup.js',
  globalTeardown: '<rootDir>/support/global-teardown.js',
  testTimeout: 90000,
  reporters: ['default', ['<rootDir>/../tools/jest/count-reporter.js', { name: 'e2e' }]],
  slowTestThreshold: 30,
};
