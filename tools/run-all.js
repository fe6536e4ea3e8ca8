#!/usr/bin/env node
/**
 * Runs one npm script in every app at once, output labelled by app:
 *   node tools/run-all.js start|build|serve
 * build fails if any app fails; start and serve keep the others running if one stops.
 */
const { concurrently } = require('concurrently');
const apps = require('./apps');

const script = process.argv[2];
if (!['start', 'build', 'serve'].includes(script)) {
  console.error('usage: node tools/run-all.js start|build|serve');
  process.exit(2);
}

const colours = ['magenta', 'cyan', 'green', 'yellow', 'blue', 'red'];
const commands = Object.entries(apps).map(([folder, app], i) => ({
  command: `npm run ${script} --silent -w ${folder}`,
  name: `${app.name}:${app.port}`,
  prefixColor: colours[i % colours.length],
}));

const { result } = concurrently(commands, {
  prefix: '[{name}]',
  // Builds on two cores: three at a time is faster than six fighting for memory bandwidth.
  maxProcesses: script === 'build' ? 3 : commands.length,
  killOthersOn: script === 'build' ? ['failure'] : [],
});

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
