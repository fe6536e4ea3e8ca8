import React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMOJIS, EmojiPicker, withEmoji } from '@social/shell/ui';
import { EMOJI_IMAGES } from '../src/ui/emoji';

/* eslint-disable testing-library/no-node-access, testing-library/no-container -- the drawing is a span's background */
const drawn = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('.emoji')].map((span) => ({ text: span.textContent, image: span.style.backgroundImage }));

test('every emoji of the picker, and its button, is drawn from the Twemoji sprite and stays its own text', async () => {
  render(<EmojiPicker onPick={() => undefined} />);
  const toggle = screen.getByRole('button', { name: 'Add emoji' });
  expect(drawn(toggle)).toEqual([{ text: '😊', image: `url(${EMOJI_IMAGES['😊']})` }]);
  await userEvent.click(toggle);
  const grid = screen.getByRole('group', { name: 'Emojis' });
  expect(drawn(grid)).toEqual(EMOJIS.map((emoji) => ({ text: emoji, image: `url(${EMOJI_IMAGES[emoji]})` })));
  for (const emoji of EMOJIS) expect(EMOJI_IMAGES[emoji]).toMatch(/#e[0-9a-f-]+$/);
  expect(screen.getByRole('button', { name: '❤️' })).toHaveTextContent('❤️');
});

test("withEmoji draws the picker's emoji in text and leaves the text, and every other emoji, as written", () => {
  const text = 'Launch 🚀🚀 at 9 ❤ and ❤️ but not ❤️‍🔥, 👍🏽 or 🦄. Done 🎉';
  const { container } = render(<p>{withEmoji(text)}</p>);
  const paragraph = container.querySelector('p')!;
  // Copied, read aloud and found as before: the characters are all there, in order.
  expect(paragraph).toHaveTextContent(text, { normalizeWhitespace: false });
  expect(drawn(paragraph).map((d) => d.text)).toEqual(['🚀', '🚀', '❤', '❤️', '🎉']);
  // ❤ without U+FE0F takes the picker's ❤️ picture.
  expect(drawn(paragraph)[2]!.image).toBe(`url(${EMOJI_IMAGES['❤️']})`);
  expect(withEmoji('no emoji here')).toBe('no emoji here');
});
