/**
 * Builds api-server into one Node file (dist/server.js), the migration step (dist/migrate.js) and the roles command (dist/role.js). The contract it shares with the apps
 * (@social/mock-api) is TypeScript, so it is compiled in; npm packages stay external and are
 * loaded from node_modules at run time (PGlite loads its WebAssembly from its own folder).
 */
const path = require('path');

module.exports = {
  mode: 'production',
  target: 'node20',
  entry: {
    server: path.join(__dirname, 'src', 'main.ts'),
    migrate: path.join(__dirname, 'src', 'migrate-main.ts'),
    role: path.join(__dirname, 'src', 'role-main.ts'),
  },
  output: { path: path.join(__dirname, 'dist'), filename: '[name].js', clean: true },
  resolve: { extensions: ['.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        loader: 'ts-loader',
        options: {
          transpileOnly: true,
          configFile: path.join(__dirname, 'tsconfig.json'),
          compilerOptions: { noEmit: false, module: 'esnext' },
        },
      },
    ],
  },
  externalsPresets: { node: true },
  externals: [
    ({ request }, callback) => {
      if (request && !request.startsWith('.') && !path.isAbsolute(request) && !request.startsWith('@social/'))
        return callback(null, `commonjs ${request}`);
      return callback();
    },
  ],
  optimization: { minimize: false },
  devtool: 'source-map',
  performance: { hints: false },
  stats: 'errors-warnings',
};
