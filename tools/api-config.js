/**
 * `npm run start:server` / `serve:server`: the shell's served config (remotes.json) names the
 * API server when ORBIT_API_BASE_URL is set, so the apps call it instead of the in-browser
 * fake backend (shell/src/backend.ts). Without the variable nothing changes.
 */
const fs = require('fs');
const path = require('path');

const ENV = 'ORBIT_API_BASE_URL';
/** The build's own remotes.json, kept aside while the served one names the API server. */
const ORIGINAL = '.remotes.without-api.json';

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

/**
 * tools/serve.js (shell): the static server serves dist/remotes.json as it is, so with the
 * variable set that file gets the API base URL (the build's own copy kept aside); without
 * it, the build's own copy comes back. A key a deployer added by hand is left alone.
 */
function prepareServedConfig(dist, folder) {
  if (folder !== 'shell') return;
  const served = path.join(dist, 'remotes.json');
  const original = path.join(dist, ORIGINAL);
  if (process.env[ENV]) {
    if (!fs.existsSync(original)) fs.copyFileSync(served, original);
    fs.writeFileSync(served, `${JSON.stringify(withApi(original), null, 2)}\n`);
  } else if (fs.existsSync(original)) {
    fs.renameSync(original, served);
  }
}

module.exports = { ENV, devMiddlewares, prepareServedConfig };
