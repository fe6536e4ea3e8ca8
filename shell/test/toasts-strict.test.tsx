/**
 * The first toast after a page load shows on the dev servers too (issue 42). Development builds
 * run React's StrictMode checks, which mount the toast container's subscription, drop it and
 * make it again; a toast handed to the first one was lost with it ("Link Copied" showed only
 * from the second Share on). Production builds skip that check, so it showed there.
 */
import React, { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { toast } from '../src/bus';
import { ToastHost } from '../src/toasts/ToastHost';

test('under StrictMode, the first toasts (raised while the library loads) show, in order', async () => {
  render(
    <StrictMode>
      <ToastHost />
    </StrictMode>,
  );
  act(() => {
    toast('success', 'Link Copied');
    toast('error', 'Something went wrong');
  });
  await screen.findByText('Something went wrong');
  expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Something went wrong', 'Link Copied']);
  // Later toasts too.
  act(() => toast('info', 'Profile updated'));
  expect(await screen.findByText('Profile updated')).toBeInTheDocument();
});
