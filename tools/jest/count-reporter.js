/**
 * Writes this Jest run's counts to .reports/<name>.json so .ci/run can print one
 * `N passed, N failed` line for every suite together (tools/ci-summary.js).
 */
const fs = require('fs');
const path = require('path');

class CountReporter {
  constructor(_globalConfig, options = {}) {
    this.name = options.name ?? 'jest';
  }

  onRunComplete(_contexts, results) {
    const dir = path.resolve(__dirname, '..', '..', '.reports');
    fs.mkdirSync(dir, { recursive: true });
    const counts = {
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
    fs.writeFileSync(path.join(dir, `${this.name}.json`), JSON.stringify(counts));
  }
}

module.exports = CountReporter;
