/** The page's live connection follows the session (shell/src/data/live/connection.ts). */
import { act } from '@testing-library/react';
import { setUpTestBackend } from '../../tools/jest/backend-kit';
import { logout } from '../src/bus';
import { connectLive, newPostsOf, queryClient, type LiveSource } from '../src/data';

setUpTestBackend({ signIn: true });

test('a signed-in page opens one live source; sign-out closes it and forgets what waited', async () => {
  const sources: { closed: boolean }[] = [];
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const connection = connectLive(queryClient, () => {
    const source = { closed: false };
    sources.push(source);
    opened();
    const handle: LiveSource = { close: () => (source.closed = true) };
    return handle;
  });
  try {
    await open;
    expect(sources).toHaveLength(1);
    expect(sources[0]!.closed).toBe(false);
    act(() => logout());
    expect(sources[0]!.closed).toBe(true);
    expect(newPostsOf('home')).toEqual([]);
    expect(sources).toHaveLength(1);
  } finally {
    connection.stop();
  }
});
