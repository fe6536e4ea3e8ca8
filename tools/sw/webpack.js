/**
 * The shell's service worker (shell/src/offline/sw.ts; docs/offline.md) as its own webpack
 * compilation: one file, `sw.js`, for a worker (no federation, no chunks: a service worker
 * cannot load code later).
 *
 * Production: it is built into node_modules/.cache/orbit-sw/, then the shell's compilation (which
 * depends on it) writes it to shell/dist/sw.js with the precache list of the shell's own files
 * put in place of `self.__WB_MANIFEST` (PrecacheListPlugin below). Development: the dev server
 * serves it at /sw.js (built in memory for node_modules/.cache/orbit-sw/development) with an
 * empty list (nothing is precached while files change). The worker caches the list once a page
 * is idle, not at install (shell/src/offline/sw.ts says why).
 *
 * Why not workbox-webpack-plugin's InjectManifest: it pulls in workbox-build, which needs rollup 4
 * and its per-platform native packages (@rollup/rollup-<os>-<cpu>); the registry here serves only
 * this machine's, so `npm ci` fails on a lockfile that names them all. What InjectManifest does for
 * us is the few lines below; the worker's runtime is still Workbox (workbox-routing & co).
 */
const { createHash } = require('crypto');
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const { minimizer } = require('../shared/swc-minify');

const SW_NAME = 'sw';
const root = path.resolve(__dirname, '..', '..');
const BUILT = path.join(root, 'node_modules', '.cache', 'orbit-sw');

/** `cache`: webpack's persistent cache for it (persistentCache in tools/webpack.factory.js). */
function serviceWorkerConfig({ dir, production, cache }) {
  return {
    name: SW_NAME,
    context: dir,
    target: 'webworker',
    mode: production ? 'production' : 'development',
    devtool: production ? false : 'source-map',
    cache,
    entry: { sw: path.join(dir, 'src', 'offline', 'sw.ts') },
    // A folder of its own, never the shell's dist/: the shell's compilation cleans that one of
    // every file it did not write (in development that made /sw.js a 404 whenever this
    // compilation finished first). The dev server serves each compilation's folder at '/'.
    output: { path: production ? BUILT : path.join(BUILT, 'development'), filename: 'sw.js', publicPath: '/', clean: false },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          include: [root],
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') } },
        },
      ],
    },
    plugins: production ? [] : [new webpack.DefinePlugin({ 'self.__WB_MANIFEST': '[]' })],
    optimization: { splitChunks: false, ...(production ? { minimizer: minimizer() } : {}) },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/** Not precached: source maps, licences, files that are network first (they name the current build), the worker itself. */
const NOT_PRECACHED = [
  /\.map$/,
  /^mock-api\./,
  /LICENSE\.txt$/,
  /^remotes\.json$/,
  /^serve\.json$/,
  /^sw\.js$/,
  /^mf-(manifest|stats)\.json$/,
  /^remoteEntry\.js$/,
  /^federation-runtime-core\.js$/,
];
const MAX_PRECACHED_BYTES = 4 * 1024 * 1024;

/**
 * Writes sw.js into the shell's output with its precache list: every file of the shell's build
 * (index.html, main.js, its chunks, icons, manifest) but NOT_PRECACHED, each with the SHA-256 of its
 * content as Workbox's `revision` (a changed file is fetched again, an unchanged one is not).
 */
class PrecacheListPlugin {
  apply(compiler) {
    const swSrc = path.join(BUILT, 'sw.js');
    compiler.hooks.thisCompilation.tap('PrecacheListPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecacheListPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ANALYSE },
        (assets) => {
          compilation.fileDependencies.add(swSrc);
          const list = Object.keys(assets)
            .filter((name) => !NOT_PRECACHED.some((pattern) => pattern.test(name)))
            .sort()
            .flatMap((name) => {
              const source = assets[name].source();
              const buffer = Buffer.isBuffer(source) ? source : Buffer.from(source);
              if (buffer.length > MAX_PRECACHED_BYTES) return [];
              return [{ url: `/${name}`, revision: createHash('sha256').update(buffer).digest('hex') }];
            });
          const worker = fs.readFileSync(swSrc, 'utf8');
          if (!worker.includes('self.__WB_MANIFEST')) {
            compilation.errors.push(new webpack.WebpackError(`${swSrc} has no self.__WB_MANIFEST for the precache list`));
            return;
          }
          // Minified by its own compilation already: the shell's minimizer leaves it alone.
          compilation.emitAsset('sw.js', new webpack.sources.RawSource(worker.replace('self.__WB_MANIFEST', JSON.stringify(list))), {
            minimized: true,
          });
        },
      );
    });
  }
}

/** The shell's precache list: its own files (index.html, main.js, its chunks, icons), not maps, not remotes.json (network first). */
function injectPrecacheList() {
  return new PrecacheListPlugin();
}

module.exports = { serviceWorkerConfig, injectPrecacheList, SW_NAME };
