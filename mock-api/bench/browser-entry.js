/** The page of mock-api/bench/v2-scale.js --browser: starts the fake backend and exposes the scenario. */
const { makeServer, serverReady } = require('@bench-root/src/server');
const { TEST_CREDENTIALS } = require('@bench-root/src/contract');
const { runScenario } = require('./scenario');

globalThis.runBench = async ({ posts, runs, v1Runs, persist, hasV2 }) => {
  const started = performance.now();
  const server = makeServer({ environment: 'test', extraPosts: posts, persist, reset: true, timing: 0 });
  await serverReady(server);
  const load = performance.now() - started;
  const result = await runScenario({ credentials: TEST_CREDENTIALS, hasV2, runs, v1Runs });
  server.shutdown();
  return { ...result, load };
};
