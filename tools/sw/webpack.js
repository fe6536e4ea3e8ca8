/**
 * The shell's service worker (shell/src/offline/sw.ts; docs/offline.md) as its own webpack
 * compilation: one file, `sw.js`, for a worker (no federation, no chunks: a service worker
 * cannot load code later).
 *
 * Production: it is built into node_modules/.cache/orbit-sw/, then the shell's compilation (which
 * depends on it) writes it to shell/dist/sw.js with the precache list of the shell's own files
 * put in (Workbox's InjectManifest, `compileSrc: false`). Development: the dev server serves it
 * at /sw.js with an empty list (nothing is precached while files change).
 */
const path = require('path');
const webpack = require('webpack');
const { InjectManifest } = require('workbox-webpack-plugin');

const SW_NAME = 'sw';
const root = path.resolve(__dirname, '..', '..');
const BUILT = path.join(root, 'node_modules', '.cache', 'orbit-sw');

function serviceWorkerConfig({ dir, production }) {
  return {
    name: SW_NAME,
    context: dir,
    target: 'webworker',
    mode: production ? 'production' : 'development',
    devtool: production ? false : 'source-map',
    entry: { sw: path.join(dir, 'src', 'offline', 'sw.ts') },
    output: { path: production ? BUILT : path.join(dir, 'dist'), filename: 'sw.js', publicPath: '/', clean: false },
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
    optimization: { splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/** The shell's precache list: its own files (index.html, main.js, its chunks, icons), not maps, not remotes.json (network first). */
function injectPrecacheList() {
  return new InjectManifest({
    swSrc: path.join(BUILT, 'sw.js'),
    swDest: 'sw.js',
    compileSrc: false,
    exclude: [/\.map$/, /^mock-api\./, /LICENSE\.txt$/, /^remotes\.json$/, /^serve\.json$/, /^sw\.js$/, /^mf-(manifest|stats)\.json$/, /^remoteEntry\.js$/, /^federation-runtime-core\.js$/],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  });
}

module.exports = { serviceWorkerConfig, injectPrecacheList, SW_NAME };
