/**
 * Shared module versions (shell/src/federation/VersionCheck.tsx with the ranges of sharedModules() in
 * tools/webpack.factory.js): two real federation runtime instances share a scope as the shell
 * and a remote do on a page; a remote built against another major of the bus is reported.
 */
import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { createInstance } from '@module-federation/enhanced/runtime';
import { VersionNotice, resetVersionMismatches, versionMismatches, versionCheckPlugin } from '../src/federation/VersionCheck';

const { sharedModules } = jest.requireActual<{
  sharedModules: () => Record<string, { requiredVersion: string | false; version?: string }>;
}>('../../tools/webpack.factory');

let warn: jest.SpyInstance;
beforeEach(() => {
  resetVersionMismatches();
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

/** A shell providing the bus at `provided`, and a remote built against `required`; the remote asks for the bus. */
async function remoteLoadsBus(provided: string, required: string, name: string) {
  const bus = { name: 'the shell bus' };
  const shell = createInstance({
    name: `shell-${name}`,
    remotes: [],
    shareStrategy: 'loaded-first',
    shared: {
      '@social/shell/bus': { version: provided, lib: () => bus, shareConfig: { singleton: true, requiredVersion: `^${provided}` } },
    },
    plugins: [versionCheckPlugin()],
  });
  const remote = createInstance({
    name: `feed-${name}`,
    remotes: [],
    shareStrategy: 'loaded-first',
    shared: {
      '@social/shell/bus': {
        version: required.replace('^', ''),
        get: async () => () => ({ name: 'the remote copy' }),
        shareConfig: { singleton: true, requiredVersion: required },
      },
    },
    plugins: [versionCheckPlugin()],
  });
  // What a remote's entry does when the shell initialises it: one share scope for the page.
  remote.initShareScopeMap('default', shell.shareScopeMap.default!);
  const factory = await remote.loadShare<typeof bus>('@social/shell/bus');
  return factory ? factory() : null;
}

test('every shell module is shared as a singleton with a real range built from the shell version', () => {
  const shared = sharedModules();
  const version = jest.requireActual<{ version: string }>('../package.json').version;
  for (const name of ['@social/shell/bus', '@social/shell/federation', '@social/shell/ui', '@social/shell/routes']) {
    expect(shared[name]).toEqual({ singleton: true, version, requiredVersion: `^${version}` });
  }
});

test('a remote built against a compatible shell uses its bus and nothing is reported', async () => {
  const bus = await remoteLoadsBus('1.4.0', '^1.2.0', 'ok');
  expect(bus).toEqual({ name: 'the shell bus' });
  expect(versionMismatches()).toEqual([]);
  render(<VersionNotice />);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a remote built against another major is reported in the console and in a visible notice', async () => {
  render(<VersionNotice />);
  await act(async () => {
    await remoteLoadsBus('2.0.0', '^1.0.0', 'old');
  });
  expect(versionMismatches()).toEqual([
    { module: '@social/shell/bus', app: 'feed-old', required: '^1.0.0', provided: '2.0.0', providedBy: 'shell-old' },
  ]);
  const message = 'feed-old was built against @social/shell/bus ^1.0.0, but this page provides 2.0.0 (from shell-old).';
  expect(warn).toHaveBeenCalledWith(expect.stringContaining(message));
  expect(screen.getByRole('alert', { name: 'Shared module versions' })).toHaveTextContent(message);
});
