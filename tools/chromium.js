/**
 * Headless Debian Chromium through playwright-core, launched the same way by every tool that
 * drives a browser: the e2e tests (e2e/support/browser.ts), the bench (tools/bench/run.js) and
 * dx-bench (tools/dx-bench.js). CHROMIUM_PATH names another Chromium.
 */

/** No sandbox (containers), no GPU, nothing the browser would fetch or sync on its own, /tmp instead of a small /dev/shm. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Launches Chromium with CHROMIUM_ARGS and `extraArgs` (e.g. the bench's --enable-precise-memory-info). */
function launchChromium(extraArgs = []) {
  const { chromium } = require('playwright-core');
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs] });
}

module.exports = { CHROMIUM_ARGS, launchChromium };
