const base = require('../tools/jest.base')(__dirname);

// @noble/hashes v2 ships ES modules only; Jest runs CommonJS. Let ts-jest turn those
// files into CommonJS (everything else in node_modules stays untransformed).
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
