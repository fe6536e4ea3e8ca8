/** The moderators' queue (/moderation) when another moderator decided a report first. */
import React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { V2_ERRORS } from '@social/mock-api/contract-v2';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { api, setAuth } from '@social/shell/bus';
import ModerationPage from '../src/moderation/ModerationPage';
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
