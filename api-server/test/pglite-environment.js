/**
 * Jest environment for api-server's tests and the contract suite on PGlite
 * (api-server/jest.config.js, api-server/jest.contract.config.js): one PGlite per Jest worker,
 * shared by every test file the worker runs.
 *
 * Why: starting PGlite (initdb in WebAssembly, then the migrations) took seconds on a quiet
 * machine and over 60 s on a loaded one, once per file; and each file's instance kept about
 * 450 MB of WebAssembly memory after the file ended, outside the V8 heap that
 * `workerIdleMemoryLimit` watches, so one worker grew to 4.66 GB. Jest loads this module once
 * per worker, outside the files' sandboxes, so the instance made here outlives each file.
 * Sharing is safe because the files run one after another in a worker and each puts the data
 * back to the seed: every contract test first (POST /api/__test/reset truncates every table),
 * api-server/test/kit.ts when it starts a server.
 */
const { TestEnvironment } = require('jest-environment-node');

/** @type {Promise<import('@electric-sql/pglite').PGlite> | undefined} */
let shared;

function sharedPGlite() {
  if (!shared) {
    const { PGlite } = require('@electric-sql/pglite');
    const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm');
    // The same extensions as api-server/src/db.ts newPGlite.
    const pglite = new PGlite('memory://', { extensions: { pg_trgm } });
    shared = pglite.waitReady.then(() => pglite);
  }
  return shared;
}

class PGliteEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    // Read by api-server/test/contract/setup.ts and api-server/test/kit.ts.
    this.global.__sharedPGlite = sharedPGlite;
  }
}

module.exports = PGliteEnvironment;
