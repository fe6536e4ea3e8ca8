import { screen, waitFor } from '@testing-library/react';
import { api, auth$ } from '@social/shell/bus';
import { cachedMember, renderProfile, setupBackend, signIn } from './helpers';

const ctx = setupBackend();

test('Follow adds me to their followers and them to my following, in the page, the cache and the stored user', async () => {
  await signIn(1);
  const { user } = renderProfile('saraahmed');
  // Sara is followed by Meera and Aiko; Adarsh does not follow her.
  const follow = await screen.findByRole('button', { name: 'Follow' });
  expect(screen.getByRole('button', { name: '2 Followers' })).toBeInTheDocument();

  await user.click(follow);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Unfollow' })).not.toHaveAttribute('aria-busy'));
  expect(screen.getByRole('button', { name: '3 Followers' })).toBeInTheDocument();
  expect(cachedMember('saraahmed')).toMatchObject({ viewerFollows: true, followerCount: 3 });
  // Adarsh followed Meera and Kabir; now Sara too (the answer's "me" is the stored user).
  expect(auth$.value?.user.followingCount).toBe(3);
  // The server holds it too.
  expect((await api.users.byHandler('saraahmed')).user.followers.map((f) => f._id)).toContain('u1-adarsh');

  await user.click(screen.getByRole('button', { name: 'Unfollow' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Follow' })).not.toHaveAttribute('aria-busy'));
  expect(screen.getByRole('button', { name: '2 Followers' })).toBeInTheDocument();
  expect(cachedMember('saraahmed')).toMatchObject({ viewerFollows: false, followerCount: 2 });
  expect(auth$.value?.user.followingCount).toBe(2);
});

test('the button and the count move at once; the button says a call is under way', async () => {
  await signIn(1);
  const { user } = renderProfile('saraahmed');
  await user.click(await screen.findByRole('button', { name: 'Follow' }));
  // Optimistic: before the answer, the button shows the new state, marked busy but still clickable.
  expect(screen.getByRole('button', { name: 'Unfollow' })).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByRole('button', { name: '3 Followers' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Unfollow' })).not.toHaveAttribute('aria-busy'));
  expect(screen.getByRole('button', { name: '3 Followers' })).toBeInTheDocument();
});

test('a refused follow shows the server message and settles to what the server holds', async () => {
  await signIn(1);
  const { user } = renderProfile('saraahmed');
  await screen.findByRole('button', { name: 'Follow' });
  // Meanwhile (another tab), Adarsh follows Sara: this page's copy is now stale.
  await api.users.follow('u4-sara');

  await user.click(screen.getByRole('button', { name: 'Follow' }));
  await waitFor(() => expect(ctx.toasts).toContainEqual({ toastType: 'error', message: 'User Already following' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Unfollow' })).not.toHaveAttribute('aria-busy'));
  await waitFor(() => expect(cachedMember('saraahmed')?.viewerFollows).toBe(true));
  expect(screen.getByRole('button', { name: '3 Followers' })).toBeInTheDocument();
});
