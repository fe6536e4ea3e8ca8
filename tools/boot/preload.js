/*
 * Inlined into the shell's index.html by tools/webpack.factory.js (federated build only).
 * Runs while main.js is still downloading: fetches /remotes.json, then the manifests of the
 * remotes the current route needs, and preloads their remoteEntry.js and the exposed chunks,
 * so the route's remote downloads beside the shell's own code instead of after it; on a
 * signed-in page it also preloads the shell's data-layer chunks, which main.js would ask for
 * only once it has run.
 * shell/src/federation reads the config it started from window.__ORBIT_BOOT__ (once); the
 * federation runtime then loads each remote's remoteEntry.js, which this has preloaded.
 * A plain script (no bundler touches it). Any failure leaves the shell to do it all itself.
 */
/* global window, document, location, SHELL_DATA_FILES */
(function () {
  var boot = (window.__ORBIT_BOOT__ = {});
  // The shell's own chunks of its data layer (shell/src/data, TanStack Query), which every
  // signed-in page loads once main.js has run: the build writes their names here.
  var shellDataFiles = SHELL_DATA_FILES;
  // One request per address: two modules of one remote read its manifest once.
  var texts = {};
  function text(url) {
    if (!texts[url])
      texts[url] = fetch(url, { cache: 'no-cache' }).then(function (r) {
        return r.ok ? r.text() : null;
      });
    return texts[url];
  }
  var preloaded = {};
  function preload(href) {
    if (preloaded[href]) return;
    preloaded[href] = true;
    // Already asked for by the page itself (webpack's script element, or a finished request):
    // a preload now would go unused, and the browser warns about it in the console.
    if (document.querySelector('script[src="' + href + '"]') || performance.getEntriesByName(href).length) return;
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = href;
    document.head.appendChild(link);
  }
  var path = location.pathname;
  var signedIn = false;
  try {
    signedIn = !!localStorage.getItem('login-items');
  } catch {
    // Storage blocked: treat as signed out.
  }
  var guarded = path === '/' || path === '/explore' || /^\/(post|profile)\/[^/]+$/.test(path);
  // The app's own pages (a signed-in member on /login or /signup is sent to Home).
  var appPage = guarded || path === '/login' || path === '/signup';
  // Which exposed modules the first screen shows (the routes of shell/src/app/App.tsx).
  function wanted() {
    if (path === '/mockman') return [['mockman', 'MockmanPage']];
    if (!signedIn) {
      if (path === '/signup') return [['auth', 'SignupPage']];
      return guarded || path === '/login' ? [['auth', 'LoginPage']] : [];
    }
    if (/^\/post\//.test(path)) return [['post', 'PostPage']];
    if (/^\/profile\//.test(path))
      return [
        ['profile', 'ProfilePage'],
        ['post', 'PostCard'],
      ];
    return appPage
      ? [
          ['feed', 'FeedPage'],
          ['post', 'PostCard'],
          ['post', 'PostComposer'],
        ]
      : [];
  }
  try {
    // A signed-in page reads its data through the data layer: beside main.js, not after it.
    if (signedIn && appPage)
      shellDataFiles.forEach(function (file) {
        preload('/' + file);
      });
    boot.config = text('/remotes.json');
    boot.config
      .then(function (configText) {
        var config = JSON.parse(configText || '{}');
        wanted().forEach(function (pair) {
          var url = config[pair[0]];
          if (typeof url !== 'string' || !/^https?:/.test(url)) return;
          url = new URL(url, location.href).href;
          // Every Orbit remote names its entry remoteEntry.js beside its manifest: start it now,
          // not after the manifest (the manifest's own answer is preloaded below if it differs).
          if (/\/mf-manifest\.json$/.test(url)) preload(url.replace(/mf-manifest\.json$/, 'remoteEntry.js'));
          text(url)
            .then(function (manifestText) {
              var m = JSON.parse(manifestText);
              var publicPath = m.metaData.publicPath;
              var base = publicPath && publicPath !== 'auto' ? new URL(publicPath, url).href : url.slice(0, url.lastIndexOf('/') + 1);
              var entry = m.metaData.remoteEntry;
              preload(new URL((entry.path ? entry.path + '/' : '') + entry.name, base).href);
              m.exposes.forEach(function (expose) {
                if (expose.name === pair[1])
                  expose.assets.js.sync.forEach(function (file) {
                    preload(new URL(file, base).href);
                  });
              });
            })
            .catch(function () {});
        });
      })
      .catch(function () {});
  } catch {
    // No fetch or URL: the shell loads its remotes itself.
  }
})();
