/**
 * The suggestions' Follow follows the member's LAST click, with a slow backend (each answer
 * takes 150 ms; the clicks are synchronous, so they all land during the first request).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api } from '@social/shell/bus';
import { findCards, renderFeed, shownPostIds } from './helpers';
import { installIntersectionObserver } from './intersection-observer-double';
import { requestsTo, setUpTestBackend } from '../../tools/jest/backend-kit';

const ctx = setUpTestBackend({ signIn: true, serverOptions: { timing: 150 }, before: installIntersectionObserver });

const strip = () => screen.getByRole('region', { name: 'Suggested users' });
const entry = (name: string) =>
  within(strip())
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(name) !== null)!;
const iFollow = async (id: string) => !!(await api.v2.members.byId(id)).member.viewerFollows;

test('Follow then Unfollow before the answer: Rohan stays suggested and not followed', async () => {
  renderFeed('home');
  await findCards();
  fireEvent.click(within(entry('Rohan Verma')).getByRole('button', { name: 'Follow' }));
  fireEvent.click(within(entry('Rohan Verma')).getByRole('button', { name: 'Unfollow' }));
  expect(within(entry('Rohan Verma')).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  await waitFor(() => expect(requestsTo(ctx.server, '/api/v2/members/unfollow/u5-rohan')).toBe(1));
  await waitFor(() => expect(within(entry('Rohan Verma')).getByRole('button', { name: 'Follow' })).not.toHaveAttribute('aria-busy'));
  expect(await iFollow('u5-rohan')).toBe(false);
  expect(requestsTo(ctx.server, '/api/v2/members/follow/u5-rohan')).toBe(1);
});

test('Follow, Unfollow, Follow: one request, then Rohan leaves the strip', async () => {
  renderFeed('home');
  await findCards();
  const button = () => within(entry('Rohan Verma')).getByRole('button', { name: /^(Follow|Unfollow)$/ });
  fireEvent.click(button());
  fireEvent.click(button());
  fireEvent.click(button());
  expect(button()).toHaveTextContent('Unfollow');
  await waitFor(() => expect(within(strip()).queryByText('Rohan Verma')).not.toBeInTheDocument());
  // The follow reads Home again: Rohan's post arrives (and the page settles before the server is asked).
  await waitFor(() => expect(shownPostIds()).toContain('p05-charts'));
  expect(await iFollow('u5-rohan')).toBe(true);
  expect(requestsTo(ctx.server, '/api/v2/members/follow/u5-rohan')).toBe(1);
  expect(requestsTo(ctx.server, '/api/v2/members/unfollow/u5-rohan')).toBe(0);
});
