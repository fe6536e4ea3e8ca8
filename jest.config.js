/** Every workspace's unit and component tests (npm run test:unit). */
module.exports = {
  testTimeout: 20000,
  // Bounded memory whatever the machine's load: test files run in workers (half the cores: one
  // on a 2-core machine), and a worker whose memory has grown past the limit after a test file
  // is replaced by a fresh one. jsdom and ts-jest keep memory from file to file, so one worker
  // running every file in turn grew to 4 GB and died ("Reached heap limit") on a busy machine.
  // 400 MB of V8 heap (was 700): the tree's peak fell from 2.1-2.5 GB to 1.9 GB for about 10 %
  // more time; 300 MB gave the same peak. The rest was PGlite's WebAssembly memory, outside the
  // heap: one PGlite per worker now, 1.33 GB peak (docs/developing.md, "Measured").
  maxWorkers: '50%',
  workerIdleMemoryLimit: '400MB',
  projects: [
    ...['shell', 'auth-mfe', 'feed-mfe', 'post-mfe', 'profile-mfe', 'mockman-mfe', 'notifications-mfe', 'mock-api', 'api-server'].map(
      (dir) => `<rootDir>/${dir}`,
    ),
    // mock-api's API tests again, against api-server (api-server/jest.contract.config.js).
    '<rootDir>/api-server/jest.contract.config.js',
    // The repository's own tooling (commit message rule).
    '<rootDir>/tools/jest.tools.config.js',
  ],
  reporters: ['default', ['<rootDir>/tools/jest/count-reporter.js', { name: 'unit' }]],
};
