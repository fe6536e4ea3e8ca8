import React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { Response } from 'miragejs';
import { CLIENT_MESSAGES, SERVER_ERRORS, TEXT_LIMITS } from '@social/mock-api/contract';
import { STORAGE_FULL_STATUS } from '@social/mock-api/server';
import { api, setAuth } from '@social/shell/bus';
import { putPost, queryClient, queryKeys } from '@social/shell/data';
import { cardRenders, likeCountOf, postIdOf } from '../../tools/jest/federation-kit';
import FeedPage from '../src/feed/FeedPage';
import { findCards, renderFeed, shownPostIds, setUpFeedTests } from './helpers';

const ctx = setUpFeedTests();

// Test user 1 (Adarsh) follows Meera and Kabir; Meera, Sara and Aiko follow him.
// So home shows posts by Adarsh, Meera, Kabir, Sara and Aiko, not Rohan, Lena or Tomás.
const HOME_LATEST = ['p11-chess', 'p10-beach', 'p09-launch', 'p08-plants', 'p04-hike', 'p03-sketch', 'p02-css', 'p01-sunrise'];
// Likes + comments: sunrise 5+2, sketch 4+2, launch 3+1 (newer) and css 3+1, beach 2+1 (newer) and hike 2+1,
// plants 0+1; chess has neither and is left out.
const HOME_TRENDING = ['p01-sunrise', 'p03-sketch', 'p09-launch', 'p02-css', 'p10-beach', 'p04-hike', 'p08-plants'];

test('shows the page spinner first, then the home feed of my circle, newest first, with Latest pressed', async () => {
  renderFeed('home');
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  await findCards(HOME_LATEST.length);
  expect(shownPostIds()).toEqual(HOME_LATEST);
  expect(screen.getByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'Trending' })).toHaveAttribute('aria-pressed', 'false');
  expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
});

test('posts and code already in hand (fetched while the member typed the login) show at once, under the page-change spinner', async () => {
  // A first visit loads the post remote's card and composer, as the login page's prefetch does.
  const { unmount } = renderFeed('home');
  await findCards();
  await screen.findByRole('textbox', { name: "What's on your mind?" });
  unmount();
  expect(queryClient.getQueryData(queryKeys.feed('home', 'latest'))).toBeDefined();

  renderFeed('home');
  // The first render shows the cards, and the page-change spinner (the only one) over them.
  expect(shownPostIds()).toEqual(HOME_LATEST);
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument());
  expect(shownPostIds()).toEqual(HOME_LATEST);
});

