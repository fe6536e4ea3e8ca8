/** Mention suggestions in the composer and the comment and reply boxes (real fake backend's member search). */
import React from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PostDraft } from '@social/mock-api/contract';
import { api } from '@social/shell/bus';
import PostComposer from '../src/composer/PostComposer';
import { mentionQueryAt } from '../src/text/MentionSuggestions';
import { renderPostPage, setupBackend } from './helpers';

setupBackend();

const suggestions = () => screen.findByRole('listbox', { name: 'Mention suggestions' });

test('typing @ and letters lists members by name and handle; Enter inserts "@handle "', async () => {
  const onSubmit = jest.fn<Promise<boolean>, [PostDraft]>().mockResolvedValue(true);
  render(<PostComposer onSubmit={onSubmit} />);
  const box = screen.getByRole('textbox', { name: "What's on your mind?" });
  await userEvent.type(box, 'Thanks @');
  // "@" alone asks nothing.
  expect(screen.queryByRole('listbox', { name: 'Mention suggestions' })).not.toBeInTheDocument();
  await userEvent.type(box, 'mee');
  const list = await suggestions();
  const [first] = within(list).getAllByRole('option');
  expect(first).toHaveTextContent('Meera Nair');
  expect(first).toHaveTextContent('@meeranair');
  expect(first).toHaveAttribute('aria-selected', 'true');
  expect(box).toHaveAttribute('aria-controls', list.id);
  expect(box).toHaveAttribute('aria-activedescendant', first!.id);
  await userEvent.keyboard('{Enter}');
  expect(box).toHaveValue('Thanks @meeranair ');
  expect(screen.queryByRole('listbox', { name: 'Mention suggestions' })).not.toBeInTheDocument();
  // The caret is after the inserted handle: typing goes on from there.
  await userEvent.type(box, 'for the tip');
  expect(box).toHaveValue('Thanks @meeranair for the tip');
  expect(onSubmit).not.toHaveBeenCalled();
});

test('arrows move through the options, Escape closes the list, a click chooses', async () => {
  render(<PostComposer onSubmit={() => Promise.resolve(true)} />);
  const box = screen.getByRole('textbox', { name: "What's on your mind?" });
  await userEvent.type(box, '@a');
  const options = within(await suggestions()).getAllByRole('option');
  expect(options.length).toBeGreaterThan(1);
  await userEvent.keyboard('{ArrowDown}');
  expect(options[1]).toHaveAttribute('aria-selected', 'true');
  expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('listbox', { name: 'Mention suggestions' })).not.toBeInTheDocument();
  expect(box).toHaveValue('@a');
  await userEvent.type(box, ' and @sar');
  await userEvent.click(await screen.findByRole('option', { name: /Sara Ahmed/ }));
  expect(box).toHaveValue('@a and @saraahmed ');
});

test('the comment and reply boxes suggest members too', async () => {
  const { post } = await api.v2.posts.create({ content: 'Where to eat?', pic: '' });
  await api.v2.comments.add(post._id, 'Somewhere warm');
  renderPostPage(post._id);
  const comment = await screen.findByRole('textbox', { name: 'Write a comment' });
  await userEvent.type(comment, 'Ask @kab');
  await userEvent.click(await screen.findByRole('option', { name: /Kabir Shah/ }));
  expect(comment).toHaveValue('Ask @kabirshah ');
  await userEvent.click(await screen.findByRole('button', { name: 'Reply' }));
  const reply = screen.getByRole('textbox', { name: 'Write a reply' });
  await userEvent.type(reply, '@meer');
  await screen.findByRole('option', { name: /Meera Nair/ });
  await userEvent.keyboard('{Enter}');
  expect(reply).toHaveValue('@meeranair ');
});

test('a mention starts at "@" after a space or at the start, never inside an e-mail address', () => {
  expect(mentionQueryAt('hi @ad', 6)).toEqual({ start: 3, text: 'ad' });
  expect(mentionQueryAt('@ad', 3)).toEqual({ start: 0, text: 'ad' });
  expect(mentionQueryAt('mail ada@x', 10)).toBeNull();
  expect(mentionQueryAt('hi @', 4)).toBeNull();
  expect(mentionQueryAt('hi @ad more', 11)).toBeNull();
});
