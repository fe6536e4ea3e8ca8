/**
 * `npm run serve` and `npm run serve:server` on a checkout without production builds (a fresh
 * clone): they stop at once with one line saying what to run, instead of starting the servers
 * that can (and the API), and waiting without end for the ones that stopped on their missing dist.
 *
 * Run on a copy of the repository's root with no app folders (tools/ and node_modules/ linked
 * into a temporary folder, Node told to keep the links' paths), so no dist/ exists whatever this
 * checkout has built, and nothing binds a port.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');

const repo = path.resolve(__dirname, '..', '..');
let root;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-serve-'));
  fs.symlinkSync(path.join(repo, 'tools'), path.join(root, 'tools'));
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(root, 'node_modules'));
  fs.copyFileSync(path.join(repo, 'package.json'), path.join(root, 'package.json'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Runs a tools/ script in the copy until it ends, or until it prints that it is still waiting (then it is stopped). */
function runInCopy(script, arg) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--preserve-symlinks', '--preserve-symlinks-main', path.join(root, 'tools', script), arg], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0' },
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (/still starting|Waiting for the API/.test(stdout)) process.kill(-child.pid, 'SIGTERM');
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const ALL = ['shell', 'auth-mfe', 'feed-mfe', 'post-mfe', 'profile-mfe', 'mockman-mfe', 'notifications-mfe']
  .map((f) => `${f}/dist`)
  .join(', ');

test.each([
  ['run-all.js', 'serve', 'npm run serve'],
  ['run-with-api.js', 'serve', 'npm run serve:server'],
])(
  '%s %s with no builds stops at once with one line saying what to run',
  async (script, arg, command) => {
    const { code, signal, stdout, stderr } = await runInCopy(script, arg);
    expect({ code, signal }).toEqual({ code: 1, signal: null });
    expect(stderr).toBe(
      `\`${command}\` serves the production builds, and ${ALL} are missing: run \`npm run build && ${command}\` (npm run build makes only what is missing or changed).\n`,
    );
    expect(stdout).toBe('');
  },
  120000,
);
