/** Other tabs' changes reach this page's query cache without a reload; logging out empties it. */
import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { createApiClient } from '@social/mock-api/client';
import { BACKEND_CHANGE_EVENT, TEST_CREDENTIALS } from '@social/mock-api/contract';
import { requestsTo, setUpTestBackend } from '../../tools/jest/backend-kit';
import { logout } from '../src/bus';
import { queryClient, queryKeys, useFeed, useMember } from '../src/data';

const ctx = setUpTestBackend({ signIn: true });

/** Changes made as another member would from another tab (the same backend, another token). */
async function otherTab() {
  const login = await createApiClient({ getToken: () => null }).v2.auth.login(TEST_CREDENTIALS[1]!);
  return createApiClient({ getToken: () => login.encodedToken });
}

/** What a page shows: Meera's bio and followers count, and the newest post of the explore feed. */
function Shown() {
  const { member } = useMember('meeranair');
  const feed = useFeed('explore', 'latest');
  return (
    <>
      <p>{member ? `${member.bio} · ${member.followerCount} followers` : 'loading member'}</p>
      <p>{feed.items[0]?.content ?? 'loading feed'}</p>
    </>
  );
}

test('a change event refetches what the page shows, except the post lists: their new posts wait for "Show N new posts"', async () => {
  render(<Shown />);
  expect(await screen.findByText('Product designer who sketches on trains ✏️ · 4 followers')).toBeInTheDocument();
  const newest = await screen.findByText((text) => text !== 'loading feed' && text.length > 0 && !text.includes('followers'));
  const newestText = newest.textContent;
  const feedReads = requestsTo(ctx.server, '/api/v2/feed/explore');
  const other = await otherTab();
  await other.v2.posts.create({ content: 'Posted in another tab', pic: '' });
  await other.v2.me.edit({ bio: 'Bio edited in another tab' });

  act(() => {
    window.dispatchEvent(new Event(BACKEND_CHANGE_EVENT));
  });
  expect(await screen.findByText('Bio edited in another tab · 4 followers')).toBeInTheDocument();
  // The feed was not read again: the post the member was reading stays on top (docs/live.md).
  expect(requestsTo(ctx.server, '/api/v2/feed/explore')).toBe(feedReads);
  expect(screen.getByText(newestText!)).toBeInTheDocument();
  expect(screen.queryByText('Posted in another tab')).not.toBeInTheDocument();
});

test('signed out, a change event loads nothing; logging out leaves nothing in the cache', async () => {
  await queryClient.fetchQuery({ queryKey: queryKeys.me, queryFn: () => ({ private: true }) });
  expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);
  act(() => logout());
  expect(queryClient.getQueryCache().getAll()).toEqual([]);
  act(() => {
    window.dispatchEvent(new Event(BACKEND_CHANGE_EVENT));
  });
  await act(async () => undefined);
  expect(requestsTo(ctx.server, '/api/v2/feed/explore')).toBe(0);
  expect(queryClient.getQueryCache().getAll()).toEqual([]);
});

test('a change event during a first read reads again: the answer read before the change does not stay', async () => {
  // The first read answers what was there before the other tab's change, after the change event.
  let answerFirst: (value: string) => void = () => undefined;
  const reads: string[] = [];
  const queryFn = () => {
    reads.push('read');
    if (reads.length === 1) return new Promise<string>((resolve) => (answerFirst = resolve));
    return Promise.resolve('after the change');
  };
  function Read() {
    const { data } = useQuery({ queryKey: ['comments', 'p-race'], queryFn }, queryClient);
    return <p>{data ?? 'reading'}</p>;
  }
  render(<Read />);
  expect(await screen.findByText('reading')).toBeInTheDocument();
  expect(reads).toHaveLength(1);
  act(() => {
    window.dispatchEvent(new Event(BACKEND_CHANGE_EVENT));
  });
  await act(async () => answerFirst('before the change'));
  expect(await screen.findByText('after the change')).toBeInTheDocument();
});
