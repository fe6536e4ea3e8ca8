/**
 * Follow / Unfollow ends in the state of the member's LAST click, with a slow backend (each
 * answer takes 150 ms; the clicks are synchronous, so they all land during the first request).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api } from '@social/shell/bus';
import { cachedMember, renderProfile, requestsTo, signIn } from './helpers';
import { setUpTestBackend } from '../../tools/jest/backend-kit';

const ctx = setUpTestBackend({ serverOptions: { timing: 150 } });

/** Whether the cache holds "I follow Sara" (the followers list of the page follows it). */
const followersOfSara = () => (cachedMember('saraahmed')?.viewerFollows ? ['u1-adarsh'] : []);
const followButton = () => screen.getByRole('button', { name: /^(Follow|Unfollow)$/ });
const settled = () => waitFor(() => expect(followButton()).not.toHaveAttribute('aria-busy'));

test('Follow then Unfollow before the answer ends not following, count back where it was', async () => {
  await signIn(1);
  renderProfile('saraahmed');
  await screen.findByRole('button', { name: 'Follow' });
  await screen.findByRole('button', { name: '2 Followers' });
  fireEvent.click(followButton());
  expect(followButton()).toHaveTextContent('Unfollow');
  expect(screen.getByRole('button', { name: '3 Followers' })).toBeInTheDocument();
  fireEvent.click(followButton());
  expect(followButton()).toHaveTextContent('Follow');
  expect(screen.getByRole('button', { name: '2 Followers' })).toBeInTheDocument();

  await waitFor(() => expect(requestsTo(ctx.server, '/api/v2/members/unfollow/u4-sara')).toBe(1));
  await settled();
  expect(followButton()).toHaveTextContent('Follow');
  expect(screen.getByRole('button', { name: '2 Followers' })).toBeInTheDocument();
  expect((await api.users.byHandler('saraahmed')).user.followers.map((f) => f._id)).not.toContain('u1-adarsh');
  expect(requestsTo(ctx.server, '/api/v2/members/follow/u4-sara')).toBe(1);
  expect(ctx.toasts).toEqual([]);
});

test('Follow, Unfollow, Follow ends following with one request', async () => {
  await signIn(1);
  renderProfile('saraahmed');
  await screen.findByRole('button', { name: 'Follow' });
  fireEvent.click(followButton());
  fireEvent.click(followButton());
  fireEvent.click(followButton());
  expect(followButton()).toHaveTextContent('Unfollow');
  await waitFor(() => expect(followersOfSara()).toContain('u1-adarsh'));
  await settled();
  expect(followButton()).toHaveTextContent('Unfollow');
  expect(screen.getByRole('button', { name: '3 Followers' })).toBeInTheDocument();
  expect(requestsTo(ctx.server, '/api/v2/members/follow/u4-sara')).toBe(1);
  expect(requestsTo(ctx.server, '/api/v2/members/unfollow/u4-sara')).toBe(0);
});

test('a failure rolls back with the message', async () => {
  await signIn(1);
  renderProfile('saraahmed');
  await screen.findByRole('button', { name: 'Follow' });
  const spy = jest.spyOn(api.v2.members, 'follow').mockRejectedValueOnce(new Error('The server could not be reached.'));
  fireEvent.click(followButton());
  expect(followButton()).toHaveTextContent('Unfollow');
  await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'error', message: 'The server could not be reached.' }]));
  await settled();
  expect(followButton()).toHaveTextContent('Follow');
  expect(screen.getByRole('button', { name: '2 Followers' })).toBeInTheDocument();
  spy.mockRestore();
});
