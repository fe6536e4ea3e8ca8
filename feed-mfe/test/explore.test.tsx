import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, posts$, setPosts } from '@social/shell/bus';
import { likeCountOf } from '../../tools/jest/federation-kit';
import { findCards, renderFeed, shownPostIds, setUpFeedTests } from './helpers';
import { fireIntersection } from './intersectionObserverDouble';
import { signInAs } from '../../tools/jest/backend-kit';

setUpFeedTests();

/** Brings the sentinel on screen and waits for the next page to land. */
async function scrollToBottom() {
  await act(async () => {
    fireIntersection(true);
  });
}

test('explore loads 2 posts at a time as the sentinel comes into view, then says it is the end', async () => {
  const page = jest.spyOn(api.posts, 'page');
  renderFeed('explore');
  await findCards(2);
  expect(page).toHaveBeenLastCalledWith(2, 0, { sort: 'latest' });
  expect(screen.getByTestId('feed-sentinel')).toBeInTheDocument();

  await scrollToBottom();
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
  expect(page).toHaveBeenLastCalledWith(2, 1, { sort: 'latest' });

  // 12 seed posts: pages 2 to 5 bring the rest, page 6 brings nothing new.
  for (let count = 6; count <= 12; count += 2) {
    await scrollToBottom();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(count));
  }
  expect(screen.queryByText("You're all caught up")).not.toBeInTheDocument();
  await scrollToBottom();
  expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
  expect(screen.getAllByRole('article')).toHaveLength(12);
  const calls = page.mock.calls.length;
  // At the end, the sentinel no longer asks for pages.
  await scrollToBottom();
  expect(page.mock.calls.length).toBe(calls);
  expect(page.mock.calls.map(([, p]) => p)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  page.mockRestore();
});

test('the same page is never requested twice while it loads, and a revisit starts again at page 0', async () => {
  const page = jest.spyOn(api.posts, 'page');
  const { unmount } = renderFeed('explore');
  await findCards(2);
  await act(async () => {
    fireIntersection(true);
    fireIntersection(true);
    fireIntersection(true);
  });
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
  expect(page.mock.calls.map(([, p]) => p)).toEqual([0, 1]);
  unmount();

  page.mockClear();
  renderFeed('explore');
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  await findCards(2);
  expect(page.mock.calls.map(([, p]) => p)).toEqual([0]);
  page.mockRestore();
});

test('explore shows a small loader while a page loads', async () => {
  renderFeed('explore');
  await findCards(2);
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const real = api.posts.page;
  const page = jest.spyOn(api.posts, 'page').mockImplementation(async (limit, n) => {
    await gate;
    return real(limit, n);
  });
  await scrollToBottom();
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  release();
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
  expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  page.mockRestore();
});

test('Latest shows the newest post first without scrolling, including one written elsewhere just before', async () => {
  const { posts: all } = await api.posts.all();
  // Written by another member, with no likes: trending order would put it last.
  const { api: other, user: otherUser } = await signInAs(2);
  await other.posts.create({ content: 'Fresh from the oven', pic: '', userId: otherUser._id });
  const page = jest.spyOn(api.posts, 'page');
  renderFeed('explore');
  await findCards(2);
  expect(screen.getAllByRole('article')[0]).toHaveTextContent('Fresh from the oven');
  expect(page.mock.calls).toEqual([[2, 0, { sort: 'latest' }]]);
  const newest = [...all].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0]!;
  expect(shownPostIds()[1]).toBe(newest._id);
  page.mockRestore();
});

test('switching to Trending starts again at page 0 in trending order, 2 at a time', async () => {
  const user = userEvent.setup();
  // Asked before the page does, so no answer lands outside the test's waits.
  const { posts: firstTrending } = await api.posts.page(2, 0, { sort: 'trending' });
  const page = jest.spyOn(api.posts, 'page');
  renderFeed('explore');
  await findCards(2);
  await user.click(screen.getByRole('button', { name: 'Trending' }));
  await waitFor(() => expect(page).toHaveBeenLastCalledWith(2, 0, { sort: 'trending' }));
  await waitFor(() => expect(shownPostIds()).toEqual(firstTrending.map((p) => p._id)));
  await scrollToBottom();
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
  expect(page).toHaveBeenLastCalledWith(2, 1, { sort: 'trending' });
  page.mockRestore();
});

test('explore keeps the paged order on Trending and shows a like at once', async () => {
  const user = userEvent.setup();
  // Asked before the page does, so no answer lands outside the test's waits.
  const { posts: firstTrending } = await api.posts.page(2, 0, { sort: 'trending' });
  const { posts: newest } = await api.posts.page(2, 0, { sort: 'latest' });
  renderFeed('explore');
  await findCards(2);
  await user.click(screen.getByRole('button', { name: 'Trending' }));
  await waitFor(() => expect(shownPostIds()).toEqual(firstTrending.map((p) => p._id)));
  await scrollToBottom();
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
  // Trending on explore is the server's order: likes + comments, ties newest first.
  const trending = shownPostIds();
  const { posts: serverOrder } = await api.posts.page(2, 1, { sort: 'trending' });
  expect(trending).toEqual(serverOrder.map((p) => p._id));

  // A like from a card replaces the shared list: the explore card shows it, in the same place.
  const last = trending[3]!;
  const likesBefore = serverOrder[3]!.likes.likeCount;
  const { posts } = await api.posts.like(last);
  await act(async () => setPosts(posts));
  expect(posts$.value.allPosts.length).toBe(12);
  expect(shownPostIds()).toEqual(trending);
  expect(likeCountOf(screen.getAllByRole('article')[3]!)).toBe(likesBefore + 1);

  // Latest starts again from the newest posts.
  await user.click(screen.getByRole('button', { name: 'Latest' }));
  await waitFor(() => expect(shownPostIds()).toEqual(newest.map((p) => p._id)));
  const dates = shownPostIds().map((id) => Date.parse(posts.find((p) => p._id === id)!.createdAt));
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
});

test('a failed page shows the server message with Try again, which loads it', async () => {
  const user = userEvent.setup();
  renderFeed('explore');
  await findCards(2);
  const real = api.posts.page;
  const page = jest.spyOn(api.posts, 'page').mockRejectedValueOnce(new Error('The server could not be reached.'));
  await scrollToBottom();
  expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.');
  page.mockImplementation(real);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  page.mockRestore();
});
