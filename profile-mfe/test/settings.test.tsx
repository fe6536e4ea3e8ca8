/** /settings with the real fake backend: change password, download my data, delete account; and the profile's Settings link. */
import React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CLIENT_MESSAGES, SERVER_ERRORS, STORAGE_KEYS, TEST_CREDENTIALS } from '@social/mock-api/contract';
import type { AccountExportV2 } from '@social/mock-api/contract-v2';
import { createApiClient } from '@social/mock-api/client';
import { auth$ } from '@social/shell/bus';
import { ROUTES, pathTo } from '@social/shell/routes';
import SettingsPage, { ACCOUNT_DELETED, DATA_DOWNLOADED, PASSWORD_CHANGED } from '../src/settings/SettingsPage';
import { renderProfile, setupBackend, signIn } from './helpers';

const ctx = setupBackend();
const USER_1 = TEST_CREDENTIALS[0]!;
const anonymous = () => createApiClient({ getToken: () => null });
const withToken = (token: string) => createApiClient({ getToken: () => token });

/** A Blob's text (jsdom's Blob has no text()). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

function renderSettings() {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[pathTo('settings')]}>
      <Routes>
        <Route path={ROUTES.settings} element={<SettingsPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, ...view };
}

test('the own profile links to Settings; another member’s does not', async () => {
  await signIn(1);
  const { unmount } = renderProfile('adarshbalika');
  expect(await screen.findByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  unmount();
  renderProfile('meeranair');
  await screen.findByRole('button', { name: /^(Follow|Unfollow)$/ });
  expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
});

test('Change password: the spec’s rule beside the box, then the new password works and this tab stays signed in', async () => {
  await signIn(1);
  const oldToken = auth$.value!.token;
  const { user } = renderSettings();
  await user.type(screen.getByLabelText('Current password'), USER_1.password);
  await user.type(screen.getByLabelText('New password'), 'short1');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(CLIENT_MESSAGES.passwordRule);

  await user.clear(screen.getByLabelText('New password'));
  await user.type(screen.getByLabelText('New password'), 'brand-new-7');
  expect(screen.queryByText(CLIENT_MESSAGES.passwordRule)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Change password' }));

  await waitFor(() => expect(ctx.toasts).toContainEqual({ toastType: 'success', message: PASSWORD_CHANGED }));
  expect(screen.getByLabelText('Current password')).toHaveValue('');
  // This tab has the new session (stored too); the old token, like every other session, is refused.
  const newToken = auth$.value!.token;
  expect(newToken).not.toBe(oldToken);
  expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.loginItems)!).token).toBe(newToken);
  expect((await withToken(newToken).v2.me.get()).me.userHandler).toBe('adarshbalika');
  await expect(withToken(oldToken).v2.me.get()).rejects.toMatchObject({ status: 401 });
  await expect(anonymous().v2.auth.login({ username: USER_1.username, password: 'brand-new-7' })).resolves.toBeDefined();
});

test('Change password: a wrong current password is said beside its box and nothing changes', async () => {
  await signIn(1);
  const { user } = renderSettings();
  await user.type(screen.getByLabelText('Current password'), 'not-my-pass1');
  await user.type(screen.getByLabelText('New password'), 'brand-new-7');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(SERVER_ERRORS.wrongCurrentPassword));
  expect(screen.getByLabelText('New password')).toHaveValue('brand-new-7');
  expect(auth$.value).not.toBeNull();
  await expect(anonymous().v2.auth.login(USER_1)).resolves.toBeDefined();
});

test('Download my data saves a JSON file of the member’s data, without the password', async () => {
  await signIn(1);
  const saved: Blob[] = [];
  const names: string[] = [];
  const createObjectURL = jest.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:orbit-export';
  });
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  try {
    const { user } = renderSettings();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(ctx.toasts).toContainEqual({ toastType: 'success', message: DATA_DOWNLOADED }));
    expect(names).toEqual([expect.stringMatching(/^orbit-data-adarshbalika-\d{4}-\d{2}-\d{2}\.json$/)]);
    expect(saved[0]!.type).toBe('application/json');
    const text = await readText(saved[0]!);
    const data = JSON.parse(text) as AccountExportV2;
    expect(data.profile).toMatchObject({ userHandler: 'adarshbalika', username: USER_1.username });
    expect(data.posts.length).toBeGreaterThan(0);
    expect(data).toMatchObject({ blocks: [], mutes: [] });
    expect(text).not.toContain(USER_1.password);
  } finally {
    click.mockRestore();
    Object.assign(URL, original);
  }
});

test('Delete account asks for the password in a dialog; a wrong one deletes nothing', async () => {
  await signIn(1);
  const { user } = renderSettings();
  await user.click(screen.getByRole('button', { name: 'Delete account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
  expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(CLIENT_MESSAGES.emptyField('Password'));
  await user.type(within(dialog).getByLabelText('Password'), 'not-my-pass1');
  await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
  await waitFor(() => expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(SERVER_ERRORS.wrongDeletePassword));
  expect(auth$.value).not.toBeNull();
  await expect(anonymous().v2.members.byHandle('adarshbalika')).resolves.toBeDefined();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('Delete account with the password deletes the member and ends the session here', async () => {
  await signIn(1);
  const token = auth$.value!.token;
  const { user } = renderSettings();
  await user.click(screen.getByRole('button', { name: 'Delete account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  await user.type(within(dialog).getByLabelText('Password'), USER_1.password);
  await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

  await waitFor(() => expect(auth$.value).toBeNull());
  expect(window.localStorage.getItem(STORAGE_KEYS.loginItems)).toBeNull();
  expect(ctx.toasts).toContainEqual({ toastType: 'success', message: ACCOUNT_DELETED });
  await expect(withToken(token).v2.me.get()).rejects.toMatchObject({ status: 404 });
  await expect(anonymous().v2.auth.login(USER_1)).rejects.toMatchObject({ status: 404, errors: [SERVER_ERRORS.userNotFound] });
});

test('Blocked and muted lists whom I blocked and mute, each with its way back', async () => {
  await signIn(1);
  const { api } = await import('@social/shell/bus');
  await api.v2.members.block('u2-meera');
  await api.v2.members.mute('u3-kabir', 0);
  const { user } = renderSettings();
  const section = await screen.findByRole('region', { name: 'Blocked and muted' });
  const unblock = await within(section).findByRole('button', { name: 'Unblock Meera Nair' });
  expect(within(section).getByText(/until you unmute/)).toBeInTheDocument();
  await user.click(unblock);
  await within(section).findByText('You have not blocked anyone.');
  expect((await api.v2.members.relationship('u2-meera')).relationship.blocking).toBe(false);
  await user.click(within(section).getByRole('button', { name: 'Unmute Kabir Shah' }));
  await within(section).findByText('You have not muted anyone.');
  await waitFor(() => expect(ctx.toasts).toContainEqual({ toastType: 'success', message: 'Kabir Shah is no longer muted' }));
});