test('Trending shows only liked or commented posts, most liked plus commented first', async () => {
  const user = userEvent.setup();
  renderFeed('home');
  await findCards();
  await user.click(screen.getByRole('button', { name: 'Trending' }));
  expect(screen.getByRole('button', { name: 'Trending' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'false');
  // The server computes the order: its first Trending page.
  await waitFor(() => expect(shownPostIds()).toEqual(HOME_TRENDING));
  await user.click(screen.getByRole('button', { name: 'Latest' }));
  expect(shownPostIds()).toEqual(HOME_LATEST);
});

test('creating a post saves it, toasts success, empties the composer and puts the post on top of Latest', async () => {
  const user = userEvent.setup();
  renderFeed('home');
  await findCards();
  await user.click(screen.getByRole('button', { name: 'Trending' }));
  const box = screen.getByRole('textbox', { name: "What's on your mind?" });
  await user.type(box, 'Hello from the feed tests 👋');
  await user.click(screen.getByRole('button', { name: 'Post' }));

  await waitFor(() => expect(ctx.toasts).toContainEqual({ toastType: 'success', message: CLIENT_MESSAGES.postCreated }));
  expect(box).toHaveValue('');
  // The server has the new post, by me.
  const created = (await api.v2.feed.explore({ sort: 'latest' })).posts.find((p) => p.content === 'Hello from the feed tests 👋');
  expect(created?.userId).toBe('u1-adarsh');
  // Back on Latest, the new post is first.
  expect(screen.getByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getAllByRole('article')[0]).toHaveTextContent('Hello from the feed tests 👋');
});

test("the composer holds no more than the server's post limit", async () => {
  const user = userEvent.setup();
  renderFeed('home');
  await findCards();
  const box = screen.getByRole('textbox', { name: "What's on your mind?" });
  await user.click(box);
  await user.paste('x'.repeat(TEXT_LIMITS.post + 1));
  expect(box).toHaveValue('x'.repeat(TEXT_LIMITS.post));
  expect(screen.getByText(`${TEXT_LIMITS.post} / ${TEXT_LIMITS.post} characters`)).toBeInTheDocument();
});

test('a refused post shows the server message and keeps the draft', async () => {
  const user = userEvent.setup();
  renderFeed('home');
  await findCards();
  const before = queryClient.getQueryData(queryKeys.feed('home', 'latest'));
  // The backend refuses the write as it does when the browser storage is full.
  ctx.server.post('/v2/posts', () => new Response(STORAGE_FULL_STATUS, {}, { errors: [SERVER_ERRORS.storageFull] }));
  const box = screen.getByRole('textbox', { name: "What's on your mind?" });
  await user.type(box, 'A draft worth keeping');
  await user.click(screen.getByRole('button', { name: 'Post' }));

  await waitFor(() => expect(ctx.toasts).toContainEqual({ toastType: 'error', message: SERVER_ERRORS.storageFull }));
  expect(box).toHaveValue('A draft worth keeping');
  expect(queryClient.getQueryData(queryKeys.feed('home', 'latest'))).toBe(before);
  expect(ctx.toasts.some((t) => t.toastType === 'success')).toBe(false);
});

test('suggested users are exactly the others I do not follow; Follow removes them and brings their posts home', async () => {
  const user = userEvent.setup();
  renderFeed('home');
  await findCards();
  const strip = screen.getByRole('region', { name: 'Suggested users' });
  // In the server's order (newest member first).
  const names = () =>
    within(strip)
      .getAllByRole('link')
      .map((link) => link.textContent)
      .sort();
  expect(names()).toEqual(['Aiko Tanaka', 'Lena Fischer', 'Rohan Verma', 'Sara Ahmed', 'Tomás García']);
  expect(within(strip).getByRole('link', { name: 'Rohan Verma' })).toHaveAttribute('href', '/profile/rohanverma');
  expect(within(strip).getAllByRole('button', { name: 'Follow' })).toHaveLength(5);
  expect(shownPostIds()).not.toContain('p05-charts');

  const rohan = within(strip)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText('Rohan Verma'))!;
  const follow = within(rohan).getByRole('button', { name: 'Follow' });
  await user.click(follow);

  await waitFor(() => expect(names()).toEqual(['Aiko Tanaka', 'Lena Fischer', 'Sara Ahmed', 'Tomás García']));
  // Rohan's post joins the home feed (the server's home feed is read again after a follow).
  await waitFor(() => expect(shownPostIds()).toContain('p05-charts'));
  // Asked once the page has settled: the feed's refresh lands inside a waitFor, not during this call.
  expect((await api.v2.members.following('u1-adarsh')).members.map((u) => u._id)).toContain('u5-rohan');
});

test('a refused follow shows the server message, rolls back and then shows what the server holds', async () => {
  const user = userEvent.setup();
  renderFeed('home');
  await findCards();
  // Followed elsewhere since the list was loaded: the server refuses a second follow.
  await api.users.follow('u6-lena');
  const strip = screen.getByRole('region', { name: 'Suggested users' });
  const lena = within(strip)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText('Lena Fischer'))!;
  await user.click(within(lena).getByRole('button', { name: 'Follow' }));
  await waitFor(() => expect(ctx.toasts).toContainEqual({ toastType: 'error', message: 'User Already following' }));
  // Rolled back, then the reloaded list shows the truth: Lena is followed, so she leaves the strip.
  await waitFor(() => expect(within(strip).queryByText('Lena Fischer')).not.toBeInTheDocument());
});

