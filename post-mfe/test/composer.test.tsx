import React from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIMITS, type PostDraft } from '@social/mock-api/contract';
import { IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE } from '@social/shell/ui';
import type { PostDraftV2 } from '@social/mock-api/contract-v2';
import PostComposer from '../src/composer/PostComposer';
import { TOO_MANY_PICTURES } from '../src/composer/PicturePicker';
import { decodesAs } from './helpers';

const text = () => screen.getByRole('textbox', { name: "What's on your mind?" });
const postButton = () => screen.getByRole('button', { name: 'Post' });
const photo = () => screen.getByLabelText('Add photo or GIF');
// The picker's accept list is a hint; a drop or "All files" can still hand over anything.
const user = () => userEvent.setup({ applyAccept: false });
const png = (name = 'dot.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

test('Post is disabled while the text is empty or blank and submits the trimmed draft', async () => {
  const onSubmit = jest.fn<Promise<boolean>, [PostDraft]>().mockResolvedValue(true);
  render(<PostComposer onSubmit={onSubmit} />);
  await userEvent.click(text());
  expect(postButton()).toBeDisabled();
  await userEvent.type(text(), '   ');
  expect(postButton()).toBeDisabled();
  await userEvent.type(text(), 'Hello world ');
  expect(postButton()).toBeEnabled();
  await userEvent.click(postButton());
  expect(onSubmit).toHaveBeenCalledWith({ content: 'Hello world', pic: '', picAlt: '', pictures: [] });
  // Saved: the composer empties itself.
  await waitFor(() => expect(text()).toHaveValue(''));
  expect(postButton()).toBeDisabled();
});

test('keeps the draft when the save fails (false or a throw)', async () => {
  const onSubmit = jest.fn<Promise<boolean>, [PostDraft]>().mockResolvedValueOnce(false).mockRejectedValueOnce(new Error('offline'));
  decodesAs(640, 480);
  render(<PostComposer onSubmit={onSubmit} />);
  await userEvent.type(text(), 'Keep me');
  await user().upload(photo(), png());
  expect(await screen.findByRole('img', { name: 'Picture 1' })).toBeInTheDocument();
  await userEvent.click(postButton());
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(postButton()).toBeEnabled());
  expect(text()).toHaveValue('Keep me');
  expect(screen.getByRole('img', { name: 'Picture 1' })).toBeInTheDocument();
  await userEvent.click(postButton());
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(postButton()).toBeEnabled());
  expect(text()).toHaveValue('Keep me');
  expect(onSubmit.mock.calls[1]![0].pic).toMatch(/^data:image\/png;base64,/);
  expect(onSubmit.mock.calls[1]![0]).toMatchObject({ pictures: [{ alt: '', width: 640, height: 480 }] });
});

test('an emoji goes in at the caret', async () => {
  render(<PostComposer onSubmit={async () => true} />);
  await userEvent.type(text(), 'ab');
  (text() as HTMLTextAreaElement).setSelectionRange(1, 1);
  await userEvent.click(screen.getByRole('button', { name: 'Add emoji' }));
  expect(screen.getAllByRole('button').filter((b) => b.classList.contains('emoji-picker__emoji'))).toHaveLength(LIMITS.emojiCount);
  await userEvent.click(screen.getByRole('button', { name: '🎉' }));
  expect(text()).toHaveValue('a🎉b');
  expect(text()).toHaveFocus();
  expect((text() as HTMLTextAreaElement).selectionStart).toBe(1 + '🎉'.length);
});

test('an image shows a preview that can be removed; the file input accepts only the allowed image types', async () => {
  decodesAs(640, 480);
  render(<PostComposer onSubmit={async () => true} />);
  expect(photo()).toHaveAttribute('type', 'file');
  const accept = photo().getAttribute('accept')!;
  for (const type of ['image/apng', 'image/avif', 'image/gif', 'image/jpeg', 'image/png', 'image/svg+xml', 'image/jpg', 'image/webp']) {
    expect(accept.split(',')).toContain(type);
  }
  await user().upload(photo(), png());
  const preview = await screen.findByRole('img', { name: 'Picture 1' });
  expect(preview).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
  await userEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
  expect(screen.queryByRole('img', { name: 'Picture 1' })).not.toBeInTheDocument();
});

