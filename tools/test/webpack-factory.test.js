/**
 * tools/webpack.factory.js and tools/sw/webpack.js: the shell's app compilation must not clean
 * away what its service-worker compilation writes. In development both once wrote to shell/dist,
 * and the app's `output.clean` removed `sw.js` whenever the worker's compilation finished first:
 * `/sw.js` answered 404 (docs/offline.md, "In development").
 */
const shellConfig = require('../../shell/webpack.config.js');

/** Would `config`'s clean step delete `file` (a path inside its output folder)? */
function cleansAway(config, file) {
  const { clean } = config.output;
  if (!clean) return false;
  if (clean === true) return true;
  const { keep } = clean;
  if (typeof keep === 'function') return !keep(file);
  if (keep instanceof RegExp) return !keep.test(file);
  if (typeof keep === 'string') return !file.startsWith(keep);
  return true;
}

test.each(['development', 'production'])('in %s, the shell leaves alone what its service worker writes', (mode) => {
  const [app, sw] = shellConfig({}, { mode });
  expect(sw.name).toBe('sw');
  // Its own folder (production copies it into the shell's output itself), or kept by the clean step.
  if (sw.output.path === app.output.path) {
    for (const file of [sw.output.filename, `${sw.output.filename}.map`]) expect([file, cleansAway(app, file)]).toEqual([file, false]);
  }
  // The app still cleans out its own old files.
  expect(cleansAway(app, 'main.0123abcd.js')).toBe(true);
});