test('the suggestions region is gone when I already follow everyone', async () => {
  for (const id of ['u4-sara', 'u5-rohan', 'u6-lena', 'u7-tomas', 'u8-aiko']) await api.users.follow(id);
  renderFeed('home');
  await findCards();
  expect(screen.queryByRole('region', { name: 'Suggested users' })).not.toBeInTheDocument();
  // Everyone's posts are home now: all 12 seed posts.
  expect(screen.getAllByRole('article')).toHaveLength(12);
});

test('a new member who follows nobody sees the empty message with a link to explore', async () => {
  const user = userEvent.setup();
  const { me, encodedToken } = await api.v2.auth.signup({
    username: 'newbie@example.test',
    password: 'newbie1234',
    firstName: 'New',
    lastName: 'Bie',
  });
  setAuth({ token: encodedToken, user: me });
  renderFeed('home');
  const message = await screen.findByText((_, el) => el?.tagName === 'P' && el.textContent === CLIENT_MESSAGES.emptyFeed);
  expect(screen.queryAllByRole('article')).toHaveLength(0);
  // Every seed member is suggested (8 others).
  expect(within(screen.getByRole('region', { name: 'Suggested users' })).getAllByRole('button', { name: 'Follow' })).toHaveLength(8);
  const link = within(message).getByRole('link', { name: 'Explore Feed' });
  expect(link).toHaveAttribute('href', '/explore');
  await user.click(link);
  expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/explore');
});

test('a like elsewhere updates the card shown without re-rendering the other cards', async () => {
  renderFeed('home');
  await findCards(HOME_LATEST.length);
  const before = new Map(cardRenders);
  // Another card of the same post (another list) was liked: its answer lands in the cache.
  const { post } = await api.v2.posts.like('p11-chess');
  await act(async () => putPost(post));
  const chess = screen.getAllByRole('article').find((a) => postIdOf(a) === 'p11-chess')!;
  // The cache tells its subscribers right after the write (TanStack Query's notify batch).
  await waitFor(() => expect(likeCountOf(chess)).toBe(1));
  expect(cardRenders.get('p11-chess')).toBe((before.get('p11-chess') ?? 0) + 1);
  for (const id of HOME_LATEST.filter((id) => id !== 'p11-chess')) expect(cardRenders.get(id)).toBe(before.get(id));
});

test('one answer updates every list showing the post; a deletion takes its card out of every list', async () => {
  const user = userEvent.setup();
  // My newest post: first in my home feed and first in explore.
  await api.v2.posts.create({ content: 'In two lists at once', pic: '' });
  renderFeed('home');
  render(
    <MemoryRouter>
      <FeedPage mode="explore" />
    </MemoryRouter>,
  );
  const lists = () => [screen.getByRole('list', { name: 'Home feed' }), screen.getByRole('list', { name: 'Explore feed' })];
  const cards = () =>
    lists().map((list) =>
      within(list)
        .queryAllByRole('article')
        .find((a) => within(a).queryByText('In two lists at once'))!,
    );
  await waitFor(() => expect(cards().every(Boolean)).toBe(true));

  // A like from the home card: its answer shows on the explore card too.
  fireEvent.click(within(cards()[0]!).getByRole('button', { name: 'Like' }));
  await waitFor(() => expect(cards().map((card) => likeCountOf(card))).toEqual([1, 1]));
  expect(within(cards()[1]!).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');

  // Deleted from the explore card: gone from both lists, and from the cache.
  await user.click(within(cards()[1]!).getByRole('button', { name: 'Post options' }));
  await user.click(screen.getByRole('menuitem', { name: 'Delete post' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete post?' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByText('In two lists at once')).not.toBeInTheDocument());
  expect(within(lists()[0]!).getAllByRole('article').length).toBeGreaterThan(0);
  expect(ctx.toasts).toContainEqual({ toastType: 'success', message: CLIENT_MESSAGES.postDeleted });
});
