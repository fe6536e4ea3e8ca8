import { act, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@social/mock-api/contract';
import { makeServer } from '@social/mock-api/server';
import type { MemberV2 } from '@social/mock-api/contract-v2';
import { api, auth$ } from '@social/shell/bus';
import { putMember, queryClient, queryKeys } from '@social/shell/data';
import { renderProfile, setupBackend, signIn } from './helpers';

const ctx = setupBackend();

test('shows the member: avatar, full name heading, handle, bio, safe link and counts', async () => {
  await signIn(1);
  renderProfile('meeranair');

  expect(await screen.findByRole('heading', { level: 1, name: 'Meera Nair' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Meera Nair' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg/));
  expect(screen.getByText('@meeranair')).toBeInTheDocument();
  expect(screen.getByText('Product designer who sketches on trains ✏️')).toBeInTheDocument();
  const link = screen.getByRole('link', { name: 'meera.example.org/portfolio' });
  expect(link).toHaveAttribute('href', 'https://meera.example.org/portfolio');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', expect.stringMatching(/\bnoopener\b/));
  // Meera wrote one seed post; Adarsh, Sara, Kabir, Lena follow her; she follows three.
  expect(await screen.findByText('1 Post')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '4 Followers' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '3 Following' })).toBeInTheDocument();
});

test('a link that is not http(s) is shown as plain text, never as a live link', async () => {
  await signIn(1);
  renderProfile('meeranair');
  await screen.findByRole('heading', { level: 1, name: 'Meera Nair' });
  // The server refuses such links, so an old record is the only way in: put one in the cache.
  const meeraId = queryClient.getQueryData<string>(queryKeys.memberHandle('meeranair'))!;
  const meera = queryClient.getQueryData<MemberV2>(queryKeys.member(meeraId))!;
  await act(async () => putMember({ ...meera, link: 'javascript:alert(1)' }));
  expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /alert/ })).not.toBeInTheDocument();
  // eslint-disable-next-line testing-library/no-node-access -- security check: no such element may exist, whatever its role
  expect(document.querySelector('a[href^="javascript"]')).toBeNull();
});

test('the followers dialog lists members as links; choosing one opens their profile and closes the dialog', async () => {
  await signIn(1);
  const { user } = renderProfile('adarshbalika');
  await user.click(await screen.findByRole('button', { name: '3 Followers' }));
  const dialog = screen.getByRole('dialog', { name: 'Followers' });
  const names = (await within(dialog).findAllByRole('link')).map((a) => a.textContent);
  expect(names).toEqual(
    expect.arrayContaining([
      expect.stringContaining('Meera Nair'),
      expect.stringContaining('Sara Ahmed'),
      expect.stringContaining('Aiko Tanaka'),
    ]),
  );
  expect(names).toHaveLength(3);

  await user.click(within(dialog).getByRole('link', { name: 'Sara Ahmed' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Sara Ahmed' })).toBeInTheDocument();
  expect(screen.getByLabelText('location')).toHaveTextContent('/profile/saraahmed');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('the following dialog lists who the member follows and closes with Escape', async () => {
  await signIn(1);
  const { user } = renderProfile('adarshbalika');
  await user.click(await screen.findByRole('button', { name: '2 Following' }));
  const dialog = screen.getByRole('dialog', { name: 'Following' });
  expect(await within(dialog).findByRole('link', { name: 'Meera Nair' })).toHaveAttribute('href', '/profile/meeranair');
  expect(within(dialog).getByRole('link', { name: 'Kabir Shah' })).toHaveAttribute('href', '/profile/kabirshah');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('empty follow lists say so', async () => {
  await api.auth.signup({ username: 'nova@example.dev', password: 'nova12345', firstName: 'Nova', lastName: 'Lee' });
  await signIn(1);
  const { user } = renderProfile('nova');
  await user.click(await screen.findByRole('button', { name: '0 Followers' }));
  expect(await within(screen.getByRole('dialog', { name: 'Followers' })).findByText('No followers yet')).toBeInTheDocument();
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
  await user.click(screen.getByRole('button', { name: '0 Following' }));
  expect(await within(screen.getByRole('dialog', { name: 'Following' })).findByText('Not following anyone yet')).toBeInTheDocument();
});

test('the posts count reads 1 Post; the count buttons keep the names UI-NAMES.md fixes ("1 Followers")', async () => {
  await api.auth.signup({ username: 'nova@example.dev', password: 'nova12345', firstName: 'Nova', lastName: 'Lee' });
  await signIn(1);
  const { user } = renderProfile('nova');
  expect(await screen.findByText('0 Posts')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Follow' }));
  const followers = await screen.findByRole('button', { name: '1 Followers' });
  expect(followers).toHaveTextContent(/^1 Followers$/);
  expect(screen.getByRole('button', { name: '0 Following' })).toBeInTheDocument();
});

test('own profile offers Edit profile and Logout; Logout signs the member out', async () => {
  await signIn(1);
  const { user } = renderProfile('adarshbalika');
  expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Unfollow' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Logout' }));
  expect(auth$.value).toBeNull();
  expect(window.localStorage.getItem(STORAGE_KEYS.loginItems)).toBeNull();
});

test("another member's profile offers Follow or Unfollow, not Edit profile or Logout", async () => {
  await signIn(1);
  renderProfile('meeranair');
  expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
});

test('an unknown handle shows a "no such member" page with a way home', async () => {
  await signIn(1);
  const { user } = renderProfile('nobody-at-all');
  expect(await screen.findByRole('heading', { level: 1, name: "This member doesn't exist" })).toBeInTheDocument();
  expect(screen.getByText('@nobody-at-all')).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Go to the home feed' }));
  expect(screen.getByRole('heading', { name: 'Home feed' })).toBeInTheDocument();
});

test('a profile that cannot be loaded says why, raises an error toast, and can be retried', async () => {
  await signIn(1);
  // With the fake backend down, jsdom reports the refused connection on the console: expected here.
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  ctx.server.shutdown();
  ctx.stopped = true;
  const { user } = renderProfile('meeranair');
  // Reads are tried twice (TanStack Query's retry 1, a second later) before the page says so.
  expect(await screen.findByRole('heading', { level: 1, name: 'This profile could not be loaded' })).toBeInTheDocument();
  expect(screen.getByText(/could not be reached/)).toBeInTheDocument();
  await waitFor(() => expect(ctx.toasts).toContainEqual({ toastType: 'error', message: expect.stringContaining('could not be reached') }));
  consoleError.mockRestore();

  // Back online: Try again loads the member.
  ctx.server = makeServer({ environment: 'test' });
  ctx.stopped = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Meera Nair' })).toBeInTheDocument();
});
