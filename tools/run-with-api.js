#!/usr/bin/env node
/**
 * `npm run start:server` / `npm run serve:server`: the seven apps (dev servers or production
 * builds, as `npm start` / `npm run serve`) plus api-server on http://127.0.0.1:4000, with
 * the shell configured to call it. api-server keeps its data in api-server/.data (PGlite)
 * unless DATABASE_URL names a PostgreSQL server.
 *   node tools/run-with-api.js start|serve
 * "open http://localhost:3000" is printed once every app and the API answer (tools/ready.js).
 * serve starts the pages only once the API answers: static pages are up at once, and a login
 * before the API listens would fail. start compiles the apps meanwhile (they take longer).
 */
const { spawnSync } = require('child_process');
const { concurrently } = require('concurrently');
const { ENV } = require('./api-config');
const apps = require('./apps');
const { missingBuilds, missingBuildsLine } = require('./build-stamp');

const mode = process.argv[2];
if (!['start', 'serve'].includes(mode)) {
  console.error('usage: node tools/run-with-api.js start|serve');
  process.exit(2);
}
// serve needs every app's production build: say so before building and starting the API.
const missing = mode === 'serve' ? missingBuilds(Object.keys(apps)) : [];
if (missing.length) {
  console.error(missingBuildsLine(missing, 'npm run serve:server'));
  process.exit(1);
}
const port = process.env.PORT ?? '4000';
const apiBaseUrl = process.env[ENV] ?? `http://127.0.0.1:${port}`;

// api-server runs from its build (dist/server.js, a few seconds to make).
const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'api-server'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const { result } = concurrently(
  [
    {
      command: 'npm run start --silent -w api-server',
      name: `api:${port}`,
      prefixColor: 'white',
      // One short line per request, not two JSON lines (api-server/src/dev-log.ts); API_LOG_FORMAT=json for pino's.
      env: { PORT: port, API_LOG_FORMAT: process.env.API_LOG_FORMAT ?? 'short' },
    },
    {
      command: `node tools/run-all.js ${mode}${mode === 'serve' ? ' --after-api' : ''}`,
      name: 'apps',
      prefixColor: 'gray',
      env: { [ENV]: apiBaseUrl, ORBIT_SERVE_COMMAND: `npm run ${mode}:server` },
    },
  ],
  { prefix: '[{name}]', killOthersOn: ['failure'] },
);
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
