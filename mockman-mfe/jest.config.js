const base = require('../tools/jest.base')(__dirname);

// Tests run against the real fake backend, whose token signing uses @noble/hashes v2 (ES
// modules only); Jest runs CommonJS, so ts-jest converts those files (as mock-api's config does).
module.exports = {
  ...base,
  transformIgnorePatterns: ['/node_modules/(?!@noble/hashes/)'],
  transform: {
    ...base.transform,
    '/node_modules/@noble/hashes/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', target: 'es2020', isolatedModules: true }, diagnostics: false },
    ],
  },
};
