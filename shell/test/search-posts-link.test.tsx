/** The search overlay's link to post search (shared/UI-NAMES.md, "Search"). */
import React from 'react';
import { screen, within, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { NavBar } from '../src/nav/NavBar';
import { setUpTestBackend } from '../../tools/jest/backend-kit';

setUpTestBackend({ signIn: true });

function SearchRoute() {
  const { search } = useLocation();
  return <h1>Post search {search}</h1>;
}

function setUpNav() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/']}>
      <NavBar />
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/search" element={<SearchRoute />} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

test('while the query is not empty, a link searches posts for it and closes the overlay', async () => {
  const user = setUpNav();
  await user.click(screen.getByRole('button', { name: 'Search users' }));
  const dialog = screen.getByRole('dialog', { name: 'Search users' });
  const box = within(dialog).getByRole('searchbox', { name: 'Search users' });
  await user.type(box, 'café & tea');
  // Under the members found, or under "No user to show".
  const link = await within(dialog).findByRole('link', { name: 'Search posts for “café & tea”' });
  expect(link).toHaveAttribute('href', '/search?q=caf%C3%A9%20%26%20tea');
  await user.click(link);
  expect(screen.getByRole('heading', { name: 'Post search ?q=caf%C3%A9%20%26%20tea' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('an empty query offers no link', async () => {
  const user = setUpNav();
  await user.click(screen.getByRole('button', { name: 'Search users' }));
  const dialog = screen.getByRole('dialog', { name: 'Search users' });
  await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), '   ');
  expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
});
