/**
 * tools/shared/swc-minify.js: production builds minify with SWC in place of Terser. What a member
 * and a team rely on from the minifier: the code still runs, code webpack marks unused is gone,
 * license comments move to a .LICENSE.txt file, and the source map still leads to the source.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const vm = require('vm');
const webpack = require('webpack');
const { minimizer } = require('../shared/swc-minify');

let dir;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-swc-minify-'));
  fs.writeFileSync(
    path.join(dir, 'lib.js'),
    [
      '/*! @license Orbit-Test-License */',
      "export function greeting(name) { const words = ['hello', name]; return words.join(', '); }",
      "export function neverImported() { return 'UNUSED_MARKER'; }",
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'index.js'), "import { greeting } from './lib';\nglobalThis.result = greeting('orbit');\n");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function build() {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './index.js',
    devtool: 'source-map',
    output: { path: path.join(dir, 'dist'), filename: 'main.js' },
    optimization: { minimizer: minimizer() },
    cache: false,
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error) reject(error);
      else if (stats.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve(stats);
    }),
  );
}

test('a production build minified by SWC runs, drops unused code, keeps licenses and maps', async () => {
  await build();
  const out = (file) => fs.readFileSync(path.join(dir, 'dist', file), 'utf8');
  const code = out('main.js');

  const sandbox = {};
  vm.runInNewContext(code, { globalThis: sandbox });
  expect(sandbox.result).toBe('hello, orbit');

  expect(code).not.toContain('UNUSED_MARKER');
  expect(code).not.toContain('neverImported');
  expect(code.length).toBeLessThan(fs.statSync(path.join(dir, 'lib.js')).size);

  expect(code).not.toContain('Orbit-Test-License');
  expect(out('main.js.LICENSE.txt')).toContain('@license Orbit-Test-License');

  const map = JSON.parse(out('main.js.map'));
  expect(map.sources.some((source) => source.endsWith('lib.js'))).toBe(true);
  expect(map.sourcesContent.join('\n')).toContain("const words = ['hello', name]");
});
