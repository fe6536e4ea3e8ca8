import React from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { logout, setAuth, setUsers } from '../src/bus';
import { NavBar } from '../src/nav/NavBar';
import { searchUsers } from '../src/nav/searchUsers';
import { ada, alan, grace } from './fixtures';

const users = [ada, grace, alan];

test('matches first name, last name or handle, case-insensitively; an empty query matches nobody', () => {
  expect(searchUsers(users, 'GRA').map((u) => u._id)).toEqual(['u2']);
  expect(searchUsers(users, 'turing').map((u) => u._id)).toEqual(['u3']);
  expect(searchUsers(users, 'amazing').map((u) => u._id)).toEqual(['u2']);
  expect(searchUsers(users, 'a').length).toBe(3);
  expect(searchUsers(users, '   ')).toEqual([]);
});

test("a leading '@' is accepted before a handle, as the placeholder suggests", () => {
  expect(searchUsers(users, '@enigma').map((u) => u._id)).toEqual(['u3']);
  expect(searchUsers(users, ' @Amazing_').map((u) => u._id)).toEqual(['u2']);
  expect(searchUsers(users, '@')).toEqual([]);
});

describe('search overlay', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    act(() => {
      setAuth({ token: 't', user: ada });
      setUsers(users);
    });
  });
  afterEach(() => {
    jest.useRealTimers();
    act(() => logout());
  });

  function setUpNav() {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
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

  test('results appear 500 ms after the last keystroke; choosing one opens the profile and closes the search', async () => {
    const user = setUpNav();
    await user.click(screen.getByRole('button', { name: 'Search users' }));
    const dialog = screen.getByRole('dialog', { name: 'Search users' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'hop');

    act(() => jest.advanceTimersByTime(450));
    expect(within(dialog).queryByRole('button', { name: /Grace Hopper/ })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(60));
    const result = within(dialog).getByRole('button', { name: 'Grace Hopper' });
    expect(result).toHaveAccessibleDescription('@amazing_grace');
    await user.click(result);

    expect(screen.getByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test("a query that matches nobody says 'No user to show'; closing empties the query", async () => {
    const user = setUpNav();
    await user.click(screen.getByRole('button', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zzz');
    act(() => jest.advanceTimersByTime(500));
    expect(screen.getByText('No user to show')).toBeInTheDocument();

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
    act(() => jest.advanceTimersByTime(500));
    const dialog = screen.getByRole('dialog', { name: 'Search users' });
    const [first, second] = within(dialog).getAllByRole('button', { name: /Lovelace|Hopper|Turing/ });

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
    expect(within(nav).getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile/ada');
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
