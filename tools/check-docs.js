#!/usr/bin/env node
/**
 * The docs check (part of `npm test`): every repository path and every `npm run` script that a
 * tracked Markdown file names must exist, so the docs cannot drift from the code unnoticed.
 *
 * - A path is a code span or a link target that looks like a file or folder of this repository
 *   (`shell/src/bus/index.ts`, `docs/api.md`, `tools/`). It resolves against the Markdown
 *   file's folder, the repository root, or any workspace (for "each remote's `src/exposes.ts`").
 *   URL paths (`/api/posts`), package names (`@social/shell/bus`), globs and placeholders
 *   (`<remote>/src/`) are not repository paths and are skipped; build output and local data
 *   that git ignores (`shell/dist/`) are made by a command, so naming them is fine.
 * - `npm run <script>` (optionally with `-w <workspace>`) must name a script of the root
 *   package.json or of that workspace.
 * Prints each broken reference as file:line and exits 1 when there is one.
 */
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const rootPackage = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const workspaces = rootPackage.workspaces ?? [];
const scriptsOf = (dir) => {
  const file = path.join(root, dir, 'package.json');
  return fs.existsSync(file) ? Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')).scripts ?? {}) : [];
};
const rootScripts = new Set(Object.keys(rootPackage.scripts ?? {}));
const workspaceScripts = new Map(workspaces.map((ws) => [ws, new Set(scriptsOf(ws))]));

const FILE_EXTENSIONS = /\.(tsx?|jsx?|mjs|cjs|json|md|css|html|ya?ml|sh|sql|txt|png|svg|ico|webmanifest)$/;
/** Top-level names a repository path can start with (folders and files of the root). */
const topLevel = new Set(fs.readdirSync(root).filter((name) => !name.startsWith('.') || name === '.ci'));

/** True when `text` is meant as a path of this repository (see the file comment). */
function looksLikeRepoPath(text) {
  if (!text || /\s/.test(text)) return false;
  if (/^[a-z]+:/i.test(text) || text.startsWith('/') || text.startsWith('@') || text.startsWith('#')) return false;
  if (/[<>*{}$|"'`]/.test(text) || text.includes('…') || text.includes('...')) return false;
  const first = text.replace(/^\.\//, '').split('/')[0];
  if (text.includes('/'))
    return topLevel.has(first) || workspaces.includes(first) || first === 'src' || first === 'test' || first === 'docs';
  return FILE_EXTENSIONS.test(text) && topLevel.has(text);
}

/** True for what git ignores: build output and local data (`shell/dist/`), made by a command, not kept. */
function isIgnoredOutput(clean) {
  // As a file and as a folder: `dist/` in .gitignore matches only the folder form.
  return [clean, `${clean.replace(/\/$/, '')}/`].some((form) => {
    try {
      execFileSync('git', ['check-ignore', '-q', '--no-index', form], { cwd: root });
      return true;
    } catch {
      return false;
    }
  });
}

function exists(candidate, mdDir) {
  const clean = candidate
    .replace(/^\.\//, '')
    .replace(/[#?].*$/, '')
    .replace(/:\d+(-\d+)?$/, '');
  const bases = [mdDir, root, ...workspaces.map((ws) => path.join(root, ws))];
  return bases.some((base) => fs.existsSync(path.join(base, clean))) || isIgnoredOutput(clean);
}

function checkFile(relative) {
  const problems = [];
  const file = path.join(root, relative);
  const mdDir = path.dirname(file);
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  let inFence = false;
  lines.forEach((line, index) => {
    const where = `${relative}:${index + 1}`;
    if (/^\s*```/.test(line)) {
      inFence = !inFence;
      return;
    }
    // npm run scripts, in code blocks too (the quick start is one).
    for (const match of line.matchAll(/npm run ([\w:.-]+)((?:\s+-w\s+[\w@/.-]+)?)/g)) {
      const script = match[1];
      const ws = match[2].replace(/^\s+-w\s+/, '').replace(/^@social\//, '');
      const known = ws ? workspaceScripts.get(ws)?.has(script) : rootScripts.has(script);
      if (!known) problems.push(`${where}: \`npm run ${script}${ws ? ` -w ${ws}` : ''}\` is not a script`);
    }
    if (inFence) return;
    const candidates = [
      ...[...line.matchAll(/`([^`]+)`/g)].map((m) => m[1].trim()),
      ...[...line.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]),
    ];
    for (const candidate of candidates) {
      if (looksLikeRepoPath(candidate) && !exists(candidate, mdDir)) problems.push(`${where}: \`${candidate}\` does not exist`);
    }
  });
  return problems;
}

const markdown = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.md'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.includes('node_modules/') && fs.existsSync(path.join(root, f)));
const problems = markdown.flatMap(checkFile);
for (const problem of problems) console.error(problem);
console.log(`docs: ${markdown.length} Markdown files checked, ${problems.length} broken reference${problems.length === 1 ? '' : 's'}`);
process.exit(problems.length > 0 ? 1 : 0);
