/**
 * The apps share only part of react-router-dom (tools/shared/react-router-dom.js): a name
 * outside that surface would be undefined in the built product although it typechecks.
 */
import fs from 'fs';
import path from 'path';
import * as reactRouter from 'react-router';

const root = path.resolve(__dirname, '..', '..');
const surfaceText = fs.readFileSync(path.join(root, 'tools', 'shared', 'react-router-dom.js'), 'utf8');
const surface = new Set(
  (/export\s*\{([^}]*)\}\s*from\s*'react-router'/.exec(surfaceText)?.[1] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Value names imported from react-router-dom by the code webpack builds (tests use the real package). */
function importedNames(): Map<string, string> {
  const names = new Map<string, string>();
  const workspaces = ['shell', 'auth-mfe', 'feed-mfe', 'post-mfe', 'profile-mfe', 'mockman-mfe', 'notifications-mfe'];
  for (const workspace of workspaces) {
    for (const file of sourceFiles(path.join(root, workspace, 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'react-router-dom'/g)) {
        if (match[1]) continue;
        for (const part of (match[2] ?? '').split(',')) {
          const name = part
            .trim()
            .split(/\s+as\s+/)[0]
            ?.trim();
          if (name && !name.startsWith('type ')) names.set(name, path.relative(root, file));
        }
      }
    }
  }
  return names;
}

test('every react-router-dom name the apps import is in the shared surface', () => {
  const imported = importedNames();
  expect(imported.size).toBeGreaterThan(0);
  const missing = [...imported].filter(([name]) => !surface.has(name)).map(([name, file]) => `${name} (${file})`);
  expect(missing).toEqual([]);
});

test('every name of the surface exists in react-router', () => {
  expect(surface.size).toBeGreaterThan(0);
  const exported = reactRouter as Record<string, unknown>;
  expect([...surface].filter((name) => exported[name] === undefined)).toEqual([]);
});
