/** Every workspace's unit and component tests (npm run test:unit). */
module.exports = {
  testTimeout: 20000,
  projects: [
    ...['shell', 'auth-mfe', 'feed-mfe', 'post-mfe', 'profile-mfe', 'mockman-mfe', 'mock-api', 'api-server'].map((dir) => `<rootDir>/${dir}`),
    // mock-api's API tests again, against api-server (api-server/jest.contract.config.js).
    '<rootDir>/api-server/jest.contract.config.js',
    // The repository's own tooling (commit message rule).
    '<rootDir>/tools/jest.tools.config.js',
  ],
  reporters: ['default', ['<rootDir>/tools/jest/count-reporter.js', { name: 'unit' }]],
};
