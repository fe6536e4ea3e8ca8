/** The moderators' queue (/moderation): a report another moderator decided first, and reports about the moderator herself. */
import React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { V2_ERRORS } from '@social/mock-api/contract-v2';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { api, setAuth } from '@social/shell/bus';
import ModerationPage, { aboutYouNote } from '../src/moderation/ModerationPage';
import { setUpTestBackend, signInAs } from '../../tools/jest/backend-kit';

const ctx = setUpTestBackend({ signIn: true });

const POST_REPORT = 'Report about a post by Rohan Verma';
const MEMBER_REPORT = 'Report about Kabir Shah';

/** Adarsh (signed in by the kit) reports a post and a member; Sara, the seed's moderator, then opens the queue. */
async function openQueueWithTwoReports(): Promise<string> {
  const { reportId } = await api.v2.posts.report('p05-charts', { reason: 'spam', details: 'Link farm' });
  await api.v2.members.report('u3-kabir', { reason: 'harassment' });
  const { me, encodedToken } = await api.v2.auth.login(TEST_CREDENTIALS[3]!);
  act(() => setAuth({ token: encodedToken, user: me }));
  render(
    <MemoryRouter>
      <ModerationPage />
    </MemoryRouter>,
  );
  await screen.findByRole('listitem', { name: POST_REPORT });
  expect(screen.getByRole('listitem', { name: MEMBER_REPORT })).toBeInTheDocument();
  return reportId;
}

test.each(['Dismiss', 'Remove post'])(
  "%s on a report another moderator decided first: the server's message, and the report leaves the queue",
  async (button) => {
    const reportId = await openQueueWithTwoReports();
    // The same moderator in another tab (or a second moderator) dismisses it first.
    const elsewhere = await signInAs(4);
    await elsewhere.api.v2.moderation.dismiss(reportId);

    await userEvent.click(within(screen.getByRole('listitem', { name: POST_REPORT })).getByRole('button', { name: button }));

    await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'error', message: V2_ERRORS.reportDecided }]));
    expect(screen.queryByRole('listitem', { name: POST_REPORT })).not.toBeInTheDocument();
    // The other open report stays, its buttons usable.
    const other = screen.getByRole('listitem', { name: MEMBER_REPORT });
    expect(within(other).getByRole('button', { name: 'Dismiss' })).toBeEnabled();
  },
);

test('reports about the moderator are not in her queue, and it says in plain words that they wait for another moderator', async () => {
  // Adarsh (signed in by the kit) reports Sara, the seed's only moderator, and a member.
  await api.v2.members.report('u4-sara', { reason: 'harassment' });
  await api.v2.members.report('u3-kabir', { reason: 'spam' });
  const { me, encodedToken } = await api.v2.auth.login(TEST_CREDENTIALS[3]!);
  act(() => setAuth({ token: encodedToken, user: me }));
  render(
    <MemoryRouter>
      <ModerationPage />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('listitem', { name: MEMBER_REPORT })).toBeInTheDocument();
  expect(screen.getAllByRole('listitem')).toHaveLength(1);
  expect(
    screen.getByText(
      '1 open report about you or your posts is waiting: nobody decides reports about themself, and you are the only moderator. They stay open until there is another one.',
    ),
  ).toBeInTheDocument();
});

test('aboutYouNote: nothing without such reports; with another moderator, that one decides them', () => {
  expect(aboutYouNote({ count: 0, otherModerators: false })).toBe('');
  expect(aboutYouNote({ count: 3, otherModerators: true })).toBe(
    '3 open reports about you or your posts are not shown here: another moderator decides them, as nobody decides reports about themself.',
  );
});
