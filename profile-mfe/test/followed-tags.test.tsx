/** Settings' "Followed tags": the tags the member follows, most recent first, each with Unfollow (real fake backend). */
import React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { api } from '@social/shell/bus';
import { ROUTES, pathTo } from '@social/shell/routes';
import SettingsPage from '../src/settings/SettingsPage';
import { setupBackend, signIn } from './helpers';

setupBackend();

function openSettings() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[pathTo('settings')]}>
      <Routes>
        <Route path={ROUTES.settings} element={<SettingsPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

test('lists each followed tag as a link to its page; Unfollow takes it off, here and on the server', async () => {
  await signIn(1);
  for (const tag of ['Moss', 'ferns']) await api.v2.tags.follow(tag);
  const user = openSettings();
  const section = await screen.findByRole('region', { name: 'Followed tags' });
  const list = await within(section).findByRole('list', { name: 'Followed tags' });
  expect(
    within(list)
      .getAllByRole('link')
      .map((link) => link.textContent)
      .sort(),
  ).toEqual(['#ferns', '#moss']);
  expect(within(list).getByRole('link', { name: '#moss' })).toHaveAttribute('href', '/tag/moss');
  await user.click(within(list).getByRole('button', { name: 'Unfollow #moss' }));
  await waitFor(() => expect(within(section).queryByRole('link', { name: '#moss' })).not.toBeInTheDocument());
  expect((await api.v2.tags.followed()).tags.map((t) => t.name)).toEqual(['ferns']);
});

test('no followed tag says how to follow one', async () => {
  await signIn(2);
  openSettings();
  const section = await screen.findByRole('region', { name: 'Followed tags' });
  expect(await within(section).findByText(/You follow no tags/)).toBeInTheDocument();
});
