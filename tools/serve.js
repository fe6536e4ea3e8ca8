#!/usr/bin/env node
/**
 * Serves one app's production build on its port, as a deployment would:
 * compressed (gzip), CORS open on remotes (the shell loads them from other origins),
 * SPA fallback on the shell (not under /api/), and no caching of the files that name the current build
 * (mf-manifest.json, remoteEntry.js, index.html, remotes.json, the service worker sw.js) so a
 * redeploy is seen at once.
 *   node tools/serve.js <app-folder>
 *   node tools/serve.js shell --single   the bench's single-bundle build (shell/dist-single) on port 4000
 * ORBIT_SERVE_HOST=127.0.0.1 listens on loopback only (default: every interface).
 */
const path = require('path');
const fs = require('fs');
const { spawn } = require('child_process');
const apps = require('./apps');

const folder = process.argv[2];
const single = folder === 'shell' && process.argv.includes('--single');
const SINGLE_PORT = 4000;
const app = apps[folder];
if (!app) {
  console.error(`usage: node tools/serve.js <${Object.keys(apps).join('|')}>`);
  process.exit(2);
}
const dist = path.resolve(__dirname, '..', folder, single ? 'dist-single' : 'dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error(
    `${path.relative(path.resolve(__dirname, '..'), dist)} is missing: run \`npm run ${single ? 'build:single -w shell' : 'build'}\` first.`,
  );
  process.exit(1);
}

const config = {
  public: dist,
  // Files are served under their own names (no /index.html → / redirects).
  cleanUrls: false,
  headers: [
    {
      source: '**/*.@(json|html)',
      headers: [{ key: 'Cache-Control', value: 'no-cache' }],
    },
    {
      source: '@(remoteEntry|federation-runtime-core|sw).js',
      headers: [{ key: 'Cache-Control', value: 'no-cache' }],
    },
  ],
  // The shell is a single-page app: every unknown path gets index.html, except /api/…, which
  // answers 404: a picture asked for before the in-browser backend runs must not get the page.
  // (Patterns start with '/': serve-handler would otherwise mangle the leading '!'.) Remotes answer 404.
  rewrites:
    folder === 'shell'
      ? [
          { source: '/', destination: '/index.html' },
          { source: '/!(api)', destination: '/index.html' },
          { source: '/!(api)/**', destination: '/index.html' },
        ]
      : [],
};
// With ORBIT_API_BASE_URL (npm run serve:server) the shell's remotes.json names the API server (tools/api-config.js).
require('./api-config').prepareServedConfig(dist, folder);
const configFile = path.join(dist, 'serve.json');
fs.writeFileSync(configFile, JSON.stringify(config, null, 2));

const serveBin = require.resolve('serve/build/main.js');
const args = [
  serveBin,
  dist,
  '--listen',
  `tcp://${process.env.ORBIT_SERVE_HOST || '0.0.0.0'}:${single ? SINGLE_PORT : app.port}`,
  '--config',
  configFile,
  '--no-clipboard',
  '--no-request-logging',
  '--no-port-switching',
];
if (folder !== 'shell') args.push('--cors');
const child = spawn(process.execPath, args, { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
