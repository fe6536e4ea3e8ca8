import { act, screen, waitFor } from '@testing-library/react';
import { api, auth$, refreshUsers, users$ } from '@social/shell/bus';
import { renderProfile, setupBackend, signIn } from './helpers';

const ctx = setupBackend();

const listed = (handle: string) => users$.value.allUsers.find((u) => u.userHandler === handle);

test('Follow adds me to their followers and them to my following, in the page, users$ and the stored user', async () => {
  await signIn(1);
  await act(async () => void (await refreshUsers()));
  const { user } = renderProfile('saraahmed');
  // Sara is followed by Meera and Aiko; Adarsh does not follow her.
  const follow = await screen.findByRole('button', { name: 'Follow' });
  expect(screen.getByRole('button', { name: '2 Followers' })).toBeInTheDocument();

  await user.click(follow);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Unfollow' })).not.toHaveAttribute('aria-busy'));
  expect(screen.getByRole('button', { name: '3 Followers' })).toBeInTheDocument();
  expect(listed('saraahmed')?.followers.map((f) => f._id)).toContain('u1-adarsh');
  expect(listed('adarshbalika')?.following.map((f) => f._id)).toContain('u4-sara');
  expect(auth$.value?.user.following.map((f) => f._id)).toContain('u4-sara');
  // The server holds it too.
  expect((await api.users.byHandler('saraahmed')).user.followers.map((f) => f._id)).toContain('u1-adarsh');

  await user.click(screen.getByRole('button', { name: 'Unfollow' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Follow' })).not.toHaveAttribute('aria-busy'));
  expect(screen.getByRole('button', { name: '2 Followers' })).toBeInTheDocument();
  expect(listed('saraahmed')?.followers.map((f) => f._id)).not.toContain('u1-adarsh');
  expect(auth$.value?.user.following.map((f) => f._id)).not.toContain('u4-sara');
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
  await waitFor(() => expect(listed('saraahmed')?.followers.map((f) => f._id)).toContain('u1-adarsh'));
  expect(screen.getByRole('button', { name: '3 Followers' })).toBeInTheDocument();
});
