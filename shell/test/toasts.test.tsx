/** Toasts: react-toastify loads on the first toast, and toasts raised while it loads are not lost. */
import React from 'react';
import { act, render, screen, within } from '@testing-library/react';
import { setTheme, toast } from '../src/bus';
import { ToastHost } from '../src/toasts/ToastHost';

const libraryLoads = jest.fn();
jest.mock('../src/toasts/ToastLibrary', () => {
  libraryLoads();
  return jest.requireActual('../src/toasts/ToastLibrary');
});

afterEach(() => act(() => setTheme('dark')));

test('the toast library is loaded by the first toast, and toasts raised before it arrived show in order', async () => {
  render(<ToastHost />);
  expect(libraryLoads).not.toHaveBeenCalled();

  // Both raised at once, before the library's module has been loaded.
  act(() => {
    toast('success', 'Post created successfully');
    toast('error', 'Something went wrong');
  });

  await screen.findByText('Something went wrong');
  expect(libraryLoads).toHaveBeenCalledTimes(1);
  // Newest on top, as every toast shows.
  const shown = screen.getAllByRole('alert').map((alert) => alert.textContent);
  expect(shown).toEqual(['Something went wrong', 'Post created successfully']);

  // Once loaded, a later toast shows too, in the page's theme.
  act(() => setTheme('light'));
  act(() => toast('info', 'Profile updated'));
  await screen.findByText('Profile updated');
  const later = screen.getAllByRole('alert').find((alert) => alert.textContent === 'Profile updated');
  expect(later).toHaveClass('Toastify__toast-theme--light');
  expect(libraryLoads).toHaveBeenCalledTimes(1);
});

test('a host mounted after the library was loaded shows a toast at once', async () => {
  render(<ToastHost />);
  act(() => toast('success', 'Bookmark added successfully'));
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText('Bookmark added successfully')).toBeInTheDocument();
});
