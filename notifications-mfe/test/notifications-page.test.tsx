/** /notifications: the member's notifications from the real fake backend, marked read on opening, live. */
import React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { PAGE_LIMITS, type NotificationV2 } from '@social/mock-api/contract-v2';
import { createApiClient, type ApiClient } from '@social/mock-api/client';
import { api } from '@social/shell/bus';
import { ROUTES, pathTo } from '@social/shell/routes';
import { setUpTestBackend } from '../../tools/jest/backend-kit';
import { setUpLiveSource } from '../../tools/jest/live-kit';
import NotificationsPage from '../src/page/NotificationsPage';

setUpTestBackend({ signIn: true });
const { send } = setUpLiveSource();

/** Test member n (2 to 4), signed in on a client of their own. */
async function member(n: 2 | 3 | 4): Promise<ApiClient> {
  const { encodedToken } = await createApiClient({ getToken: () => null }).v2.auth.login(TEST_CREDENTIALS[n - 1]!);
  return createApiClient({ getToken: () => encodedToken });
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={[pathTo('notifications')]}>
      <Routes>
        <Route path={ROUTES.notifications} element={<NotificationsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const items = () => within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');

test('groups likes under the newest member, links to the post, quotes it, and opening marks all read', async () => {
  const { post } = await api.v2.posts.create({ content: 'Sunset run along the river', pic: '' });
  const [meera, kabir] = [await member(2), await member(3)];
  await meera.v2.posts.like(post._id);
  await kabir.v2.posts.like(post._id);
  await meera.v2.comments.add(post._id, 'Lovely <b>view</b>');
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
  await waitFor(() => expect(items()).toHaveLength(2));
  const [comment, likes] = items();
  expect(within(likes!).getByRole('link', { name: 'Kabir Shah and 1 other liked your post' })).toHaveAttribute(
    'href',
    pathTo('post', { postId: post._id }),
  );
  expect(likes).toHaveTextContent('Sunset run along the river');
  expect(within(comment!).getByRole('link', { name: 'Meera Nair commented on your post' })).toBeInTheDocument();
  // The comment's text is shown as text, never as markup (markup would read "Lovely view").
  expect(comment).toHaveTextContent('Lovely <b>view</b>');
  expect(within(comment!).getByText('New')).toBeInTheDocument();
  await waitFor(async () => expect((await api.v2.notifications.unreadCount()).count).toBe(0));
});

test('says when there is nothing yet', async () => {
  renderPage();
  expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
});

test('more come page by page', async () => {
  const meera = await member(2);
  for (let i = 0; i < PAGE_LIMITS.default + 2; i += 1) {
    const { post } = await api.v2.posts.create({ content: `Post ${i}`, pic: '' });
    await meera.v2.posts.like(post._id);
  }
  renderPage();
  await waitFor(() => expect(items()).toHaveLength(PAGE_LIMITS.default));
  // jsdom has no IntersectionObserver: the page offers a button instead of the scroll.
  await userEvent.click(screen.getByRole('button', { name: 'Show more notifications' }));
  await waitFor(() => expect(items()).toHaveLength(PAGE_LIMITS.default + 2));
  expect(items()[PAGE_LIMITS.default + 1]).toHaveTextContent('Post 0');
});

test('a notification heard live goes to the top; a follow links to the member', async () => {
  renderPage();
  await screen.findByText('No notifications yet');
  const me = (await api.v2.me.get()).me;
  const sara = (await (await member(4)).v2.me.get()).me;
  const notification: NotificationV2 = {
    _id: '9001',
    kind: 'follow',
    actor: { _id: sara._id, firstName: sara.firstName, lastName: sara.lastName, userHandler: sara.userHandler, pic: '' },
    actorCount: 1,
    postId: null,
    commentId: null,
    excerpt: '',
    updatedAt: new Date().toISOString(),
    read: false,
  };
  await send({ kind: 'notification.changed', data: { memberId: me._id, notification, unreadCount: 1 } });
  const link = await screen.findByRole('link', { name: 'Sara Ahmed followed you' });
  expect(link).toHaveAttribute('href', pathTo('profile', { userHandler: sara.userHandler }));
  // Another member's event is not this page's.
  await send({
    kind: 'notification.changed',
    data: { memberId: sara._id, notification: { ...notification, _id: '9002' }, unreadCount: 1 },
  });
  await send({ kind: 'notification.removed', data: { memberId: me._id, notificationId: '9001', unreadCount: 0 } });
  await screen.findByText('No notifications yet');
});

test("a member's new name and picture, changed elsewhere, show at once on their notification", async () => {
  const { post } = await api.v2.posts.create({ content: 'Who likes this?', pic: '' });
  const meera = await member(2);
  await meera.v2.posts.like(post._id);
  renderPage();
  await screen.findByRole('link', { name: 'Meera Nair liked your post' });
  const { me } = await meera.v2.me.edit({ firstName: 'Mira', pic: 'data:image/png;base64,iVBORw0KGgo=' });
  const { username: _username, bookmarkCount: _bookmarks, ...changed } = me;

  await send({ kind: 'member.changed', data: { member: changed } });
  const [item] = await waitFor(() => {
    expect(screen.getByRole('link', { name: 'Mira Nair liked your post' })).toBeInTheDocument();
    return items();
  });
  expect(within(item!).getByRole('presentation')).toHaveAttribute('src', me.pic);
});
