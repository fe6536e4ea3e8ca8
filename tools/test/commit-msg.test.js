/** The commit message rule (tools/commit-msg.js), as the commit-msg hook applies it. */
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { commitMessageProblems, MAX_SUBJECT } = require('../commit-msg');

test('a short subject with a body after a blank line passes', () => {
  expect(commitMessageProblems('Feed: page the home feed\n\nWhy and how, at any length.\n')).toEqual([]);
});

test('a subject over 72 characters is refused with its length', () => {
  const subject = 'x'.repeat(MAX_SUBJECT + 1);
  expect(commitMessageProblems(`${subject}\n`)).toEqual([
    `The subject line has 73 characters; keep it to ${MAX_SUBJECT} and put the details in the body.`,
  ]);
  expect(commitMessageProblems(`${'x'.repeat(MAX_SUBJECT)}\n`)).toEqual([]);
});

test('an empty subject and a body glued to the subject are refused', () => {
  expect(commitMessageProblems('\n\nbody')).toContain('The subject line is empty.');
  expect(commitMessageProblems('Subject\nbody right under it')).toEqual(['Leave a blank line between the subject and the body.']);
});

test("git's comment lines are not part of the message", () => {
  expect(commitMessageProblems('# Please enter the commit message\nFix the feed\n')).toEqual([]);
});

test('the hook script refuses a long subject through git itself', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commit-msg-'));
  const git = (...args) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  fs.mkdirSync(path.join(dir, 'tools', 'git-hooks'), { recursive: true });
  fs.copyFileSync(path.join(__dirname, '..', 'commit-msg.js'), path.join(dir, 'tools', 'commit-msg.js'));
  fs.copyFileSync(path.join(__dirname, '..', 'git-hooks', 'commit-msg'), path.join(dir, 'tools', 'git-hooks', 'commit-msg'));
  fs.chmodSync(path.join(dir, 'tools', 'git-hooks', 'commit-msg'), 0o755);
  git('config', 'core.hooksPath', 'tools/git-hooks');
  fs.writeFileSync(path.join(dir, 'a.txt'), 'a');
  git('add', '.');
  expect(() => git('commit', '-q', '-m', 'y'.repeat(80))).toThrow(/subject line has 80 characters/);
  git('commit', '-q', '-m', 'Add a');
  expect(execFileSync('git', ['log', '--format=%s'], { cwd: dir, encoding: 'utf8' }).trim()).toBe('Add a');
  fs.rmSync(dir, { recursive: true, force: true });
});
