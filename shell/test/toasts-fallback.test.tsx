/** Toasts when react-toastify cannot be loaded (its chunk fails): every message is still announced. */
import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { LIMITS } from '@social/mock-api/contract';
import { toast } from '../src/bus';
import { ToastHost } from '../src/toasts/ToastHost';

jest.mock('../src/toasts/ToastLibrary', () => {
  throw new Error('Loading chunk toasts failed.');
});

afterEach(() => jest.useRealTimers());

test('toasts raised before and after the failed load are announced in a live region, each gone 1500 ms after it appears', async () => {
  jest.useFakeTimers();
  render(<ToastHost />);

  await act(async () => {
    toast('success', 'Post created successfully');
    toast('error', 'Something went wrong');
  });

  const region = screen.getByRole('status', { name: 'Notifications' });
  expect(region).toHaveTextContent('Post created successfully');
  expect(region).toHaveTextContent('Something went wrong');
  // Newest on top.
  expect(region).toHaveTextContent(/^Something went wrongPost created successfully$/);

  act(() => jest.advanceTimersByTime(LIMITS.toastAutoCloseMs / 2));
  act(() => toast('info', 'Profile updated'));
  expect(region).toHaveTextContent('Profile updated');

  act(() => jest.advanceTimersByTime(LIMITS.toastAutoCloseMs / 2));
  expect(region).not.toHaveTextContent('Post created successfully');
  expect(region).not.toHaveTextContent('Something went wrong');
  expect(region).toHaveTextContent('Profile updated');

  act(() => jest.advanceTimersByTime(LIMITS.toastAutoCloseMs / 2));
  expect(region).toBeEmptyDOMElement();
});
