/**
 * The federation contract (shell/src/federation/contract.ts) names exactly what the remotes'
 * webpack configs expose: a module exposed but not in the contract (or the reverse) fails here.
 * Props are checked by `npm run typecheck` (each remote's src/exposes.ts, shell/test/contract.typecheck.tsx).
 */
import path from 'path';
import { REMOTE_MODULE_IDS } from '@social/shell/federation';

const apps = jest.requireActual<Record<string, { name: string }>>('../../tools/apps');

/** The `exposes` a remote's webpack.config.js gives the federation plugin. */
function exposesOf(folder: string): string[] {
  type Configure = (
    env: object,
    argv: object,
  ) => {
    plugins: { constructor: { name: string }; _options?: { exposes?: Record<string, string> } }[];
  };
  const configure = jest.requireActual<Configure>(path.resolve(__dirname, '../..', folder, 'webpack.config.js'));
  const plugin = configure({}, { mode: 'development' }).plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin');
  return Object.keys(plugin?._options?.exposes ?? {});
}

test('every exposed module is in the contract and every contract module is exposed', () => {
  const exposed: string[] = [];
  for (const [folder, app] of Object.entries(apps)) {
    if (folder === 'shell') continue;
    for (const key of exposesOf(folder)) exposed.push(`${app.name}/${key.replace(/^\.\//, '')}`);
  }
  expect(exposed.sort()).toEqual([...REMOTE_MODULE_IDS].sort());
});
