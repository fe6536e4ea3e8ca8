/** The bell in the navigation: the stored unread count from the fake backend, live, "99+" above 99. */
import React from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { createApiClient } from '@social/mock-api/client';
import { api } from '@social/shell/bus';
import { NotificationsLink, badgeText } from '../src/nav/NotificationsLink';
import { setUpTestBackend } from '../../tools/jest/backend-kit';
import { setUpLiveSource } from '../../tools/jest/live-kit';

setUpTestBackend({ signIn: true });
const { send } = setUpLiveSource();

const renderBell = () =>
  render(
    <MemoryRouter>
      <NotificationsLink />
    </MemoryRouter>,
  );

test('names the unread count the server stores, and follows it live', async () => {
  const { post } = await api.v2.posts.create({ content: 'Badge me', pic: '' });
  const { encodedToken } = await createApiClient({ getToken: () => null }).v2.auth.login(TEST_CREDENTIALS[1]!);
  await createApiClient({ getToken: () => encodedToken }).v2.posts.like(post._id);
  renderBell();
  const bell = await screen.findByRole('link', { name: 'Notifications, 1 unread' });
  expect(bell).toHaveAttribute('href', '/notifications');
  expect(bell).toHaveTextContent('1');
  const memberId = (await api.v2.me.get()).me._id;
  await send({ kind: 'notification.read', data: { memberId, unreadCount: 0 } });
  expect(await screen.findByRole('link', { name: 'Notifications' })).not.toHaveTextContent(/\d/);
  // Another member's count is not this member's.
  await send({ kind: 'notification.read', data: { memberId: 'someone-else', unreadCount: 7 } });
  expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
});

test('shows 99+ above 99', () => {
  expect([badgeText(1), badgeText(99), badgeText(100), badgeText(12345)]).toEqual(['1', '99', '99+', '99+']);
});
