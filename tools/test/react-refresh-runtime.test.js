/**
 * tools/shared/react-refresh-runtime.js, as two dev builds on one page load it (the shell, then a
 * remote): one React Refresh runtime, and each build's component ids kept apart.
 */
const KEY = '__orbitReactRefreshRuntime';

/** The stand-in as the build named `app` evaluates it (`__react_refresh_library__` is its DefinePlugin constant). */
function loadAs(app) {
  globalThis.__react_refresh_library__ = app;
  let loaded;
  jest.isolateModules(() => {
    loaded = require('../shared/react-refresh-runtime');
  });
  return loaded;
}

afterEach(() => {
  delete globalThis[KEY];
  delete globalThis.__react_refresh_library__;
});

test('the first build keeps its runtime on the page; a later build uses that one', () => {
  const shell = loadAs('shell');
  const runtime = globalThis[KEY];
  expect(typeof runtime.performReactRefresh).toBe('function');
  const feed = loadAs('feed');
  expect(globalThis[KEY]).toBe(runtime);
  expect(feed.performReactRefresh).toBe(runtime.performReactRefresh);
  expect(shell.isLikelyComponentType).toBe(runtime.isLikelyComponentType);
});

test('the same module id in two builds names two component families, not one', () => {
  const shell = loadAs('shell');
  const feed = loadAs('feed');
  function ShellIndex() {
    return null;
  }
  function FeedIndex() {
    return null;
  }
  shell.register(ShellIndex, './src/index.ts %exports% default');
  feed.register(FeedIndex, './src/index.ts %exports% default');
  const runtime = globalThis[KEY];
  expect(runtime.getFamilyByType(ShellIndex)).toBeDefined();
  expect(runtime.getFamilyByType(FeedIndex)).toBeDefined();
  expect(runtime.getFamilyByType(FeedIndex)).not.toBe(runtime.getFamilyByType(ShellIndex));
  expect(runtime.getFamilyByID('feed ./src/index.ts %exports% default')).toBe(runtime.getFamilyByType(FeedIndex));
});
