const base = require('../tools/jest.base')(__dirname);

// The tests run the real fake backend, which signs tokens with @noble/hashes v2: ES modules
// only, while Jest runs CommonJS. Let ts-jest turn those files into CommonJS (the same
// setting as mock-api's own config; everything else in node_modules stays untransformed).
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
