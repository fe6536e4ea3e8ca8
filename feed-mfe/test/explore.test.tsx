import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@social/shell/bus';
import { putPost } from '@social/shell/data';
import { likeCountOf } from '../../tools/jest/federation-kit';
import { findCards, renderFeed, shownPostIds, setUpFeedTests } from './helpers';
import { fireIntersection } from './intersection-observer-double';
import { signInAs } from '../../tools/jest/backend-kit';

setUpFeedTests();

/** Spies on the explore feed's page reads; `pages()` says which were first pages (null cursor) or a next one. */
function spyExplore() {
  const spy = jest.spyOn(api.v2.feed, 'explore');
  const pages = () => spy.mock.calls.map(([query]) => (query?.cursor ? 'next' : 'first'));
  const last = () => spy.mock.calls.at(-1)?.[0];
  return { spy, pages, last };
}

/** Brings the sentinel on screen and waits for the next page to land. */
async function scrollToBottom() {
  await act(async () => {
    fireIntersection(true);
  });
}

test('explore loads 2 posts at a time as the sentinel comes into view, then says it is the end', async () => {
  const page = spyExplore();
  renderFeed('explore');
  await findCards(2);
  expect(page.last()).toEqual({ sort: 'latest', limit: 2, cursor: null });
  expect(screen.getByTestId('feed-sentinel')).toBeInTheDocument();

  await scrollToBottom();
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
  expect(page.last()).toEqual({ sort: 'latest', limit: 2, cursor: expect.any(String) });

  // 12 seed posts: pages 3 to 6 bring the rest; the last says there is no next page.
  for (let count = 6; count <= 12; count += 2) {
    await scrollToBottom();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(count));
  }
  expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
  expect(screen.getAllByRole('article')).toHaveLength(12);
  const calls = page.spy.mock.calls.length;
  // At the end, the sentinel no longer asks for pages.
  await scrollToBottom();
  expect(page.spy.mock.calls.length).toBe(calls);
  expect(page.pages()).toEqual(['first', 'next', 'next', 'next', 'next', 'next']);
  page.spy.mockRestore();
});

test('the same page is never requested twice while it loads, and a revisit starts again at page 0', async () => {
  const page = spyExplore();
  const { unmount } = renderFeed('explore');
  await findCards(2);
  await act(async () => {
    fireIntersection(true);
    fireIntersection(true);
    fireIntersection(true);
  });
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
  expect(page.pages()).toEqual(['first', 'next']);
  unmount();

  page.spy.mockClear();
  renderFeed('explore');
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  await findCards(2);
  expect(page.pages()).toEqual(['first']);
  page.spy.mockRestore();
});

test('explore shows a small loader while a page loads', async () => {
  renderFeed('explore');
  await findCards(2);
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const real = api.v2.feed.explore;
  const page = jest.spyOn(api.v2.feed, 'explore').mockImplementation(async (query) => {
    await gate;
    return real(query);
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
  const page = spyExplore();
  renderFeed('explore');
  await findCards(2);
  expect(screen.getAllByRole('article')[0]).toHaveTextContent('Fresh from the oven');
  expect(page.spy.mock.calls).toEqual([[{ sort: 'latest', limit: 2, cursor: null }]]);
  const newest = [...all].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0]!;
  expect(shownPostIds()[1]).toBe(newest._id);
  page.spy.mockRestore();
});

test('switching to Trending starts again at page 0 in trending order, 2 at a time', async () => {
  const user = userEvent.setup();
  // Asked before the page does, so no answer lands outside the test's waits.
  const { posts: firstTrending } = await api.v2.feed.explore({ sort: 'trending', limit: 2 });
  const page = spyExplore();
  renderFeed('explore');
  await findCards(2);
  await user.click(screen.getByRole('button', { name: 'Trending' }));
  await waitFor(() => expect(page.last()).toEqual({ sort: 'trending', limit: 2, cursor: null }));
  await waitFor(() => expect(shownPostIds()).toEqual(firstTrending.map((p) => p._id)));
  await scrollToBottom();
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
  expect(page.last()).toEqual({ sort: 'trending', limit: 2, cursor: expect.any(String) });
  page.spy.mockRestore();
});

test('explore keeps the paged order on Trending and shows a like at once', async () => {
  const user = userEvent.setup();
  // Asked before the page does, so no answer lands outside the test's waits.
  const { posts: firstTrending, nextCursor } = await api.v2.feed.explore({ sort: 'trending', limit: 2 });
  const { posts: newest } = await api.v2.feed.explore({ sort: 'latest', limit: 2 });
  renderFeed('explore');
  await findCards(2);
  await user.click(screen.getByRole('button', { name: 'Trending' }));
  await waitFor(() => expect(shownPostIds()).toEqual(firstTrending.map((p) => p._id)));
  await scrollToBottom();
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
  // Trending on explore is the server's order: likes + comments, ties newest first.
  const trending = shownPostIds();
  const { posts: second } = await api.v2.feed.explore({ sort: 'trending', limit: 2, cursor: nextCursor });
  const serverOrder = [...firstTrending, ...second];
  expect(trending).toEqual(serverOrder.map((p) => p._id));

  // A like's answer lands in the cache: the explore card shows it, in the same place.
  const last = trending[3]!;
  const likesBefore = serverOrder[3]!.likeCount;
  const { post } = await api.v2.posts.like(last);
  await act(async () => putPost(post));
  expect(shownPostIds()).toEqual(trending);
  await waitFor(() => expect(likeCountOf(screen.getAllByRole('article')[3]!)).toBe(likesBefore + 1));

  // Latest starts again from the newest posts.
  await user.click(screen.getByRole('button', { name: 'Latest' }));
  await waitFor(() => expect(shownPostIds()).toEqual(newest.map((p) => p._id)));
  const { posts } = await api.posts.all();
  const dates = shownPostIds().map((id) => Date.parse(posts.find((p) => p._id === id)!.createdAt));
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
});

test('a failed page shows the server message with Try again, which loads it', async () => {
  const user = userEvent.setup();
  renderFeed('explore');
  await findCards(2);
  const real = api.v2.feed.explore;
  // Reads are tried twice (TanStack Query's retry 1): the server is unreachable both times.
  const page = jest
    .spyOn(api.v2.feed, 'explore')
    .mockRejectedValueOnce(new Error('The server could not be reached.'))
    .mockRejectedValueOnce(new Error('The server could not be reached.'));
  await scrollToBottom();
  expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.');
  page.mockImplementation(real);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  page.mockRestore();
});
