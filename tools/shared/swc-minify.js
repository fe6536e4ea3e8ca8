/**
 * The JavaScript minifier of every production build (minimizer() below, in each webpack config):
 * SWC's minifier, a port of Terser's compress and mangle, run as WebAssembly (`@swc/wasm`; the
 * native `@swc/core` ships per-platform binaries, which this project avoids). On the same
 * chunks it needs about a seventh of Terser's CPU for output as small (docs/developing.md,
 * "Cold build"). webpack's minimizer-webpack-plugin calls it once per asset, as it would call
 * Terser, and chains the returned source map onto the asset's own.
 *
 * @param {Record<string, string | Buffer>} input       one asset: { [file name]: source }
 * @param {object | undefined} sourceMap                the asset's map, when the build writes maps
 * @param {Record<string, unknown>} [minimizerOptions]  SWC's minify options (compress, mangle, …),
 *                                                      with the plugin's `module` and `ecma` overlaid
 * @param {boolean | 'some' | 'all' | undefined} [extractComments]  license comments to move into
 *                                                      a .LICENSE.txt file (the plugin writes it)
 */
async function swcMinify(input, sourceMap, minimizerOptions = {}, extractComments) {
  const swc = require('@swc/wasm');
  const [[file, source]] = Object.entries(input);
  if (extractComments !== undefined && typeof extractComments !== 'boolean' && extractComments !== 'some' && extractComments !== 'all')
    throw new Error(`tools/shared/swc-minify.js: extractComments must be a boolean, "some" or "all" (got ${typeof extractComments})`);
  const { compress = {}, mangle = true, format = {}, ...given } = minimizerOptions;
  // SWC rejects an option given as undefined (the plugin overlays `module` and `ecma` that way).
  const rest = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const result = await swc.minify(String(source), {
    ...rest,
    compress: compress && { ...compress, ...(rest.ecma === undefined ? {} : { ecma: rest.ecma }) },
    mangle,
    // Without extraction, license comments stay in the file, as with webpack's Terser defaults.
    format: { comments: extractComments ? false : 'some', ...format },
    ...(extractComments ? { extractComments } : {}),
    sourceMap: !!sourceMap,
  });
  let map;
  if (result.map) {
    map = JSON.parse(result.map);
    // SWC names the source "<anon>"; the plugin chains this map onto the asset's by its name.
    map.sources = [file];
    delete map.sourcesContent;
  }
  return { code: result.code, map, extractedComments: result.extractedComments ?? [] };
}

// Read by minimizer-webpack-plugin: part of its cache key, and the workers it may run it in.
swcMinify.getMinimizerVersion = () => require('@swc/wasm/package.json').version;
swcMinify.supportsWorkerThreads = () => true;
swcMinify.getTypes = () => ['javascript'];
swcMinify.filter = (name) => /\.[cm]?js(\?.*)?$/i.test(name);

/**
 * The `optimization.minimizer` list of a production compilation: webpack's own minimizer plugin
 * with swcMinify in place of Terser, webpack's Terser options otherwise (two compress passes).
 */
function minimizer() {
  const MinimizerPlugin = require('minimizer-webpack-plugin');
  return [
    new MinimizerPlugin({
      // By module path: the plugin requires it, as it would in a worker, rather than copy its source.
      minify: { path: __filename, export: 'swcMinify' },
      minimizerOptions: { compress: { passes: 2 }, mangle: true },
      // In the build's own process: on two cores, starting the plugin's worker processes (each
      // loading the WebAssembly) cost more than they saved (feed-mfe: 8.0-9.6 s → 6.1-6.5 s).
      parallel: false,
    }),
  ];
}

module.exports = { swcMinify, minimizer };
