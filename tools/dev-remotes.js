/**
 * A remote's dev server serves the other remotes, so `npm start -w feed-mfe` shows whole post
 * cards, and a card's author or comments link opens the profile or post page, without another
 * team's dev server (docs/developing.md "Work on one remote").
 *
 * For every other remote: the ones its page consumes (tools/apps.js `consumes`) are loaded with
 * the page; the others on demand, when a link leads to a page they own (shell/src/dev-host).
 *   - default: that remote's production build (its dist/), served by this dev server under
 *     /__remotes/<name>/ and built on the first request when missing (`npm run build -w post-mfe`);
 *   - or the address in REMOTE_<NAME> (e.g. REMOTE_POST=http://localhost:3003/mf-manifest.json
 *     to use post's own dev server, or a deployed build).
 * GET /__dev-remotes.json tells the dev page (shell/src/dev-host) which address each remote
 * comes from and, for a local build, its version and build time; `onDemand` marks the ones the
 * page loads only for another remote's page.
 */
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const apps = require('./apps');

const root = path.resolve(__dirname, '..');
const TYPES = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.map': 'application/json',
  '.html': 'text/html',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

/** Builds a remote once per dev server (concurrent requests share the build). */
const builds = new Map();
function buildOnce(folder) {
  if (!builds.has(folder)) {
    builds.set(
      folder,
      new Promise((resolve, reject) => {
        console.log(`[dev-remotes] ${folder}/dist is missing: building it (npm run build -w ${folder})…`);
        const child = spawn('npm', ['run', 'build', '--silent', '-w', folder], { cwd: root, stdio: 'inherit' });
        child.on('error', reject);
        child.on('exit', (code) => {
          if (code === 0) {
            console.log(`[dev-remotes] ${folder} built.`);
            resolve();
          } else {
            builds.delete(folder); // the next request tries again
            reject(new Error(`npm run build -w ${folder} exited with ${code}`));
          }
        });
      }),
    );
  }
  return builds.get(folder);
}

const remoteOf = (name, remoteFolder) => ({ name, folder: remoteFolder, override: process.env[`REMOTE_${name.toUpperCase()}`] || null });

function consumedBy(folder) {
  return (apps[folder]?.consumes ?? []).map((name) => {
    const remoteFolder = Object.keys(apps).find((f) => apps[f].name === name);
    if (!remoteFolder) throw new Error(`tools/apps.js: ${folder} consumes unknown remote ${name}`);
    return remoteOf(name, remoteFolder);
  });
}

/** Every remote a remote's dev server serves: those it consumes, then the others (`onDemand`). The shell's serves none. */
function servedBy(folder) {
  if (folder === 'shell' || !apps[folder]) return [];
  const consumed = consumedBy(folder);
  const others = Object.keys(apps)
    .filter((f) => f !== 'shell' && f !== folder && !consumed.some((c) => c.folder === f))
    .map((f) => ({ ...remoteOf(apps[f].name, f), onDemand: true }));
  return [...consumed, ...others];
}

/** What /__dev-remotes.json answers: where each consumed remote comes from. */
function describeRemotes(remotes) {
  const answer = {};
  for (const remote of remotes) {
    const onDemand = remote.onDemand ? { onDemand: true } : {};
    if (remote.override) {
      answer[remote.name] = { url: remote.override, source: `REMOTE_${remote.name.toUpperCase()}`, ...onDemand };
      continue;
    }
    const manifest = path.join(root, remote.folder, 'dist', 'mf-manifest.json');
    const built = fs.existsSync(manifest) ? fs.statSync(manifest).mtime.toISOString() : null;
    answer[remote.name] = {
      url: `/__remotes/${remote.name}/mf-manifest.json`,
      source: `production build of ${remote.folder} (${remote.folder}/dist)`,
      version: require(path.join(root, remote.folder, 'package.json')).version,
      builtAt: built,
      ...onDemand,
    };
  }
  return answer;
}

function send(res, status, type, body) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
  res.end(body);
}

/** webpack-dev-server `setupMiddlewares` for the app in `folder`. */
function devRemotesMiddleware(folder) {
  return (middlewares) => {
    const remotes = servedBy(folder);
    if (remotes.length === 0) return middlewares;
    middlewares.unshift({
      name: 'orbit-dev-remotes',
      middleware: (req, res, next) => {
        const url = new URL(req.url, 'http://dev');
        if (url.pathname === '/__dev-remotes.json') {
          send(res, 200, 'application/json', JSON.stringify(describeRemotes(remotes)));
          return;
        }
        const match = /^\/__remotes\/([^/]+)\/(.+)$/.exec(url.pathname);
        const remote = match && remotes.find((r) => r.name === match[1]);
        if (!remote) {
          next();
          return;
        }
        const dist = path.join(root, remote.folder, 'dist');
        const file = path.normalize(path.join(dist, decodeURIComponent(match[2])));
        if (!file.startsWith(dist + path.sep)) {
          send(res, 400, 'text/plain', 'Bad path');
          return;
        }
        const ready = fs.existsSync(path.join(dist, 'mf-manifest.json')) ? Promise.resolve() : buildOnce(remote.folder);
        ready.then(
          () => {
            fs.readFile(file, (error, body) => {
              if (error) send(res, 404, 'text/plain', `Not in ${remote.folder}/dist: ${match[2]}`);
              else send(res, 200, TYPES[path.extname(file)] ?? 'application/octet-stream', body);
            });
          },
          (error) => send(res, 503, 'text/plain', `${remote.folder} could not be built: ${error.message}`),
        );
      },
    });
    return middlewares;
  };
}

module.exports = { devRemotesMiddleware, consumedBy, servedBy, describeRemotes };
