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
  const { container } = render(<Avatar src="" name="Grace Hopper" decorative />);
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
  expect(container).toHaveTextContent('GH');
});
