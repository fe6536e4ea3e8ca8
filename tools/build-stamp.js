/**
 * Whether an app's production build is up to date, so that `npm run build` (tools/run-all.js)
 * skips an app nothing has changed for. An app's digest covers every file its build can read:
 * its own folder, the workspaces every app compiles in (shell's UI kit and bus, mock-api's
 * contract), tools/ (the build factory, boot script, service worker build), types/ and the
 * root's configuration and lockfile (the single-bundle build, which reads every app, is not
 * part of `npm run build`). Files are the ones git lists (tracked, or new and not ignored), so
 * dist/ and node_modules/ are not inputs, and a file's content counts, not its time.
 *
 * The digest of the last successful build is kept in node_modules/.cache/orbit-build/<app>.
 * Without git (an unpacked archive) nothing is ever taken as up to date.
 */
const { createHash } = require('crypto');
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const STAMPS = path.join(root, 'node_modules', '.cache', 'orbit-build');
const SHARED_INPUTS = ['shell', 'mock-api', 'tools', 'types', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.base.json'];

/** The folders and files an app's build reads, relative to the repository's root. */
function inputsOf(folder) {
  return [...new Set([folder, ...SHARED_INPUTS])];
}

/** The digest of `inputs` (paths relative to `dir`, a git work tree), or null when git cannot list them. */
function digestOf(inputs, dir = root) {
  let listed;
  try {
    listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...inputs], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
  const hash = createHash('sha256');
  for (const file of [...new Set(listed.split('\0').filter(Boolean))].sort()) {
    hash.update(`${file}\0`);
    try {
      hash.update(fs.readFileSync(path.join(dir, file)));
    } catch {
      hash.update('\0deleted\0'); // Tracked but removed from the work tree.
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

const stampFile = (folder) => path.join(STAMPS, folder);

/**
 * Whether `folder`'s dist/ was built from exactly these inputs. Returns the digest to write
 * with `markBuilt` after a successful build, and whether the build can be skipped.
 */
function buildState(folder) {
  const digest = digestOf(inputsOf(folder));
  let upToDate = false;
  if (digest && fs.existsSync(path.join(root, folder, 'dist', 'index.html'))) {
    try {
      upToDate = fs.readFileSync(stampFile(folder), 'utf8') === digest;
    } catch {
      // No stamp yet: build.
    }
  }
  return { digest, upToDate };
}

/** Notes that `folder` was built from the inputs whose digest is `digest` (taken before the build). */
function markBuilt(folder, digest) {
  if (!digest) return;
  fs.mkdirSync(STAMPS, { recursive: true });
  fs.writeFileSync(stampFile(folder), digest);
}

/**
 * The apps among `folders` with no production build to serve (no dist/index.html, the file
 * tools/serve.js serves first): `npm run serve` and `serve:server` stop at once on them.
 */
function missingBuilds(folders) {
  return folders.filter((folder) => !fs.existsSync(path.join(root, folder, 'dist', 'index.html')));
}

/** The one line those commands stop with: which builds are missing and what makes them. */
function missingBuildsLine(missing, command) {
  const which = missing.length === 1 ? `${missing[0]}/dist is` : `${missing.map((f) => `${f}/dist`).join(', ')} are`;
  return `\`${command}\` serves the production builds, and ${which} missing: run \`npm run build && ${command}\` (npm run build makes only what is missing or changed).`;
}

module.exports = { buildState, digestOf, inputsOf, markBuilt, missingBuilds, missingBuildsLine };
