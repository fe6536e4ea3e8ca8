/**
 * Jest config shared by every workspace: TypeScript through ts-jest (transpile only; types
 * are checked by `npm run typecheck`), jsdom, Testing Library matchers, CSS stubbed.
 */
const path = require('path');

/**
 * @param {string} dir the workspace folder
 * @param {{ federationKit?: boolean }} [options] federationKit: remotes load the real exposed modules
 *   (tools/jest/federation-kit.tsx) in place of the federation runtime, for workspaces that render other remotes.
 */
module.exports = function jestConfig(dir, { federationKit = false } = {}) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    testEnvironment: 'jsdom',
    // react-router and friends publish browser builds as ESM: take their CommonJS ones.
    testEnvironmentOptions: { customExportConditions: ['require', 'default'] },
    testMatch: ['<rootDir>/test/**/*.test.ts?(x)', '<rootDir>/src/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(dir, 'tsconfig.json'), diagnostics: false }],
      // The fake backend signs tokens with @noble/hashes v2, which ships ES modules only.
      '/node_modules/@noble/hashes/.+\\.js$': [
        'ts-jest',
        { tsconfig: { allowJs: true, module: 'commonjs', target: 'es2020', isolatedModules: true }, diagnostics: false },
      ],
    },
    // Everything else in node_modules is CommonJS already and stays untransformed.
    transformIgnorePatterns: ['/node_modules/(?!@noble/hashes/)'],
    moduleNameMapper: {
      '\\.css$': path.join(__dirname, 'jest', 'style-stub.js'),
      '\\.(png|jpe?g|gif|webp|avif|svg)$': path.join(__dirname, 'jest', 'file-stub.js'),
      ...(federationKit ? { '^@module-federation/enhanced/runtime$': path.join(__dirname, 'jest', 'federation-kit.tsx') } : {}),
    },
    setupFilesAfterEnv: [path.join(__dirname, 'jest', 'setup.ts')],
  };
};
