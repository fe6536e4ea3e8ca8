/** End-to-end tests: the production builds, served as `npm run serve` does, driven in headless Chromium. */
const path = require('path');

module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.json'), diagnostics: false }],
    // storage.e2e.ts signs a token as the fake backend does (@noble/hashes ships ES modules only).
    '/node_modules/@noble/hashes/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', target: 'es2020', isolatedModules: true }, diagnostics: false },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!@noble/hashes/)'],
  globalSetup: '<rootDir>/support/global-setup.js',
  globalTeardown: '<rootDir>/support/global-teardown.js',
  testTimeout: 90000,
  reporters: ['default', ['<rootDir>/../tools/jest/count-reporter.js', { name: 'e2e' }]],
  slowTestThreshold: 30,
};
