/**
 * `npm run start:server` / `serve:server`: the shell's served config (remotes.json) names the
 * API server when ORBIT_API_BASE_URL is set, so the apps call it instead of the in-browser
 * fake backend (shell/src/backend.ts). Without the variable nothing changes.
 */
const fs = require('fs');
const path = require('path');

const ENV = 'ORBIT_API_BASE_URL';
const SERVED_FILE = 'remotes.api-server.json';

const withApi = (file) => ({ ...JSON.parse(fs.readFileSync(file, 'utf8')), apiBaseUrl: process.env[ENV] });

/** webpack-dev-server (shell): answers /remotes.json with the API base URL added. */
function devMiddlewares(shellDir) {
  return (middlewares) => {
    if (!process.env[ENV]) return middlewares;
    middlewares.unshift({
      name: 'orbit-api-config',
      path: '/remotes.json',
      middleware: (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(JSON.stringify(withApi(path.join(shellDir, 'public', 'remotes.json'))));
      },
    });
    return middlewares;
  };
}

/** tools/serve.js (shell): writes the config with the API base URL beside the build and serves it as /remotes.json. */
function serveRewrites(dist, folder) {
  if (folder !== 'shell' || !process.env[ENV]) return [];
  fs.writeFileSync(path.join(dist, SERVED_FILE), JSON.stringify(withApi(path.join(dist, 'remotes.json')), null, 2));
  return [{ source: 'remotes.json', destination: `/${SERVED_FILE}` }];
}

module.exports = { ENV, devMiddlewares, serveRewrites };
