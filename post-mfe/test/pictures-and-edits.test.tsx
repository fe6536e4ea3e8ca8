/**
 * A post's pictures in its card (together, their room reserved from their sizes), the post
 * page's viewer (keyboard included), and "Edited" with its "Edit history" dialog.
 */
import React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { PictureDraftV2 } from '@social/mock-api/contract-v2';
import type { UploadProgress } from '@social/mock-api/client';
import { api, uploadProgress$ } from '@social/shell/bus';
import { seedPosts } from '@social/shell/data';
import PostCard from '../src/card/PostCard';
import PostComposer from '../src/composer/PostComposer';
import { renderPostPage, setupBackend } from './helpers';

setupBackend();

const png = (n: number) => `data:image/png;base64,${btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, n))}`;
const picture = (n: number, alt: string, width = 1600, height = 1200): PictureDraftV2 => ({ pic: png(n), alt, width, height });

async function postWith(pictures: PictureDraftV2[], content = 'An album') {
  const { post } = await api.v2.posts.create({ content, pic: '', pictures });
  seedPosts([post]);
  return post;
}

test('the card shows every picture together, each named by its description, with its size for the room it takes', async () => {
  const post = await postWith([picture(1, 'A red door'), picture(2, 'A blue window', 800, 1200), picture(3, ''), picture(4, 'Steps')]);
  render(
    <MemoryRouter>
      <PostCard post={post} />
    </MemoryRouter>,
  );
  const group = screen.getByRole('group', { name: '4 pictures' });
  const images = within(group).getAllByRole('img');
  expect(images.map((img) => img.getAttribute('alt'))).toEqual(['A red door', 'A blue window', 'Adarsh Balika photo', 'Steps']);
  expect(images.map((img) => [img.getAttribute('width'), img.getAttribute('height')])).toEqual([
    ['1600', '1200'],
    ['800', '1200'],
    ['1600', '1200'],
    ['1600', '1200'],
  ]);
  // In a feed each opens the post.
  expect(screen.getByRole('link', { name: 'A blue window' })).toHaveAttribute('href', `/post/${post._id}`);
});

test("a lone picture's box has the picture's proportions before it loads, never wider than its own width", async () => {
  const post = await postWith([picture(5, 'Tall', 600, 900)]);
  render(
    <MemoryRouter>
      <PostCard post={post} />
    </MemoryRouter>,
  );
  // eslint-disable-next-line testing-library/no-node-access -- the box around the picture has no role
  const box = screen.getByRole('img', { name: 'Tall' }).closest('.post-pictures') as HTMLElement;
  expect(box.style.getPropertyValue('--picture-ratio')).toBe(String(600 / 900));
  expect(box.style.getPropertyValue('--picture-width')).toBe('600px');
});

test('on the post page each picture opens large; the arrow keys and buttons go through them; Escape gives focus back', async () => {
  const post = await postWith([picture(1, 'First'), picture(2, 'Second'), picture(3, 'Third')]);
  renderPostPage(post._id);
  const user = userEvent.setup();
  const second = await screen.findByRole('button', { name: 'Second (open full size)' });
  await user.click(second);
  let dialog = screen.getByRole('dialog', { name: 'Second' });
  expect(within(dialog).getByText('2 of 3')).toBeInTheDocument();
  expect(within(dialog).getByRole('img', { name: 'Second' })).toHaveAttribute('src', post.pictures[1]!.url);
  await user.keyboard('{ArrowRight}');
  dialog = screen.getByRole('dialog', { name: 'Third' });
  await user.keyboard('{ArrowRight}');
  dialog = screen.getByRole('dialog', { name: 'First' });
  await user.keyboard('{ArrowLeft}');
  expect(screen.getByRole('dialog', { name: 'Third' })).toBeInTheDocument();
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Previous picture' }));
  expect(screen.getByRole('dialog', { name: 'Second' })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(second).toHaveFocus();
});

test('an edited post shows "Edited" by its date, which opens its history newest first, each version with its date', async () => {
  const post = await postWith([picture(1, 'Door')], 'First words');
  render(
    <MemoryRouter>
      <PostCard post={post} />
    </MemoryRouter>,
  );
  expect(screen.queryByRole('button', { name: 'Edited' })).not.toBeInTheDocument();
  await api.v2.posts.edit(post._id, { content: 'Second words', pic: '', pictures: [picture(1, 'Red door'), picture(2, 'Window')] });
  const { post: edited } = await api.v2.posts.edit(post._id, { content: 'Third words', pic: '', pictures: [] });
  seedPosts([edited]);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edited' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit history' });
  const versions = await within(dialog).findAllByRole('listitem');
  expect(versions.map((v) => within(v).getByText(/words$/).textContent)).toEqual(['Second words', 'First words']);
  expect(
    within(versions[0]!)
      .getAllByRole('img')
      .map((img) => img.getAttribute('alt')),
  ).toEqual(['Red door', 'Window']);
  expect(within(versions[1]!).getByRole('img', { name: 'Door' })).toBeInTheDocument();
  const { versions: stored } = await api.v2.posts.history(post._id);
  // eslint-disable-next-line testing-library/no-node-access -- each version's date is a <time>
  expect(versions.map((v) => v.querySelector('time')?.getAttribute('dateTime'))).toEqual([stored[0]!.createdAt, post.createdAt]);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Edited' })).toHaveFocus();
});

test('a large upload goes with its progress reported, which the composer shows while it posts', async () => {
  // A picture of 200 KB: the request reports how far it has gone, then null once answered.
  const seen: (UploadProgress | null)[] = [];
  const subscription = uploadProgress$.subscribe((progress) => seen.push(progress));
  const big = `data:image/png;base64,${btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) + 'x'.repeat(200 * 1024))}`;
  const { post } = await api.v2.posts.create({ content: 'Large', pic: '', pictures: [{ pic: big, alt: '', width: 10, height: 10 }] });
  subscription.unsubscribe();
  expect(post.pictures).toHaveLength(1);
  expect(seen[0]).toBeNull();
  expect(seen.some((p) => p !== null && p.total > 200 * 1024)).toBe(true);
  expect(seen.at(-1)).toBeNull();

  // The composer, while its post is being sent, shows that progress.
  let finish: (saved: boolean) => void = () => undefined;
  render(<PostComposer onSubmit={() => new Promise<boolean>((resolve) => (finish = resolve))} />);
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: "What's on your mind?" }), 'Slow one');
  await user.click(screen.getByRole('button', { name: 'Post' }));
  act(() => uploadProgress$.next({ sent: 300, total: 1000 }));
  expect(screen.getByRole('progressbar', { name: 'Uploading pictures' })).toHaveValue(300);
  expect(screen.getByText('Uploading… 30%')).toBeInTheDocument();
  act(() => uploadProgress$.next(null));
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  await act(async () => finish(true));
});
