/**
 * A resolver for eslint-plugin-import (used by import/no-cycle in eslint.config.mjs). Our
 * workspaces import each other by package name through package.json "exports" pointing at
 * TypeScript sources ('@social/shell/bus' → shell/src/bus/index.ts), which the stock node
 * resolver does not read. Relative imports are tried with the extensions webpack resolves.
 * Anything else is a library from node_modules, outside what the cycle rule looks at.
 */
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..', '..');
const EXTENSIONS = ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'];

/** package name → { dir, exports } for every workspace of the root package.json. */
const packages = new Map();
for (const dir of require(path.join(root, 'package.json')).workspaces) {
  const file = path.join(root, dir, 'package.json');
  if (!fs.existsSync(file)) continue;
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
  packages.set(pkg.name, { dir: path.join(root, dir), exports: pkg.exports ?? {} });
}

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function resolveFile(base) {
  if (isFile(base)) return base;
  for (const ext of EXTENSIONS) if (isFile(base + ext)) return base + ext;
  for (const ext of EXTENSIONS) if (isFile(path.join(base, `index${ext}`))) return path.join(base, `index${ext}`);
  return null;
}

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file) {
  if (source.startsWith('.') || path.isAbsolute(source)) {
    const found = resolveFile(path.resolve(path.dirname(file), source));
    return found ? { found: true, path: found } : { found: false };
  }
  const match = /^(@[^/]+\/[^/]+)(\/.*)?$/.exec(source);
  const pkg = match && packages.get(match[1]);
  if (pkg) {
    const target = pkg.exports[`.${match[2] ?? ''}`];
    return typeof target === 'string' ? { found: true, path: path.join(pkg.dir, target) } : { found: false };
  }
  // A library: found, but not ours to follow (path null is how a resolver says "not a file to lint").
  return { found: true, path: null };
};
