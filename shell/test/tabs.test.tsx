/** Other tabs' changes reach this page's shared lists without a reload. */
import { act, waitFor } from '@testing-library/react';
import { createApiClient } from '@social/mock-api/client';
import { BACKEND_CHANGE_EVENT, TEST_CREDENTIALS } from '@social/mock-api/contract';
import { setUpTestBackend } from '../../tools/jest/backend-kit';
import { auth$, logout, posts$, users$ } from '../src/bus';

setUpTestBackend({ signIn: true, loadPosts: true });

/** Changes made as another member would from another tab (the same backend, another token). */
async function otherTab() {
  const login = await createApiClient({ getToken: () => null }).auth.login(TEST_CREDENTIALS[1]!);
  return createApiClient({ getToken: () => login.encodedToken });
}

test('a change event reloads posts, members and the signed-in member', async () => {
  const other = await otherTab();
  await other.posts.create({ content: 'Posted in another tab', pic: '', userId: 'u2-meera' });
  await other.users.edit({ bio: 'Bio edited in another tab' });
  await other.users.unfollow('u1-adarsh'); // Meera follows Adarsh in the seed
  expect(posts$.value.allPosts.some((p) => p.content === 'Posted in another tab')).toBe(false);

  act(() => {
    window.dispatchEvent(new Event(BACKEND_CHANGE_EVENT));
  });
  await waitFor(() => expect(posts$.value.allPosts.some((p) => p.content === 'Posted in another tab')).toBe(true));
  await waitFor(() => expect(auth$.value!.user.followers.map((u) => u._id)).not.toContain('u2-meera'));
  expect(users$.value.allUsers.find((u) => u._id === 'u2-meera')!.bio).toBe('Bio edited in another tab');
});

test('signed out, a change event loads nothing', async () => {
  act(() => logout());
  const before = posts$.value;
  act(() => {
    window.dispatchEvent(new Event(BACKEND_CHANGE_EVENT));
  });
  expect(posts$.value).toBe(before);
});
