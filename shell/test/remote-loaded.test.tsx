/**
 * A remote part whose module is already loaded renders in the first render, without a spinner
 * (a spinner for a frame, then the part, moves everything below it), and a page can wait for
 * its parts' modules to settle (useRemoteModulesSettled) before laying itself out.
 */
import React from 'react';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { loadRemoteModule, RemoteComponent, useRemoteModulesSettled, type FeedPageProps } from '@social/shell/federation';

function Greeting({ mode }: FeedPageProps) {
  return <h1>Hello {mode}</h1>;
}

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: async (id: string) => {
    if (id.startsWith('profile/')) throw new Error('Failed to fetch the profile remote');
    return { default: Greeting };
  },
  registerRemotes: () => undefined,
  registerPlugins: () => undefined,
}));

test('a part whose module has loaded renders at once, with no Loading spinner', async () => {
  await loadRemoteModule('feed/FeedPage');
  render(<RemoteComponent id="feed/FeedPage" props={{ mode: 'home' }} />);
  expect(screen.getByRole('heading', { name: 'Hello home' })).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
});

test('useRemoteModulesSettled is true once every module has loaded or failed', async () => {
  const { result } = renderHook(() => useRemoteModulesSettled(['post/PostCard', 'mockman/MockmanPage']));
  expect(result.current).toBe(false);
  await waitFor(() => expect(result.current).toBe(true));
  // Loaded already: true from the first render.
  expect(renderHook(() => useRemoteModulesSettled(['post/PostCard'])).result.current).toBe(true);
  // A part that cannot load settles too (it shows its own Retry).
  const { result: withFailure } = renderHook(() => useRemoteModulesSettled(['profile/ProfilePage', 'post/PostCard']));
  expect(withFailure.current).toBe(false);
  await waitFor(() => expect(withFailure.current).toBe(true));
});
