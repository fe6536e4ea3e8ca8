#!/usr/bin/env node
/**
 * Runs one npm script in every app at once, output labelled by app:
 *   node tools/run-all.js start|build|serve
 * build fails if any app fails; start and serve keep the others running if one stops.
 *
 * start and serve print one "ready" line per app once its port answers (a dev server only
 * answers once its first compilation is done) and, when every app answers (and the API, when
 * ORBIT_API_BASE_URL names one: npm run start:server / serve:server), "open http://localhost:3000".
 *   --after-api  start the apps only once the API answers (serve:server: static pages would
 *                otherwise answer before the API, and a login in that window would fail)
 */
const { concurrently } = require('concurrently');
const apps = require('./apps');
const { ENV } = require('./api-config');
const { announceWhenReady, appReady, apiReady, statusOf } = require('./ready');

const script = process.argv[2];
if (!['start', 'build', 'serve'].includes(script)) {
  console.error('usage: node tools/run-all.js start|build|serve');
  process.exit(2);
}

const since = Date.now();
const apiBaseUrl = process.env[ENV];
const afterApi = process.argv.includes('--after-api') && !!apiBaseUrl;
const colours = ['magenta', 'cyan', 'green', 'yellow', 'blue', 'red'];
const commands = Object.entries(apps).map(([folder, app], i) => ({
  command: `npm run ${script} --silent -w ${folder}`,
  name: `${app.name}:${app.port}`,
  prefixColor: colours[i % colours.length],
}));

function runApps() {
  const { result } = concurrently(commands, {
    prefix: '[{name}]',
    // Builds on two cores: three at a time is faster than six fighting for memory bandwidth.
    maxProcesses: script === 'build' ? 3 : commands.length,
    killOthersOn: script === 'build' ? ['failure'] : [],
  });
  return result;
}

async function main() {
  if (script !== 'build') {
    // Anything already answering on an app's port (another checkout's servers?) would be taken for ready.
    for (const app of Object.values(apps)) {
      if ((await statusOf(`http://127.0.0.1:${app.port}/`, 1000)) !== 0) {
        console.error(`Port ${app.port} (${app.name}) is already in use: stop what runs there (npm start / serve?) first.`);
        process.exit(1);
      }
    }
  }
  if (script === 'start') {
    console.log('Starting the six dev servers. The first start compiles every app;');
    console.log('later ones reuse the cache in node_modules/.cache/webpack. One line per app follows when it answers.');
  } else if (script === 'build') {
    console.log('Building the six apps, three at a time (node_modules/.cache/webpack makes a rebuild of unchanged apps quick).');
  }
  const api = apiBaseUrl ? [{ label: 'api', url: apiBaseUrl, ready: () => apiReady(apiBaseUrl) }] : [];
  if (afterApi) {
    console.log(`Waiting for the API (${apiBaseUrl}) before serving the pages.`);
    await announceWhenReady(api, { since });
  }
  const result = runApps();
  if (script !== 'build') {
    const parts = Object.values(apps).map((app) => ({
      label: `${app.name}:${app.port}`,
      url: `http://localhost:${app.port}/`,
      ready: () => appReady(app.port),
    }));
    void announceWhenReady([...parts, ...(afterApi ? [] : api)], {
      since,
      done: (time) => `\nEverything answers (${time}): open http://localhost:3000\n`,
    });
  }
  return result;
}

main().then(
  () => {
    if (script === 'build') console.log(`Built the six apps in ${((Date.now() - since) / 1000).toFixed(1)} s.`);
    process.exit(0);
  },
  () => process.exit(1),
);
