/**
 * tools/check-docs.js tells the three kinds of path a doc names apart (issue 42): a repository
 * path must be in a checkout; build output (git ignores it) must come with what makes it; an
 * example must say it is one. Docs named `shell/dist-single/` and `./src/index.ts` as if they
 * were in a checkout, and the check let both through.
 */
const { checkText } = require('../check-docs');

const problemsOf = (text, file = 'docs/example.md') => checkText(file, text);

test('a repository path that exists passes; one that does not is reported', () => {
  expect(problemsOf("See `shell/src/bus/index.ts` and each remote's `src/exposes.ts`.")).toEqual([]);
  expect(problemsOf('See `tools/no-such-tool.js`.')).toEqual([expect.stringContaining('`tools/no-such-tool.js` does not exist')]);
});

test('build output passes only with what makes it on its line (or the one before)', () => {
  expect(problemsOf('The bundle is in `shell/dist-single/`.')).toEqual([
    expect.stringContaining('`shell/dist-single/` is build output or local data (git ignores it), not in a checkout'),
  ]);
  expect(problemsOf('`npm run build:single -w shell` writes the bundle to `shell/dist-single/`.')).toEqual([]);
  expect(problemsOf('Its data is in `api-server/.data/pglite`, made by its first start.')).toEqual([]);
  expect(problemsOf('Run `npm run build -w profile-mfe`, then publish\n`profile-mfe/dist/` anywhere.')).toEqual([]);
});

test('a path starting ./ is relative to the Markdown file; an example says so', () => {
  expect(problemsOf('Module ids repeat (`./src/index.ts`).')).toEqual([
    expect.stringContaining('`./src/index.ts` does not exist next to this file'),
  ]);
  expect(problemsOf('Module ids such as `./src/index.ts` repeat.')).toEqual([]);
  expect(problemsOf('Module ids such as\n  `./src/index.ts` repeat.')).toEqual([]);
  // Next to the file it names, it is a repository path.
  expect(problemsOf('The entry is `./src/index.ts`.', 'shell/README.md')).toEqual([]);
});