test('a wrong type or a too large image gets a clear message under the field and keeps the text', async () => {
  render(<PostComposer onSubmit={async () => true} />);
  await userEvent.type(text(), 'My trip');
  await user().upload(photo(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(IMAGE_TYPE_MESSAGE);
  expect(photo()).toHaveAccessibleDescription(IMAGE_TYPE_MESSAGE);

  const big = new File([new Uint8Array(LIMITS.maxImageBytes + 1)], 'huge.png', { type: 'image/png' });
  await user().upload(photo(), big);
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(IMAGE_SIZE_MESSAGE));
  expect(screen.queryByRole('img', { name: 'Picture 1' })).not.toBeInTheDocument();
  expect(text()).toHaveValue('My trip');

  // A good image clears the message.
  decodesAs(640, 480);
  await user().upload(photo(), png());
  expect(await screen.findByRole('img', { name: 'Picture 1' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('starts from an initial draft and focuses the text when asked', async () => {
  render(<PostComposer initial={{ content: 'Old text', pic: 'https://example.com/p.png' }} onSubmit={async () => true} autoFocus />);
  expect(text()).toHaveValue('Old text');
  expect(screen.getByRole('img', { name: 'Picture 1' })).toHaveAttribute('src', 'https://example.com/p.png');
  await waitFor(() => expect(text()).toHaveFocus());
});

test("a new post's composer is one line with no controls until it is focused, and folds again when left empty", async () => {
  render(
    <>
      <PostComposer onSubmit={async () => true} />
      <button type="button">Elsewhere</button>
    </>,
  );
  expect(text()).toHaveAttribute('rows', '1');
  expect(screen.queryByRole('button', { name: 'Post' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add emoji' })).not.toBeInTheDocument();
  // Tab reaches the box first, then its controls, which show as it takes focus.
  await userEvent.tab();
  expect(text()).toHaveFocus();
  expect(text()).not.toHaveAttribute('rows');
  expect(postButton()).toBeDisabled();
  await userEvent.tab();
  expect(photo()).toHaveFocus();
  // Into the emoji grid (a portal) and back: still open.
  await userEvent.click(screen.getByRole('button', { name: 'Add emoji' }));
  await userEvent.keyboard('{Escape}');
  expect(screen.getByRole('button', { name: 'Add emoji' })).toHaveFocus();
  // Left empty: one line again, once the click has landed (what was under the pointer stays there for it).
  await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
  expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  await waitFor(() => expect(text()).toHaveAttribute('rows', '1'));
  expect(screen.queryByRole('button', { name: 'Post' })).not.toBeInTheDocument();
  // A draft keeps it open after focus leaves.
  await userEvent.type(text(), 'Draft');
  await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
  expect(postButton()).toBeEnabled();
});

test('the Edit post composer (an initial draft) is never folded', () => {
  render(<PostComposer initial={{ content: '', pic: '' }} onSubmit={async () => true} />);
  expect(screen.getByRole('button', { name: 'Post' })).toBeInTheDocument();
});

test.each([
  ['Ctrl+Enter', '{Control>}{Enter}{/Control}'],
  ['Cmd+Enter', '{Meta>}{Enter}{/Meta}'],
])('%s sends the post once, and does nothing while the text is empty', async (_name, keys) => {
  const onSubmit = jest.fn<Promise<boolean>, [PostDraft]>().mockResolvedValue(true);
  render(<PostComposer onSubmit={onSubmit} />);
  await userEvent.click(text());
  await userEvent.keyboard(keys);
  expect(onSubmit).not.toHaveBeenCalled();
  await userEvent.type(text(), 'Sent by keyboard');
  await userEvent.keyboard(keys);
  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(onSubmit).toHaveBeenCalledWith({ content: 'Sent by keyboard', pic: '', picAlt: '', pictures: [] });
  await waitFor(() => expect(text()).toHaveValue(''));
  expect(text()).toHaveFocus();
});

test('takes up to four pictures, each with its description and size; a fifth gets a message', async () => {
  decodesAs(1600, 1200);
  const onSubmit = jest.fn<Promise<boolean>, [PostDraftV2]>().mockResolvedValue(true);
  render(<PostComposer onSubmit={onSubmit} />);
  await userEvent.type(text(), 'Album');
  expect(photo()).toHaveAttribute('multiple');
  await user().upload(photo(), [png('a.png'), png('b.png'), png('c.png'), png('d.png'), png('e.png')]);
  expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY_PICTURES);
  expect(screen.getAllByRole('button', { name: 'Remove picture' })).toHaveLength(4);
  expect(photo()).toBeDisabled();
  const descriptions = screen.getAllByRole('textbox', { name: 'Picture description' });
  expect(descriptions).toHaveLength(4);
  await userEvent.type(descriptions[0]!, ' A red door ');
  await userEvent.type(descriptions[2]!, 'Steps');
  expect(screen.getByRole('img', { name: 'A red door' })).toBeInTheDocument();
  // Removing one: focus goes to the Remove button of the picture that took its place.
  await userEvent.click(screen.getAllByRole('button', { name: 'Remove picture' })[1]!);
  await waitFor(() => expect(screen.getAllByRole('button', { name: 'Remove picture' })[1]).toHaveFocus());
  expect(photo()).toBeEnabled();
  await userEvent.click(postButton());
  const sent = onSubmit.mock.calls[0]![0];
  expect(sent.pictures!.map(({ alt, width, height }) => ({ alt, width, height }))).toEqual([
    { alt: 'A red door', width: 1600, height: 1200 },
    { alt: 'Steps', width: 1600, height: 1200 },
    { alt: '', width: 1600, height: 1200 },
  ]);
  expect(sent.pictures!.every((p) => p.pic.startsWith('data:image/png;base64,'))).toBe(true);
  expect(sent).toMatchObject({ content: 'Album', pic: sent.pictures![0]!.pic, picAlt: 'A red door' });
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove picture' })).not.toBeInTheDocument());
});

test('a kept picture of unknown size is measured from its preview before Post can send it', async () => {
  const onSubmit = jest.fn<Promise<boolean>, [PostDraftV2]>().mockResolvedValue(true);
  render(<PostComposer initial={{ content: 'Old', pic: 'https://example.com/p.png', picAlt: 'Old one' }} onSubmit={onSubmit} />);
  const preview = screen.getByRole('img', { name: 'Old one' });
  expect(postButton()).toBeDisabled();
  Object.defineProperty(preview, 'naturalWidth', { value: 900 });
  Object.defineProperty(preview, 'naturalHeight', { value: 600 });
  fireEvent.load(preview);
  await waitFor(() => expect(postButton()).toBeEnabled());
  await userEvent.click(postButton());
  expect(onSubmit.mock.calls[0]![0].pictures).toEqual([{ pic: 'https://example.com/p.png', alt: 'Old one', width: 900, height: 600 }]);
});
