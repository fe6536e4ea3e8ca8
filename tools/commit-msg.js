#!/usr/bin/env node
/**
 * The commit message rule (run by tools/git-hooks/commit-msg, which `npm ci` turns on through
 * the `prepare` script): a subject line of at most 72 characters, then a blank line before any
 * body. Git's own merge and revert subjects pass like any other.
 *   node tools/commit-msg.js <file with the message>
 */
const fs = require('fs');

const MAX_SUBJECT = 72;

/** The problems of one commit message (empty when it follows the rule). */
function commitMessageProblems(message) {
  const lines = message.split('\n').filter((line) => !line.startsWith('#'));
  const subject = (lines[0] ?? '').trimEnd();
  const problems = [];
  if (!subject.trim()) problems.push('The subject line is empty.');
  if (subject.length > MAX_SUBJECT)
    problems.push(`The subject line has ${subject.length} characters; keep it to ${MAX_SUBJECT} and put the details in the body.`);
  if (lines.length > 1 && lines[1].trim() !== '') problems.push('Leave a blank line between the subject and the body.');
  return problems;
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node tools/commit-msg.js <message file>');
    process.exit(2);
  }
  const problems = commitMessageProblems(fs.readFileSync(file, 'utf8'));
  for (const problem of problems) console.error(`commit-msg: ${problem}`);
  process.exit(problems.length > 0 ? 1 : 0);
}

module.exports = { commitMessageProblems, MAX_SUBJECT };
