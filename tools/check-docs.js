#!/usr/bin/env node
/**
 * The docs check (part of `npm test`): every repository path and every `npm run` script that a
 * tracked Markdown file names must exist, so the docs cannot drift from the code unnoticed.
 *
 * - A path is a code span or a link target that looks like a file or folder of this repository
 *   (`shell/src/bus/index.ts`, `docs/api.md`, `tools/`). URL paths (`/api/posts`), package
 *   names (`@social/shell/bus`), globs and placeholders (`<remote>/src/`) are not paths and are
 *   skipped. Each path is one of three kinds, and must be written as such:
 *   - a repository path: it is in a checkout. It resolves against the Markdown file's folder
 *     (only there when it starts with `./`, as a link does), the repository root, or, for a
 *     path starting `src/` or `test/`, any workspace ("each remote's `src/exposes.ts`");
 *   - build output or local data: not in a checkout, git ignores it (`shell/dist-single/`).
 *     Its line (or the one before) must say what makes it: an `npm` or `node` command, or
 *     "built"/"made by";
 *   - an example: not a path of this checkout (a module id, another project's layout), written
 *     right after "e.g.", "for example", "such as" or "like".
 *   Anything else that does not exist is reported, with what would make it one of the three.
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
const ignored = new Map();
function isIgnoredOutput(clean) {
  if (!ignored.has(clean)) ignored.set(clean, checkIgnored(clean));
  return ignored.get(clean);
}
/** Asks git about many paths in one call (one process per path took 20 s on a busy machine). */
function primeIgnored(cleans) {
  const forms = [...new Set(cleans)].flatMap((clean) => [clean, `${clean.replace(/\/$/, '')}/`]);
  let out = '';
  try {
    out = execFileSync('git', ['check-ignore', '--no-index', '--stdin'], { cwd: root, input: forms.join('\n'), encoding: 'utf8' });
  } catch (error) {
    out = error.stdout ?? ''; // Exit 1: none of them is ignored.
  }
  const hits = new Set(out.split('\n').filter(Boolean));
  for (const clean of cleans) ignored.set(clean, hits.has(clean) || hits.has(`${clean.replace(/\/$/, '')}/`));
}
function checkIgnored(clean) {
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

/** The line says what makes a build output: a command, or "built" / "made by". */
const MAKES_IT = /\bnpm (?:run|start|ci|install)\b|\bnode \S|\bbuil[dt]\b|\bmade by\b/i;
/** The words right before an example. */
const EXAMPLE_BEFORE = /(?:\be\.g\.|\bfor example|\bsuch as|\blike)[\s:,(]*$/i;

/**
 * What `candidate` (a path, written in `lines`, its line and the one before, after the text
 * `before`) is: 'path' (in the checkout), 'output', 'example', or a problem to report (see the
 * file comment).
 */
function classify(candidate, mdDir, lines, before) {
  const relativeToFile = candidate.startsWith('./');
  const clean = cleanPath(candidate);
  const inAnyWorkspace = !relativeToFile && /^(src|test)\//.test(clean);
  const bases = relativeToFile ? [mdDir] : [mdDir, root, ...(inAnyWorkspace ? workspaces.map((ws) => path.join(root, ws)) : [])];
  // Git-ignored first: build output may be on this disk, but it is in no fresh checkout.
  if (!relativeToFile && isIgnoredOutput(clean)) {
    if (MAKES_IT.test(lines)) return { kind: 'output' };
    return { problem: 'is build output or local data (git ignores it), not in a checkout: say on its line which command makes it' };
  }
  if (bases.some((base) => fs.existsSync(path.join(base, clean)))) return { kind: 'path' };
  if (EXAMPLE_BEFORE.test(before)) return { kind: 'example' };
  return {
    problem: relativeToFile
      ? `does not exist next to this file (\`./\` is relative to it); an example goes after "e.g." or "such as"`
      : 'does not exist; an example goes after "e.g." or "such as"',
  };
}

const kinds = { path: 0, output: 0, example: 0 };

/** The code spans and link targets of `line` that look like repository paths, with where they start. */
function pathsIn(line) {
  return [
    ...[...line.matchAll(/`([^`]+)`/g)].map((m) => ({ text: m[1].trim(), at: m.index })),
    ...[...line.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => ({ text: m[1], at: m.index })),
  ].filter(({ text }) => looksLikeRepoPath(text));
}

/** A path as looked up on disk and by git: no `./`, anchor, query or line number. */
const cleanPath = (text) =>
  text
    .replace(/^\.\//, '')
    .replace(/[#?].*$/, '')
    .replace(/:\d+(-\d+)?$/, '');

/** The broken references of Markdown `text`, written as the file `relative` (to the root). */
function checkText(relative, text) {
  const problems = [];
  const mdDir = path.dirname(path.join(root, relative));
  const lines = text.split('\n');
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
    for (const { text, at } of pathsIn(line)) {
      // A span that starts its line continues the previous one's sentence ("such as" may end it).
      const before = line.slice(0, at).trim() ? line.slice(0, at) : (lines[index - 1] ?? '');
      const found = classify(text, mdDir, `${lines[index - 1] ?? ''}\n${line}`, before);
      if (found.problem) problems.push(`${where}: \`${text}\` ${found.problem}`);
      else kinds[found.kind] += 1;
    }
  });
  return problems;
}

module.exports = { checkText, classify, kinds };
if (require.main !== module) return;

const markdown = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.md'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.includes('node_modules/') && fs.existsSync(path.join(root, f)));
const texts = new Map(markdown.map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8')]));
primeIgnored([...texts.values()].flatMap((text) => text.split('\n').flatMap((line) => pathsIn(line).map((p) => cleanPath(p.text)))));
const problems = markdown.flatMap((file) => checkText(file, texts.get(file)));
for (const problem of problems) console.error(problem);
console.log(
  `docs: ${markdown.length} Markdown files checked (${kinds.path} repository paths, ${kinds.output} build outputs, ${kinds.example} examples), ` +
    `${problems.length} broken reference${problems.length === 1 ? '' : 's'}`,
);
process.exit(problems.length > 0 ? 1 : 0);
