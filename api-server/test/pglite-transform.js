/**
 * Jest transform for PGlite's CommonJS build: it loads Node built-ins with `import("fs")` etc.,
 * which Jest's module sandbox refuses without --experimental-vm-modules. Those become calls
 * to the module's own require (captured first: PGlite later declares a local `require`).
 */
const { createHash } = require('crypto');

module.exports = {
  process(source) {
    const code = source.replace(/\bimport\(("(?:node:)?[a-z_/]+")\)/g, 'Promise.resolve(__jestRequire($1))');
    return { code: `const __jestRequire = require;\n${code}` };
  },
  getCacheKey(source) {
    return createHash('sha256').update('pglite-transform-1').update(source).digest('hex');
  },
};
