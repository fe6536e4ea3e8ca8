import { screen, waitFor, within } from '@testing-library/react';
import { CLIENT_MESSAGES, STORAGE_KEYS, type User } from '@social/mock-api/contract';
import { Response } from 'miragejs';
import { INPUT_MESSAGES } from '@social/mock-api/server';
import { IMAGE_TYPE_MESSAGE } from '@social/shell/ui';
import type { MemberV2 } from '@social/mock-api/contract-v2';
import { api } from '@social/shell/bus';
import { queryClient, queryKeys } from '@social/shell/data';
import { LINK_MESSAGE, normaliseLink } from '../src/edit/EditProfileModal';
import { renderProfile, setupBackend, signIn } from './helpers';

const ctx = setupBackend();

const PNG = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'me.png', { type: 'image/png' });
const storedUser = (): User => (JSON.parse(window.localStorage.getItem(STORAGE_KEYS.loginItems)!) as { user: User }).user;

async function openEditor() {
  await signIn(1);
  const view = renderProfile('adarshbalika');
  await view.user.click(await screen.findByRole('button', { name: 'Edit profile' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
  return { ...view, dialog };
}

test('the dialog starts with the current bio and link', async () => {
  const { dialog } = await openEditor();
  expect(within(dialog).getByRole('textbox', { name: 'Bio' })).toHaveValue('Frontend engineer. Coffee, cycling and clean CSS ☕🚴');
  expect(within(dialog).getByRole('textbox', { name: 'Link' })).toHaveValue('https://adarsh.example.com');
  expect(within(dialog).getByLabelText('Change avatar')).toHaveAttribute('type', 'file');
});

test('Update saves avatar, bio and link: header, users list and stored user follow; the dialog closes with a toast', async () => {
  const { user, dialog } = await openEditor();
  await user.upload(within(dialog).getByLabelText('Change avatar'), PNG);
  // The chosen picture is previewed before saving.
  await waitFor(() =>
    expect(within(dialog).getByRole('img', { name: 'Adarsh Balika' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    ),
  );
  const bio = within(dialog).getByRole('textbox', { name: 'Bio' });
  await user.clear(bio);
  await user.type(bio, 'Now writing about micro-frontends');
  const link = within(dialog).getByRole('textbox', { name: 'Link' });
  await user.clear(link);
  await user.type(link, 'https://adarsh.example.com/blog');
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(ctx.toasts).toContainEqual({ toastType: 'success', message: 'Profile updated' });
  expect(screen.getByText('Now writing about micro-frontends')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'adarsh.example.com/blog' })).toHaveAttribute('href', 'https://adarsh.example.com/blog');
  expect(screen.getByRole('img', { name: 'Adarsh Balika' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/));
  // The stored user (nav avatar) and the member's entry in the cache (every list) are refreshed.
  expect(storedUser()).toMatchObject({
    bio: 'Now writing about micro-frontends',
    link: 'https://adarsh.example.com/blog',
    pic: expect.stringMatching(/^data:image\/png/),
  });
  expect(queryClient.getQueryData<MemberV2>(queryKeys.member('u1-adarsh'))?.bio).toBe('Now writing about micro-frontends');
  // And the server kept it.
  expect((await api.users.byHandler('adarshbalika')).user.bio).toBe('Now writing about micro-frontends');
});

test('a new avatar shows at once on my post cards on the page, as in the header', async () => {
  const { user, dialog } = await openEditor();
  const panel = screen.getByRole('tabpanel');
  const cardPictures = () =>
    within(panel)
      .getAllByRole('article')
      .map((card) =>
        within(within(card).getByRole('link', { name: 'Adarsh Balika' }))
          .getByRole('presentation')
          .getAttribute('src'),
      );
  await waitFor(() => expect(cardPictures()).toHaveLength(2));
  await user.upload(within(dialog).getByLabelText('Change avatar'), PNG);
  await waitFor(() =>
    expect(within(dialog).getByRole('img', { name: 'Adarsh Balika' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/)),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const header = screen.getByRole('img', { name: 'Adarsh Balika' }).getAttribute('src');
  expect(header).toMatch(/^data:image\/png/);
  await waitFor(() => expect(cardPictures()).toEqual([header, header]));
});

test('a wrong image type gets the clear message and the current picture stays', async () => {
  const { user, dialog } = await openEditor();
  const before = within(dialog).getByRole('img', { name: 'Adarsh Balika' }).getAttribute('src');
  await user.upload(within(dialog).getByLabelText('Change avatar'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(IMAGE_TYPE_MESSAGE);
  expect(within(dialog).getByRole('img', { name: 'Adarsh Balika' })).toHaveAttribute('src', before!);
});

test('a link that is not http(s) gets a clear message and nothing is saved', async () => {
  const { user, dialog } = await openEditor();
  const link = within(dialog).getByRole('textbox', { name: 'Link' });
  await user.clear(link);
  await user.type(link, 'javascript:alert(1)');
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent(LINK_MESSAGE);
  expect(screen.getByRole('dialog', { name: 'Edit profile' })).toBeInTheDocument();
  expect((await api.users.byHandler('adarshbalika')).user.link).toBe('https://adarsh.example.com');
  expect(ctx.toasts).toEqual([]);
});

test('a bare domain is saved as an https link', async () => {
  expect(normaliseLink('me.example.com')).toBe('https://me.example.com');
  expect(normaliseLink('  ')).toBe('');
  expect(normaliseLink('http://x.example.org/a')).toBe('http://x.example.org/a');
  expect(normaliseLink('ftp://files.example.com')).toBeNull();
  expect(normaliseLink('https://a.example.com/with space')).toBeNull();
});

test('a failed update shows the error toast and keeps the dialog with the input', async () => {
  const { user, dialog } = await openEditor();
  const bio = within(dialog).getByRole('textbox', { name: 'Bio' });
  await user.clear(bio);
  await user.type(bio, 'Typed but never saved');
  // The backend goes away before the member presses Update.
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  ctx.server.shutdown();
  ctx.stopped = true;
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));
  await waitFor(() => expect(ctx.toasts).toContainEqual({ toastType: 'error', message: CLIENT_MESSAGES.userUpdateFailed }));
  consoleError.mockRestore();
  expect(screen.getByRole('dialog', { name: 'Edit profile' })).toBeInTheDocument();
  expect(within(dialog).getByRole('textbox', { name: 'Bio' })).toHaveValue('Typed but never saved');
  expect(within(dialog).getByRole('button', { name: 'Update' })).toBeEnabled();
  expect(storedUser().bio).toBe('Frontend engineer. Coffee, cycling and clean CSS ☕🚴');
});

test("an avatar too large for the server (413) toasts the server's message with its limit and keeps every field", async () => {
  const { user, dialog } = await openEditor();
  await user.upload(within(dialog).getByLabelText('Change avatar'), PNG);
  await waitFor(() =>
    expect(within(dialog).getByRole('img', { name: 'Adarsh Balika' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/)),
  );
  const bio = within(dialog).getByRole('textbox', { name: 'Bio' });
  await user.clear(bio);
  await user.type(bio, 'Typed with a big picture');
  // What api-server answers for a body or picture past its limit.
  ctx.server.post('/v2/me', () => new Response(413, {}, { errors: [INPUT_MESSAGES.bodyTooLarge] }));
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));

  await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'error', message: INPUT_MESSAGES.bodyTooLarge }]));
  expect(INPUT_MESSAGES.bodyTooLarge).toMatch(/limit is 6 MB/);
  expect(screen.getByRole('dialog', { name: 'Edit profile' })).toBeInTheDocument();
  expect(bio).toHaveValue('Typed with a big picture');
  expect(within(dialog).getByRole('img', { name: 'Adarsh Balika' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/));
  expect(within(dialog).getByRole('button', { name: 'Update' })).toBeEnabled();
});

test('Escape closes the dialog without saving', async () => {
  const { user, dialog } = await openEditor();
  await user.type(within(dialog).getByRole('textbox', { name: 'Bio' }), ' extra');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByText('Frontend engineer. Coffee, cycling and clean CSS ☕🚴')).toBeInTheDocument();
});

test('Update changes first and last name: the header and the server follow; an empty name is refused first', async () => {
  const { user, dialog } = await openEditor();
  const first = within(dialog).getByRole('textbox', { name: 'First name' });
  const last = within(dialog).getByRole('textbox', { name: 'Last name' });
  expect(first).toHaveValue('Adarsh');
  expect(last).toHaveValue('Balika');
  await user.clear(last);
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent(CLIENT_MESSAGES.emptyName);
  expect(last).toHaveFocus();
  expect(last).toHaveAccessibleDescription(CLIENT_MESSAGES.emptyName);
  expect(screen.getByRole('dialog', { name: 'Edit profile' })).toBeInTheDocument();

  await user.clear(first);
  await user.type(first, '  Ada ');
  await user.type(last, 'Lovelace');
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
  expect(storedUser()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  expect((await api.users.byHandler('adarshbalika')).user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
});
