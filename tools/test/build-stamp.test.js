/** tools/build-stamp.js: what makes an app's build out of date. */
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { digestOf, inputsOf } = require('../build-stamp');

let repo;
const write = (file, text) => {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), text);
};
const git = (...args) => execFileSync('git', args, { cwd: repo, stdio: 'ignore' });

beforeEach(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-stamp-'));
  git('init', '-q');
  write('.gitignore', 'dist/\nnode_modules/\n');
  write('feed-mfe/src/FeedPage.tsx', 'export const a = 1;');
  write('shell/src/ui.tsx', 'export const b = 1;');
  write('post-mfe/src/PostCard.tsx', 'export const c = 1;');
  git('add', '-A');
});
afterEach(() => fs.rmSync(repo, { recursive: true, force: true }));

const feed = () => digestOf(inputsOf('feed-mfe'), repo);

test('a remote depends on its own folder and the shared ones, not on another remote', () => {
  expect(inputsOf('feed-mfe')).toEqual(expect.arrayContaining(['feed-mfe', 'shell', 'mock-api', 'tools', 'package-lock.json']));
  expect(inputsOf('feed-mfe')).not.toContain('post-mfe');
});

test('the digest changes with a file of the app or of shell, a new file, or a removed one, and not with another remote or ignored output', () => {
  const first = feed();
  expect(first).toMatch(/^[0-9a-f]{64}$/);
  expect(feed()).toBe(first);

  write('post-mfe/src/PostCard.tsx', 'export const c = 2;');
  write('feed-mfe/dist/main.js', 'built');
  expect(feed()).toBe(first);

  write('feed-mfe/src/FeedPage.tsx', 'export const a = 2;');
  const edited = feed();
  expect(edited).not.toBe(first);

  write('shell/src/ui.tsx', 'export const b = 2;');
  const sharedEdited = feed();
  expect(sharedEdited).not.toBe(edited);

  write('feed-mfe/src/New.tsx', 'export const n = 1;'); // Not added to git yet: still an input.
  const added = feed();
  expect(added).not.toBe(sharedEdited);

  fs.rmSync(path.join(repo, 'feed-mfe/src/New.tsx'));
  expect(feed()).toBe(sharedEdited);
  fs.rmSync(path.join(repo, 'feed-mfe/src/FeedPage.tsx')); // Tracked, removed from the work tree.
  expect(feed()).not.toBe(sharedEdited);
});

test('outside a git work tree nothing is taken as up to date', () => {
  const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-plain-'));
  try {
    expect(digestOf(['feed-mfe'], plain)).toBeNull();
  } finally {
    fs.rmSync(plain, { recursive: true, force: true });
  }
});
