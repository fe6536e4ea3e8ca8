// The shell provides every shared module eagerly (sharedModules in tools/webpack.factory.js), so
// its start-up code is part of main.js: one download. import() still runs it only once the
// federation runtime has set up the share scope that remotes will use.
// Two tasks, not one: React DOM (the largest module) starts first, then the browser gets a turn
// (input, a frame) before the router and the shell start. On a phone's CPU each half is a
// shorter block of the main thread than the whole (docs/performance.md, "…started in two tasks").
// `void`: nothing can stand in for the shell if this fails; the browser reports the rejection.
void import(/* webpackMode: "eager" */ 'react-dom/client')
  .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
  .then(() => import(/* webpackMode: "eager" */ './bootstrap'));
