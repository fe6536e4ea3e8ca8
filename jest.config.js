/** Every workspace's unit and component tests (npm run test:unit). */
module.exports = {
  testTimeout: 20000,
  projects: ['shell', 'auth-mfe', 'feed-mfe', 'post-mfe', 'profile-mfe', 'mockman-mfe', 'mock-api'].map((dir) => `<rootDir>/${dir}`),
  reporters: ['default', ['<rootDir>/tools/jest/count-reporter.js', { name: 'unit' }]],
};
