/**
 * "(edited)" shows for an edit made within the same second as the comment or reply (issue 42):
 * the server's timestamps stop at seconds, so the mark comes from the edit itself. The clock
 * stands still here (only Date is faked), so writing and editing happen in the same second.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPostPage, setupBackend } from './helpers';
import { wholeText } from '../../tools/jest/whole-text';

setupBackend();

beforeEach(() => {
  jest.useFakeTimers({
    now: Date.now(),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
});
afterEach(() => jest.useRealTimers());

/** The comment or reply (a list item of `className`) whose text is `text`. */
const itemWith = async (className: string, text: string) => {
  await screen.findByText(wholeText(text));
  return screen.getAllByRole('listitem').find((item) => item.matches(className) && within(item).queryByText(wholeText(text)))!;
};

/** Opens the item's options, chooses Edit, types `text` in place of its text and saves. */
async function editItem(item: HTMLElement, options: string, box: string, text: string) {
  await userEvent.click(within(item).getByRole('button', { name: options }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
  await userEvent.clear(within(item).getByRole('textbox', { name: box }));
  await userEvent.type(within(item).getByRole('textbox', { name: box }), text);
  await userEvent.click(within(item).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(within(item).queryByRole('textbox', { name: box })).not.toBeInTheDocument());
}

test('a comment and a reply edited in the second they were written show "(edited)"; unedited ones do not', async () => {
  renderPostPage('p04-hike');
  await screen.findByRole('article');
  await userEvent.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'Written now');
  await userEvent.click(screen.getByRole('button', { name: 'Post' }));
  const comment = await itemWith('.post-comment', 'Written now');
  expect(within(comment).queryByText('(edited)')).not.toBeInTheDocument();

  await userEvent.click(within(comment).getByRole('button', { name: 'Reply' }));
  await userEvent.type(within(comment).getByRole('textbox', { name: 'Write a reply' }), 'Replied now');
  await userEvent.click(within(comment).getByRole('button', { name: 'Send reply' }));
  const reply = await itemWith('.post-reply', 'Replied now');
  // A reply leaves its comment unedited.
  expect(within(comment).queryByText('(edited)')).not.toBeInTheDocument();

  await editItem(reply, 'Reply options', 'Edit reply', 'Replied now, edited');
  expect(within(reply).getByText('(edited)')).toBeInTheDocument();
  await editItem(comment, 'Comment options', 'Edit comment', 'Written now, edited');
  expect(within(comment).getAllByText('(edited)')).toHaveLength(2);
});
