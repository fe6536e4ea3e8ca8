import React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { PostsPageV2 } from '@social/mock-api/contract-v2';
import { queryClient, seedPosts } from '@social/shell/data';
import PostCard from '../src/card/PostCard';
import { LIST_KEY, listed, renderPostPage, setupBackend } from './helpers';

setupBackend();

test("a picture without a description is named after its author: '<first and last name> photo'", () => {
  const post = listed('p01-sunrise')!;
  render(
    <MemoryRouter>
      <PostCard post={post} />
    </MemoryRouter>,
  );
  const link = screen.getByRole('link', { name: 'Sara Ahmed photo' });
  expect(link).toHaveAttribute('href', '/post/p01-sunrise');
  expect(within(link).getByRole('img')).toHaveAttribute('alt', 'Sara Ahmed photo');
});

test("a picture's description, when the post has one, is its alt text", () => {
  const post = { ...listed('p01-sunrise')!, picAlt: 'The sun rising over misty hills' };
  // The card follows the post's cache entry (as an answer from the server would update it).
  act(() => seedPosts([post]));
  render(
    <MemoryRouter>
      <PostCard post={post} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('img', { name: 'The sun rising over misty hills' })).toHaveAttribute('src', post.pic);
});

test('on the post page the picture opens at full size in a dialog that Escape closes, giving focus back', async () => {
  renderPostPage('p01-sunrise');
  const user = userEvent.setup();
  const picture = await screen.findByRole('button', { name: 'Sara Ahmed photo (open full size)' });
  await user.click(picture);
  const dialog = screen.getByRole('dialog', { name: 'Sara Ahmed photo' });
  expect(within(dialog).getByRole('img', { name: 'Sara Ahmed photo' })).toHaveAttribute('src', listed('p01-sunrise')!.pic);
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(picture).toHaveFocus();
});

/** Two of my posts, one after the other, following the cached list as the feed does. */
function TwoCards() {
  const { data } = useQuery<{ pages: PostsPageV2[] }>({ queryKey: LIST_KEY, enabled: false }, queryClient);
  const allPosts = data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <MemoryRouter>
      <main>
        {allPosts
          .filter((p) => p._id === 'p02-css' || p._id === 'p09-launch')
          .map((post) => (
            <PostCard key={post._id} post={post} />
          ))}
      </main>
    </MemoryRouter>
  );
}

test('after a post is deleted, focus goes to the next post, not to <body>', async () => {
  render(<TwoCards />);
  const user = userEvent.setup();
  const [first, second] = screen.getAllByRole('article');
  const gone = first!.getAttribute('aria-label');
  await user.click(within(first!).getByRole('button', { name: 'Post options' }));
  await user.click(screen.getByRole('menuitem', { name: 'Delete post' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete post?' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  expect(gone).toBe('Post by Adarsh Balika');
  await waitFor(() => expect(second).toHaveFocus());
});
