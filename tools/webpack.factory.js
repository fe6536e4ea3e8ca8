/**
 * The one webpack + Module Federation config every app is built with. An app's own
 * webpack.config.js states only what is its own: its folder, what it exposes, its title.
 *
 * Remotes are never baked in: the shell registers them at run time from /remotes.json
 * (shell/src/federation), so a remote can be redeployed or moved without rebuilding others.
 */
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const apps = require('./apps');
const { devRemotesMiddleware } = require('./dev-remotes');

const root = path.resolve(__dirname, '..');
const shellPackage = require('../shell/package.json');

/** One instance of each, whoever loads first provides it (shareStrategy 'loaded-first'). */
function sharedModules() {
  const deps = shellPackage.dependencies;
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
  const platformModule = () => ({ singleton: true, version: shellPackage.version, requiredVersion: `^${shellPackage.version}` });
  return {
    react: singleton(deps.react),
    'react/jsx-runtime': singleton(deps.react),
    'react-dom': singleton(deps['react-dom']),
    'react-dom/client': singleton(deps['react-dom']),
    'react-router': singleton(deps['react-router-dom']),
    'react-router-dom': singleton(deps['react-router-dom']),
    rxjs: singleton(deps.rxjs),
    // The shell's own modules: one bus, remote registry, UI kit and route table for every app. Each
    // app records the shell version it was built with as a range (^x.y.z: same major, that minor or
    // later); a page providing a version outside it is reported by shell/src/federation/versions.tsx.
    // Bump shell/package.json's version when these modules change (major when they break callers).
    '@social/shell/bus': platformModule(),
    '@social/shell/federation': platformModule(),
    '@social/shell/ui': platformModule(),
    '@social/shell/routes': platformModule(),
  };
}

/**
 * @param {object} options
 * @param {string} options.dir      the app's folder (__dirname of its webpack.config.js)
 * @param {string} options.title    page title of its (dev) page
 * @param {Record<string,string>} [options.exposes]  what a remote exposes
 */
function createAppConfig({ dir, title, exposes = {} }) {
  const folder = path.basename(dir);
  const app = apps[folder];
  if (!app) throw new Error(`Unknown app folder ${folder}: add it to tools/apps.js`);
  const isShell = folder === 'shell';

  return (env, argv) => {
    const production = argv.mode === 'production';
    return {
      context: dir,
      entry: './src/index.ts',
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // Remotes resolve their chunks relative to where their entry was loaded from.
        publicPath: isShell ? '/' : 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: app.name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            // Workspace packages are linked sources: compile them too, never node_modules.
            include: [root],
            exclude: /node_modules/,
            use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') } },
          },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
          { test: /\.(png|jpe?g|gif|webp|avif|svg)$/i, type: 'asset' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedModules(),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          publicPath: '/',
          // The shell's page must stay small; remotes' dev pages are for their teams.
          minify: production,
        }),
        ...(isShell ? [new CopyWebpackPlugin({ patterns: [{ from: 'public', to: '.' }] })] : []),
      ],
      performance: { hints: false },
      devServer: {
        port: app.port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
        static: isShell ? { directory: path.join(dir, 'public') } : false,
        // A remote's dev page serves the remotes it consumes (tools/dev-remotes.js); with
        // npm run start:server the shell's /remotes.json names the API server (tools/api-config.js).
        setupMiddlewares: (middlewares) => {
          const withRemotes = devRemotesMiddleware(folder)(middlewares);
          return isShell ? require('./api-config').devMiddlewares(dir)(withRemotes) : withRemotes;
        },
      },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
    };
  };
}

module.exports = { createAppConfig, sharedModules };
