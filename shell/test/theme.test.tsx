import React from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTheme, theme$ } from '../src/bus';
import { ThemeSwitch, useApplyTheme } from '../src/theme/ThemeSwitch';

function Themed() {
  useApplyTheme();
  return <ThemeSwitch />;
}

afterEach(() => act(() => setTheme('dark')));

test('starts dark; switching stores the theme and applies it to the page', async () => {
  expect(theme$.value).toBe('dark');
  render(<Themed />);
  expect(document.documentElement.dataset.theme).toBe('dark');

  await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));

  expect(window.localStorage.getItem('theme')).toBe('light');
  expect(document.documentElement.dataset.theme).toBe('light');
  expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
});

test('the stored theme is read at start', () => {
  window.localStorage.setItem('theme', 'light');
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh bus module reads storage at load
    const fresh = require('../src/bus') as typeof import('../src/bus');
    expect(fresh.theme$.value).toBe('light');
  });
});
