import React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { setBackendReady, setBackendStart, whenBackendReady } from '@social/shell/bus';
import { Avatar } from '../src/ui';

test('shows initials when the picture fails, and tries a new picture again', () => {
  const { rerender } = render(<Avatar src="broken.png" name="Ada Lovelace" />);
  fireEvent.error(screen.getByRole('img', { name: 'Ada Lovelace' }));
  expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');

  rerender(<Avatar src="fresh.png" name="Ada Lovelace" />);
  expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', 'fresh.png');
});

test('with no picture it shows the initials, and a decorative avatar is hidden from assistive tech', () => {
  render(<Avatar src="" name="Grace Hopper" />);
  expect(screen.getByRole('img', { name: 'Grace Hopper' })).toHaveTextContent('GH');
});

test("a decorative avatar's initials are drawn, not text: a control around it keeps its own name", () => {
  render(
    <a href="/profile/gracehopper" aria-label="My profile">
      <Avatar src="" name="Grace Hopper" decorative />
    </a>,
  );
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
  // No text inside the link other than its name's (axe: label-content-name-mismatch).
  const link = screen.getByRole('link', { name: 'My profile' });
  expect(link).toHaveTextContent('');
  expect(link).toContainHTML('data-initials="GH"');
});

describe('a picture the in-browser backend serves', () => {
  let finishStart: () => void = () => undefined;
  let starts = 0;
  beforeEach(() => {
    starts = 0;
    setBackendStart(() => {
      starts += 1;
      return new Promise<void>((resolve) => {
        finishStart = resolve;
      });
    });
  });
  afterEach(async () => {
    const ready = Promise.resolve();
    await act(async () => {
      setBackendReady(ready);
      await ready;
    });
  });

  test('is asked for only once the backend runs: initials until then, never the static server', async () => {
    render(<Avatar src="/api/images/abc" name="Ada Lovelace" />);
    // Before the backend runs the static server would be asked for this address.
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).not.toHaveAttribute('src');
    // A picture does not start the backend: the page's first API call does.
    expect(starts).toBe(0);

    const started = whenBackendReady();
    expect(starts).toBe(1);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).not.toHaveAttribute('src');
    await act(async () => {
      finishStart();
      await started;
    });
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', '/api/images/abc');
  });

  test('once the backend runs, a new avatar shows its picture from the first render', async () => {
    const ready = whenBackendReady();
    finishStart();
    await ready;
    render(<Avatar src="/api/images/abc" name="Ada Lovelace" />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', '/api/images/abc');
  });

  test("another origin's picture (api-server's) is not held back", () => {
    render(<Avatar src="https://api.example/api/images/abc" name="Ada Lovelace" />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', 'https://api.example/api/images/abc');
    expect(starts).toBe(0);
  });
});
