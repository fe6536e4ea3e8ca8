// Lint for every workspace: TypeScript-aware recommended rules, React hooks rules, the boundaries
// between workspaces (no relative import across them, no import cycles), JSX accessibility rules,
// and Testing Library + jest-dom rules for tests.
import { createRequire } from 'module';
import path from 'path';
import { fileURLToPath } from 'url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import testingLibrary from 'eslint-plugin-testing-library';
import jestDom from 'eslint-plugin-jest-dom';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));
const { workspaces } = createRequire(import.meta.url)('./package.json');
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-single/**', '**/node_modules/**', '**/coverage/**', 'e2e/artifacts/**', '.reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    languageOptions: {
      globals: { ...globals.browser },
      // Type information for the type-checked rules below: the root tsconfig covers every workspace
      // in one program (as `npm run typecheck` does), which is faster than a program per workspace.
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: root },
    },
    settings: {
      'import/resolver': { [path.join(root, 'tools/eslint/workspace-resolver.cjs')]: {} },
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // A promise is awaited, handled, or marked `void` with a reason; never silently dropped.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A module graph without cycles: each workspace's modules, and the workspaces between them.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-self-import': 'error',
      // One workspace reaches another only by its package name (@social/shell/bus), never by a path.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${workspaces.map(escape).join('|')})(/|$)`,
              message: 'Import another workspace by its package name (e.g. @social/shell/ui), not by a relative path.',
            },
          ],
        },
      ],
    },
  },
  {
    // What webpack compiles with Fast Refresh in development: the apps' sources and mock-api's.
    files: ['{shell,auth-mfe,feed-mfe,post-mfe,profile-mfe,mockman-mfe,mock-api}/src/**/*.{ts,tsx}'],
    rules: {
      // Fast Refresh's transform (react-refresh-typescript) takes every call of a name starting
      // with "use" for a hook; a plain function so named that calls itself made a signature cycle
      // that overflowed the stack on every development page load. Only hooks are named use….
      'no-restricted-syntax': [
        'error',
        {
          selector: 'FunctionDeclaration[id.name=/^use[a-z]/], VariableDeclarator[id.name=/^use[a-z]/][init.type=/FunctionExpression$/]',
          message: 'Only hooks start with "use" (useX): Fast Refresh takes any use… call for a hook. Rename this function.',
        },
      ],
    },
  },
  {
    // Accessibility rules for JSX (labels, roles, keyboard access); axe-core checks the built pages in e2e.
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A component's autoFocus prop (e.g. PostComposer's) is checked where it reaches the DOM.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // One file-naming convention (docs/developing.md): React component files in src/ are
    // PascalCase.tsx; every other file, tests included, is kebab-case (use-sentinel.ts, feed-page.test.tsx).
    files: ['**/*.{ts,tsx,js,cjs,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        {
          '*/src/**/!(index|bootstrap).tsx': 'PASCAL_CASE',
          '**/*.{ts,js,cjs,mjs}': 'KEBAB_CASE',
          '{*/test,e2e,tools}/**/*.tsx': 'KEBAB_CASE',
        },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // api-server runs on Node, not in a browser.
    files: ['api-server/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['e2e/**', 'tools/**', '**/test/**'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    // Component and unit tests (Jest + Testing Library); e2e drives a browser instead.
    files: ['*/test/**/*.{ts,tsx}', 'tools/jest/**/*.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    files: ['*/test/**/*.{ts,tsx}', 'tools/jest/**/*.{ts,tsx}'],
    ...jestDom.configs['flat/recommended'],
  },
  {
    // Functions passed to page.evaluate() run in the browser.
    files: ['tools/bench/**', 'e2e/**', 'api-server/bench/browser.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
