/** Tests of the repository's own tooling (tools/test): plain Node, no transform. */
module.exports = {
  displayName: 'tools',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.js'],
  transform: {},
};
