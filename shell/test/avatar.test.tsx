import React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
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
