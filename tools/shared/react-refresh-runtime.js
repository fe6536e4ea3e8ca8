/* global __react_refresh_library__ */
/**
 * Development only: stands in for `react-refresh/runtime` in every dev build (fastRefresh in
 * tools/webpack.factory.js), so a page has one React Refresh runtime. The first build on the
 * page (the shell, or a remote's own dev page) keeps its runtime on the page; a remote loaded
 * into the shell uses that one. Its components then register where the shell's React roots
 * are tracked, and Fast Refresh swaps them in place; with a runtime of its own, a remote's
 * update was applied to modules but never re-rendered.
 *
 * Component ids are module ids (`./src/index.ts`), which two builds can share, so each build
 * registers under its own name (`__react_refresh_library__`, the build's output.uniqueName).
 */
const KEY = '__orbitReactRefreshRuntime';
// The runtime's own file, by a path no alias replaces (its package exports only `runtime.js`,
// which is this stand-in in a dev build); development builds only, so its development file.
const shared = globalThis[KEY] || (globalThis[KEY] = require('../../node_modules/react-refresh/cjs/react-refresh-runtime.development.js'));
const app = typeof __react_refresh_library__ === 'string' ? __react_refresh_library__ : '';

module.exports = Object.assign(Object.create(shared), {
  register: (type, id) => shared.register(type, `${app} ${id}`),
});
