/**
 * Popovers of the UI kit are never clipped by their card: they render in a portal at the end
 * of the page's <main> or their dialog (else <body>), outside the card's subtree, and stay
 * usable with the mouse and the keyboard.
 */
import React, { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmojiPicker, Menu, Modal } from '../src/ui';

/** A list whose items contain paint (as the feed's do), each a short card with a menu. */
function ShortCards({ onDelete }: { onDelete: (n: number) => void }) {
  return (
    <ul style={{ contentVisibility: 'auto' }}>
      {[1, 2].map((n) => (
        <li key={n} style={{ contentVisibility: 'auto', overflow: 'hidden', height: 40 }}>
          <article aria-label={`Card ${n}`}>
            One line.
            <Menu
              label="Post options"
              items={[
                { label: 'Edit post', onSelect: () => undefined },
                { label: 'Delete post', danger: true, onSelect: () => onDelete(n) },
              ]}
            />
          </article>
        </li>
      ))}
    </ul>
  );
}

test('a menu in a short card of a contained list renders outside the card, and its items work', async () => {
  const user = userEvent.setup();
  const onDelete = jest.fn();
  render(<ShortCards onDelete={onDelete} />);
  const card = screen.getByRole('article', { name: 'Card 1' });
  const button = within(card).getByRole('button', { name: 'Post options' });

  await user.click(button);
  const menu = screen.getByRole('menu', { name: 'Post options' });
  expect(card.contains(menu)).toBe(false);
  // eslint-disable-next-line testing-library/no-node-access -- where the menu sits in the DOM is what this test is about
  expect(card.closest('li')!.contains(menu)).toBe(false);
  // eslint-disable-next-line testing-library/no-node-access -- see above
  expect(menu.parentElement).toBe(document.body); // No <main> around these cards.
  expect(button).toHaveAttribute('aria-expanded', 'true');
  expect(within(menu).getByRole('menuitem', { name: 'Edit post' })).toHaveFocus();

  await user.click(within(menu).getByRole('menuitem', { name: 'Delete post' }));
  expect(onDelete).toHaveBeenCalledWith(1);
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(button).toHaveFocus();
});

test("a menu in the page's <main> opens at the end of <main>: in a landmark, still outside its card", async () => {
  const user = userEvent.setup();
  render(
    <main>
      <ShortCards onDelete={() => undefined} />
    </main>,
  );
  const card = screen.getByRole('article', { name: 'Card 2' });
  await user.click(within(card).getByRole('button', { name: 'Post options' }));
  const menu = screen.getByRole('menu', { name: 'Post options' });
  expect(card.closest('li')!.contains(menu)).toBe(false); // eslint-disable-line testing-library/no-node-access -- where the menu sits is the point
  expect(menu.parentElement).toBe(screen.getByRole('main')); // eslint-disable-line testing-library/no-node-access -- see above
});

test('menu keyboard: arrows move, Escape closes and focus goes back, Tab leaves it closed; a click elsewhere closes it', async () => {
  const user = userEvent.setup();
  render(<ShortCards onDelete={() => undefined} />);
  const button = within(screen.getByRole('article', { name: 'Card 2' })).getByRole('button', { name: 'Post options' });

  await user.click(button);
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitem', { name: 'Delete post' })).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitem', { name: 'Edit post' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(button).toHaveFocus();

  await user.click(button);
  await user.tab();
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();

  await user.click(button);
  // Inside the menu (in the portal) does not count as elsewhere.
  await user.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('menu') });
  expect(screen.getByRole('menu')).toBeInTheDocument();
  await user.pointer({ keys: '[/MouseLeft]' });
  await user.click(screen.getByRole('article', { name: 'Card 1' }));
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
});

/** The Edit post case: an emoji picker inside a dialog that scrolls. */
function PickerInDialog() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(true);
  return open ? (
    <Modal title="Edit post" onClose={() => setOpen(false)}>
      <div style={{ overflow: 'auto', maxHeight: 30 }} data-testid="scroller">
        <output aria-label="Text">{text}</output>
        <EmojiPicker onPick={(emoji) => setText((t) => t + emoji)} />
      </div>
    </Modal>
  ) : (
    <p>Dialog closed</p>
  );
}

test('the emoji grid opens outside its scroller but inside its (aria-modal) dialog, picks, and Escape closes only the grid', async () => {
  const user = userEvent.setup();
  render(<PickerInDialog />);
  const toggle = screen.getByRole('button', { name: 'Add emoji' });
  await user.click(toggle);
  const grid = screen.getByRole('group', { name: 'Emojis' });
  expect(screen.getByTestId('scroller').contains(grid)).toBe(false);
  // In the dialog, which hides the rest of the page from screen readers.
  expect(grid.parentElement).toBe(screen.getByRole('dialog', { name: 'Edit post' })); // eslint-disable-line testing-library/no-node-access -- where the grid sits is the point
  expect(within(grid).getAllByRole('button')).toHaveLength(20);
  expect(within(grid).getByRole('button', { name: '😀' })).toHaveFocus();

  await user.click(within(grid).getByRole('button', { name: '🔥' }));
  expect(screen.getByLabelText('Text')).toHaveTextContent('🔥');
  expect(screen.queryByRole('group', { name: 'Emojis' })).not.toBeInTheDocument();
  expect(toggle).toHaveFocus();
  // The click in the grid did not close the dialog.
  expect(screen.getByRole('dialog', { name: 'Edit post' })).toBeInTheDocument();

  await user.click(toggle);
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('group', { name: 'Emojis' })).not.toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Edit post' })).toBeInTheDocument();
  expect(toggle).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.getByText('Dialog closed')).toBeInTheDocument();
});
