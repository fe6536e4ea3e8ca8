/**
 * Starts every app's production server (tools/serve.js) and waits until each answers.
 * Shared by the e2e global setup and the benchmark.
 */
const path = require('path');
const { spawn } = require('child_process');
const http = require('http');
const apps = require('../../tools/apps');

const root = path.resolve(__dirname, '..', '..');

function answers(port) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
  });
}

async function waitFor(port, ms = 20000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await answers(port)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Nothing answered on port ${port} within ${ms} ms`);
}

async function startServers() {
  const children = [];
  // Every port is checked before anything starts, so a busy port leaves no server behind.
  for (const app of Object.values(apps)) {
    if (await answers(app.port)) throw new Error(`Port ${app.port} is already in use: stop what runs there (npm start/serve?) first.`);
  }
  for (const folder of Object.keys(apps)) {
    const child = spawn(process.execPath, [path.join(root, 'tools', 'serve.js'), folder], { stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(child);
  }
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
  };
  try {
    await Promise.all(Object.values(apps).map((app) => waitFor(app.port)));
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}

module.exports = { startServers, answers, waitFor };
