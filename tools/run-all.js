#!/usr/bin/env node
/**
 * Runs one npm script in every app at once, output labelled by app:
 *   node tools/run-all.js start|build|serve
 * build fails if any app fails; start and serve keep the others running if one stops.
 * build skips an app whose inputs have not changed since its last build (tools/build-stamp.js);
 *   --force  builds every app anyway
 *
 * start and serve print one "ready" line per app once its port answers (a dev server only
 * answers once its first compilation is done) and, when every app answers (and the API, when
 * ORBIT_API_BASE_URL names one: npm run start:server / serve:server), "open http://localhost:3000".
 * serve stops at once, with one line, when an app has no production build (or when an app's
 * server ends before it answered); start names a dev server that ends before it answered.
 *   --after-api  start the apps only once the API answers (serve:server: static pages would
 *                otherwise answer before the API, and a login in that window would fail)
 */
const { concurrently } = require('concurrently');
const apps = require('./apps');
const { ENV } = require('./api-config');
const { announceWhenReady, appReady, apiReady, statusOf } = require('./ready');
const { buildState, markBuilt, missingBuilds, missingBuildsLine } = require('./build-stamp');

const script = process.argv[2];
if (!['start', 'build', 'serve'].includes(script)) {
  console.error('usage: node tools/run-all.js start|build|serve');
  process.exit(2);
}

const since = Date.now();
// Each app's own "ready … open" line (tools/webpack.factory.js) would repeat the lines printed here.
process.env.ORBIT_READY_LINES = '0';
const apiBaseUrl = process.env[ENV];
const afterApi = process.argv.includes('--after-api') && !!apiBaseUrl;
const colours = ['magenta', 'cyan', 'green', 'yellow', 'blue', 'red'];
// A build leaves out the apps built from exactly the files there are now (tools/build-stamp.js).
const states = script === 'build' ? Object.fromEntries(Object.keys(apps).map((folder) => [folder, buildState(folder)])) : {};
const force = process.argv.includes('--force');
const skipped = Object.keys(states).filter((folder) => !force && states[folder].upToDate);
const commands = Object.entries(apps)
  .map(([folder, app], i) => ({
    folder,
    command: `npm run ${script} --silent -w ${folder}`,
    name: `${app.name}:${app.port}`,
    prefixColor: colours[i % colours.length],
  }))
  .filter(({ folder }) => !skipped.includes(folder));

/** Runs the apps' commands: `result` settles once all have ended; `stopped[folder]` once that app's has. */
function runApps() {
  if (commands.length === 0) return { result: Promise.resolve([]), stopped: {} };
  const { result, commands: running } = concurrently(
    commands.map(({ command, name, prefixColor }) => ({ command, name, prefixColor })),
    {
      prefix: '[{name}]',
      // Builds on two cores: three at a time is faster than seven fighting for memory bandwidth.
      maxProcesses: script === 'build' ? 3 : commands.length,
      killOthersOn: script === 'build' ? ['failure'] : [],
    },
  );
  const stopped = {};
  for (const { folder, name } of commands) {
    const command = running.find((c) => c.name === name);
    if (command) stopped[folder] = new Promise((resolve) => command.close.subscribe((event) => resolve(event.exitCode)));
  }
  return { result, stopped, running };
}

async function main() {
  if (script === 'serve') {
    // tools/serve.js would stop on it, and this runner would wait for it without end.
    const missing = missingBuilds(Object.keys(apps));
    if (missing.length) {
      console.error(missingBuildsLine(missing, process.env.ORBIT_SERVE_COMMAND || 'npm run serve'));
      process.exit(1);
    }
  }
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
    console.log('Starting the seven dev servers. The first start compiles every app;');
    console.log('later ones reuse the cache in node_modules/.cache/webpack. One line per app follows when it answers.');
  } else if (script === 'build') {
    for (const folder of skipped) console.log(`${apps[folder].name}: unchanged since its last build, not built again (--force builds it).`);
    if (commands.length > 0)
      console.log(
        `Building ${commands.map((c) => apps[c.folder].name).join(', ')}, three at a time (node_modules/.cache/webpack makes a rebuild quick).`,
      );
  }
  const api = apiBaseUrl ? [{ label: 'api', url: apiBaseUrl, ready: () => apiReady(apiBaseUrl) }] : [];
  if (afterApi) {
    console.log(`Waiting for the API (${apiBaseUrl}) before serving the pages.`);
    await announceWhenReady(api, { since });
  }
  const { result, stopped, running } = runApps();
  if (script === 'build') {
    await result;
    for (const { folder } of commands) markBuilt(folder, states[folder].digest);
  } else {
    const parts = Object.entries(apps).map(([folder, app]) => ({
      label: `${app.name}:${app.port}`,
      // A remote's own page (tools/apps.js `page`): its "/" may be another team's.
      url: `http://localhost:${app.port}${app.page}`,
      ready: () => appReady(app.port),
      stopped: stopped[folder],
    }));
    // Ctrl-C (concurrently passes it on to every app) ends them all: no line for each.
    let stopping = false;
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => (stopping = true));
    void announceWhenReady([...parts, ...(afterApi ? [] : api)], {
      since,
      done: (time) => `\nEverything answers (${time}): open http://localhost:3000\n`,
      onStop: (label) => {
        if (stopping) return;
        if (script === 'start') {
          console.error(`\n${label} stopped before answering (its lines above say why); the other dev servers keep running.`);
          return;
        }
        // A deployment with a page missing is not one: stop the others too, at once.
        stopping = true;
        console.error(`\n${label} stopped before answering (its lines above say why): stopping every app.`);
        // `result` then settles with the failure, and main's caller exits with 1.
        for (const command of running) command.kill();
      },
    });
  }
  return result;
}

main().then(
  () => {
    const took = `${((Date.now() - since) / 1000).toFixed(1)} s`;
    if (script === 'build')
      console.log(commands.length ? `Built ${commands.length} of the seven apps in ${took}.` : `All seven apps are up to date (${took}).`);
    process.exit(0);
  },
  () => process.exit(1),
);
