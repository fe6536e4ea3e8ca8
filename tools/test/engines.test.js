/**
 * The Node the README and package.json promise runs every package `npm ci` installs: each locked
 * package's `engines.node` accepts the oldest version our `engines.node` allows (issue 42:
 * `npm ci` warned that cookie@2.0.2 wanted Node 22 while the README said "Node 20.9+").
 */
const fs = require('fs');
const path = require('path');
const semver = require('semver');

const root = path.join(__dirname, '..', '..');
const ours = require('../../package.json').engines.node;
const oldest = semver.minVersion(ours).version;

test(`every locked package runs on Node ${oldest} (package.json engines: ${ours})`, () => {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const tooNew = Object.entries(lock.packages)
    .filter(([at, pkg]) => at && pkg.engines?.node && !semver.satisfies(oldest, pkg.engines.node))
    .map(([at, pkg]) => `${at}@${pkg.version} needs Node ${pkg.engines.node}`);
  expect(tooNew).toEqual([]);
});

test('the README names the same oldest Node', () => {
  const [major, minor] = oldest.split('.');
  expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(`Node ${major}.${minor}+`);
});
