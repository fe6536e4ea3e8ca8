/**
 * tools/webpack.factory.js: compilations that write into one folder must not clean each other's
 * files away. The shell's dev server serves its app and its service worker from one output folder;
 * the app's `output.clean` removed `sw.js` whenever the worker's compilation finished first, and
 * `/sw.js` answered 404 in development (docs/offline.md, "In development").
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

test.each(['development', 'production'])('in %s, the shell leaves alone what its service worker writes beside it', (mode) => {
  const [app, sw] = shellConfig({}, { mode });
  expect(sw.name).toBe('sw');
  const files = [sw.output.filename, `${sw.output.filename}.map`];
  if (sw.output.path === app.output.path) {
    for (const file of files) expect([file, cleansAway(app, file)]).toEqual([file, false]);
  } else {
    // Production: built elsewhere and copied in by the app's own compilation (tools/sw/webpack.js).
    expect(mode).toBe('production');
  }
  // The app still cleans out its own old files.
  expect(cleansAway(app, 'main.0123abcd.js')).toBe(true);
});
