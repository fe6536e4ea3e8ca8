import React from 'react';
import { act, screen, waitFor, within, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { logout } from '@social/shell/bus';
import { NavBar } from '../src/nav/NavBar';
import { requestsTo, setUpTestBackend } from '../../tools/jest/backend-kit';

// Signed in as test user 1 (Adarsh Balika); the search asks the fake backend (GET /api/v2/members/search).
const ctx = setUpTestBackend({ signIn: true });
const searches = () => requestsTo(ctx.server, '/api/v2/members/search');

function setUpNav() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/']}>
      <NavBar />
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/profile/:handle" element={<h1>Profile page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

describe('search overlay', () => {
  test('results come 500 ms after the last keystroke (one request); choosing one opens the profile and closes the search', async () => {
    const user = setUpNav();
    await user.click(screen.getByRole('button', { name: 'Search users' }));
    const dialog = screen.getByRole('dialog', { name: 'Search users' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'NAIR');
    // Still within the 500 ms after the last keystroke: nothing asked yet.
    expect(searches()).toBe(0);
    expect(within(dialog).queryByRole('button', { name: /Meera Nair/ })).not.toBeInTheDocument();

    const result = await within(dialog).findByRole('button', { name: 'Meera Nair' });
    expect(result).toHaveAccessibleDescription('@meeranair');
    expect(searches()).toBe(1);
    await user.click(result);

    expect(screen.getByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test("a leading '@' searches handles", async () => {
    const user = setUpNav();
    await user.click(screen.getByRole('button', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), '@saraah');
    expect(await screen.findByRole('button', { name: 'Sara Ahmed' })).toHaveAccessibleDescription('@saraahmed');
  });

  test("a query that matches nobody says 'No user to show'; closing empties the query", async () => {
    const user = setUpNav();
    await user.click(screen.getByRole('button', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zzz');
    expect(await screen.findByText('No user to show')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search users' }));
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
    expect(screen.queryByText('No user to show')).not.toBeInTheDocument();
  });

  test('ArrowDown moves from the box into the results and between them; ArrowUp goes back; Escape gives focus back to the opener', async () => {
    const user = setUpNav();
    const opener = screen.getByRole('button', { name: 'Search users' });
    await user.click(opener);
    const box = screen.getByRole('searchbox', { name: 'Search users' });
    expect(box).toHaveFocus();
    await user.type(box, 'a');
    const dialog = screen.getByRole('dialog', { name: 'Search users' });
    const list = await within(dialog).findByRole('list', { name: 'Matching users' });
    const [first, second] = within(list).getAllByRole('button');

    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  test('a longer query keeps the results shown until its own arrive; a result that stays keeps the focus', async () => {
    const user = setUpNav();
    await user.click(screen.getByRole('button', { name: 'Search users' }));
    const box = screen.getByRole('searchbox', { name: 'Search users' });
    await user.type(box, '@sara');
    const list = await screen.findByRole('list', { name: 'Matching users' });
    await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'false'));
    const sara = within(list).getByRole('button', { name: 'Sara Ahmed' });

    await user.type(box, 'ah');
    // The answer for '@sara' stays (busy) while '@saraah' waits out its 500 ms and its request.
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(within(list).getByRole('button', { name: 'Sara Ahmed' })).toBe(sara);
    await user.keyboard('{ArrowDown}');
    expect(sara).toHaveFocus();

    await waitFor(() => expect(searches()).toBe(2));
    await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByRole('list', { name: 'Matching users' })).toBe(list);
    expect(sara).toBeInTheDocument();
    expect(sara).toHaveFocus();
  });

  test('a skip link leads past the navigation to the page content', async () => {
    const user = setUpNav();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
  });

  test('the nav bar links to the feed, explore and my own profile', () => {
    setUpNav();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Feed' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
    expect(within(nav).getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile/adarshbalika');
    expect(within(nav).getByRole('link', { name: 'Orbit' })).toHaveAttribute('href', '/');
  });
});

test('signed out (on /mockman), the nav bar offers the way back to log in or sign up', () => {
  act(() => logout());
  render(
    <MemoryRouter initialEntries={['/mockman']}>
      <NavBar />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(within(nav).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  expect(within(nav).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  expect(within(nav).queryByRole('button', { name: 'Search users' })).not.toBeInTheDocument();
});
