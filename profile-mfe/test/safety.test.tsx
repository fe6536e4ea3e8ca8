import { act, screen, waitFor, within } from '@testing-library/react';
import { api } from '@social/shell/bus';
import { applyLiveEvent, queryClient } from '@social/shell/data';
import { REPORT_SENT } from '@social/shell/ui';
import { BLOCKED_VIEWER_MESSAGE } from '../src/tabs/ProfileTabs';
import { cachedMember, renderProfile, setupBackend, signIn } from './helpers';

const ctx = setupBackend();

test('Block asks first, ends the follows, says so on the profile and offers Unblock; Unblock undoes it', async () => {
  await signIn(1);
  const { user } = renderProfile('meeranair');
  // Adarsh and Meera follow each other in the seed.
  await screen.findByRole('button', { name: 'Unfollow' });
  await user.click(screen.getByRole('button', { name: 'Profile options' }));
  expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mute', 'Block', 'Report']);
  await user.click(screen.getByRole('menuitem', { name: 'Block' }));
  const dialog = screen.getByRole('dialog', { name: 'Block Meera Nair?' });
  await user.click(within(dialog).getByRole('button', { name: 'Block' }));

  expect(await screen.findByText('You have blocked this member')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Unfollow' })).not.toBeInTheDocument();
  expect(cachedMember('meeranair')).toMatchObject({ viewerFollows: false, followsViewer: false });
  expect((await api.v2.members.relationship('u2-meera')).relationship.blocking).toBe(true);

  await user.click(screen.getByRole('button', { name: 'Unblock' }));
  await screen.findByRole('button', { name: 'Follow' });
  expect(screen.queryByText('You have blocked this member')).not.toBeInTheDocument();
  expect((await api.v2.members.relationship('u2-meera')).relationship.blocking).toBe(false);
});

test('Mute asks how long; the menu then offers Unmute', async () => {
  await signIn(1);
  const { user } = renderProfile('kabirshah');
  await user.click(await screen.findByRole('button', { name: 'Profile options' }));
  await user.click(screen.getByRole('menuitem', { name: 'Mute' }));
  const dialog = screen.getByRole('dialog', { name: 'Mute Kabir Shah?' });
  await user.click(within(dialog).getByRole('radio', { name: '7 days' }));
  await user.click(within(dialog).getByRole('button', { name: 'Mute' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const { relationship } = await api.v2.members.relationship('u3-kabir');
  expect(relationship.muting).toBe(true);
  expect(Date.parse(relationship.mutedUntil ?? '') - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
  await user.click(screen.getByRole('button', { name: 'Profile options' }));
  await user.click(screen.getByRole('menuitem', { name: 'Unmute' }));
  await waitFor(async () => expect((await api.v2.members.relationship('u3-kabir')).relationship.muting).toBe(false));
});

test('Report sends the member to the moderators with a reason and details', async () => {
  await signIn(1);
  const { user } = renderProfile('rohanverma');
  await user.click(await screen.findByRole('button', { name: 'Profile options' }));
  await user.click(screen.getByRole('menuitem', { name: 'Report' }));
  const dialog = screen.getByRole('dialog', { name: 'Report' });
  await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Details' }), 'Pretends to be someone else');
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  await waitFor(() => expect(ctx.toasts).toContainEqual({ toastType: 'success', message: REPORT_SENT }));
  await signIn(4);
  const { reports } = await api.v2.moderation.reports();
  expect(reports).toEqual([expect.objectContaining({ reason: 'other', details: 'Pretends to be someone else', post: null })]);
});

test('my own profile has no Profile options', async () => {
  await signIn(1);
  renderProfile('adarshbalika');
  await screen.findByRole('button', { name: 'Edit profile' });
  expect(screen.queryByRole('button', { name: 'Profile options' })).not.toBeInTheDocument();
});

test("a mute made on another page shows in this page's Profile options at once", async () => {
  const me = await signIn(1);
  const { user } = renderProfile('kabirshah');
  await user.click(await screen.findByRole('button', { name: 'Profile options' }));
  expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mute', 'Block', 'Report']);
  await user.keyboard('{Escape}');
  // What the member's other page sends over the live channel after muting Kabir there.
  act(() => {
    void applyLiveEvent(
      {
        id: '',
        kind: 'viewer.relationship',
        data: { memberId: me._id, otherId: 'u3-kabir', relationship: { blocking: false, muting: true, mutedUntil: null } },
      },
      {
        client: queryClient,
        myId: me._id,
        inHomeFeed: () => null,
        askHomeFeed: async () => false,
        followChanged: () => undefined,
        notify: () => undefined,
      },
    );
  });
  await user.click(screen.getByRole('button', { name: 'Profile options' }));
  expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Unmute', 'Block', 'Report']);
});

test('the profile of a member who blocked me counts no posts, offers no Follow and says I cannot see their posts', async () => {
  // Meera blocks Adarsh; Adarsh then opens her profile.
  await signIn(2);
  await api.v2.members.block('u1-adarsh');
  await signIn(1);
  const { user } = renderProfile('meeranair');
  const panel = await screen.findByRole('tabpanel');
  expect(await within(panel).findByText(BLOCKED_VIEWER_MESSAGE)).toBeInTheDocument();
  expect(screen.getByText('0 Posts')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Unfollow' })).not.toBeInTheDocument();
  expect(within(panel).queryByText(/haven't post anything yet/)).not.toBeInTheDocument();
  // ACTIVITIES says the same; the member can still block, mute or report her.
  await user.click(screen.getByRole('tab', { name: 'ACTIVITIES' }));
  expect(within(screen.getByRole('tabpanel')).getByText(BLOCKED_VIEWER_MESSAGE)).toBeInTheDocument();
  expect(screen.queryByText(/has no activity yet/)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Profile options' })).toBeInTheDocument();
});
