/**
 * Live events in the feed (issue 23, docs/live.md): new posts wait behind "Show N new posts",
 * counts change in place, a post deleted elsewhere leaves with a notice, and an action on a
 * deleted post says so clearly. Events come through a live connection with a test source
 * (the real transports are covered end to end in e2e/live.e2e.ts).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LivePost } from '@social/mock-api/contract-live';
import type { PostV2 } from '@social/mock-api/contract-v2';
import { applyLiveEvent, DELETED_POST_MESSAGE, POST_DELETED_NOTICE, queryClient, type LiveContext } from '@social/shell/data';
import { api } from '@social/shell/bus';
import { signInAs } from '../../tools/jest/backend-kit';
import { setUpLiveSource } from '../../tools/jest/live-kit';
import { likeCountOf, postIdOf } from '../../tools/jest/federation-kit';
import { findCards, renderFeed, setUpFeedTests, shownPostIds } from './helpers';

const ctx = setUpFeedTests();

const { send } = setUpLiveSource();

const live = ({ viewer: _viewer, ...post }: PostV2): LivePost => post;

/** The comment count beside the card's Comments link. */
// eslint-disable-next-line testing-library/no-node-access -- the count is the text of the card's second counter
const commentCountOf = (card: HTMLElement) => card.querySelectorAll('.post-card__count')[1]?.textContent?.trim();

const cardOf = (postId: string) => screen.getAllByRole('article').find((card) => postIdOf(card) === postId)!;

test('new posts by people in my circle wait behind "Show N new posts"; nothing moves and focus stays until I ask', async () => {
  const user = userEvent.setup();
  renderFeed('home');
  await findCards();
  const shownBefore = shownPostIds();
  const like = within(cardOf(shownBefore[1]!)).getByRole('button', { name: 'Like' });
  like.focus();

  const meera = await signInAs(2);
  const first = (await meera.api.v2.posts.create({ content: 'Live one', pic: '' })).post;
  await send({ kind: 'post.created', data: { post: live(first) } });
  expect(await screen.findByRole('button', { name: 'Show 1 new post' })).toBeInTheDocument();
  expect(screen.getByText('1 new post')).toHaveAttribute('aria-live', 'polite');
  // Nothing moved, and focus is where the member left it.
  expect(shownPostIds()).toEqual(shownBefore);
  expect(like).toHaveFocus();

  const second = (await meera.api.v2.posts.create({ content: 'Live two', pic: '' })).post;
  await send({ kind: 'post.created', data: { post: live(second) } });
  expect(await screen.findByRole('button', { name: 'Show 2 new posts' })).toBeInTheDocument();
  expect(screen.getByText('2 new posts')).toBeInTheDocument();
  expect(shownPostIds()).toEqual(shownBefore);

  await user.click(screen.getByRole('button', { name: 'Show 2 new posts' }));
  expect(shownPostIds()).toEqual([second._id, first._id, ...shownBefore]);
  expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Your feed' })).toHaveFocus();

  // The same event again (a reconnect's replay) adds nothing.
  await send({ kind: 'post.created', data: { post: live(second) } });
  expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
  // Generous: two posts written through the API and two member look-ups on a loaded 2-core machine.
}, 60_000);

test('my own new post is never announced: arriving live (from another tab, or before my create has its answer) it goes on top', async () => {
  renderFeed('home');
  await findCards();
  const shownBefore = shownPostIds();
  // Written through the API, as another tab of mine does: only its live event reaches this page.
  const mine = (await api.v2.posts.create({ content: 'Mine, from another tab', pic: '' })).post;
  await send({ kind: 'post.created', data: { post: live(mine) } });
  await waitFor(() => expect(shownPostIds()).toEqual([mine._id, ...shownBefore]));
  expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
  expect(screen.queryByText('1 new post')).not.toBeInTheDocument();
});

test('a post by someone outside my circle does not wait for home', async () => {
  renderFeed('home');
  await findCards();
  const made = (await (await signInAs(2)).api.v2.posts.create({ content: 'Not for Adarsh', pic: '' })).post;
  const post: LivePost = { ...live(made), userId: 'someone-outside' };
  const liveCtx: LiveContext = {
    client: queryClient,
    myId: 'u1-adarsh',
    inHomeFeed: () => null,
    // The server says Adarsh neither follows them nor is followed by them.
    askHomeFeed: async () => false,
    followChanged: () => undefined,
    notify: () => undefined,
  };
  await act(() => applyLiveEvent({ id: '1', kind: 'post.created', data: { post } }, liveCtx));
  expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
});

test('counts change in place on every copy, my own reaction stays, and the same event twice counts once', async () => {
  renderFeed('home');
  await findCards();
  const postId = shownPostIds()[0]!;
  const likesBefore = likeCountOf(cardOf(postId));
  const event = {
    kind: 'post.counts',
    data: { postId, likeCount: likesBefore + 3, dislikeCount: 0, commentCount: 9, repostCount: 0 },
  } as const;
  await send(event);
  await waitFor(() => expect(likeCountOf(cardOf(postId))).toBe(likesBefore + 3));
  await send(event);
  expect(likeCountOf(cardOf(postId))).toBe(likesBefore + 3);
  expect(queryClient.getQueryData<PostV2>(['post', postId])).toMatchObject({
    likeCount: likesBefore + 3,
    commentCount: 9,
    viewer: expect.any(Object),
  });
});

test('a post deleted elsewhere leaves the feed with a short notice', async () => {
  renderFeed('home');
  await findCards();
  const ids = shownPostIds();
  const gone = ids.find((id) => id !== ids[0])!;
  await send({ kind: 'post.deleted', data: { postId: gone } });
  await waitFor(() => expect(shownPostIds()).not.toContain(gone));
  expect(ctx.toasts).toContainEqual({ toastType: 'info', message: POST_DELETED_NOTICE });
});

test('liking a post its author deleted meanwhile says so clearly, never the raw 404, and the card goes', async () => {
  const user = userEvent.setup();
  renderFeed('home');
  await findCards();
  // Meera's post, deleted by Meera while it stays on this screen (no event reached it).
  const meera = await signInAs(2);
  const posts = (await meera.api.v2.members.posts(meera.user._id)).posts;
  const target = posts.find((p) => shownPostIds().includes(p._id))!;
  await meera.api.v2.posts.remove(target._id);

  await user.click(within(cardOf(target._id)).getByRole('button', { name: 'Dislike' }));
  await waitFor(() => expect(ctx.toasts).toContainEqual({ toastType: 'error', message: DELETED_POST_MESSAGE }));
  expect(ctx.toasts.map((t) => t.message).join()).not.toMatch(/Not Found error/);
  await waitFor(() => expect(shownPostIds()).not.toContain(target._id));
});

test("my own like counts once when its live event arrives before the server's answer", async () => {
  const user = userEvent.setup();
  renderFeed('home');
  await findCards();
  // A post I have not reacted to.
  const postId = shownPostIds().find((id) => !queryClient.getQueryData<PostV2>(['post', id])?.viewer?.reaction)!;
  const before = likeCountOf(cardOf(postId));
  // The answer waits until the test lets it through; the event comes first.
  let answer!: (value: { post: PostV2 }) => void;
  const like = jest.spyOn(api.v2.posts, 'like').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  try {
    await user.click(within(cardOf(postId)).getByRole('button', { name: 'Like' }));
    expect(likeCountOf(cardOf(postId))).toBe(before + 1);
    // The event also brings a comment (7 in all), so the card's re-render with it can be waited for.
    await send({ kind: 'post.counts', data: { postId, likeCount: before + 1, dislikeCount: 0, commentCount: 7, repostCount: 0 } });
    await waitFor(() => expect(commentCountOf(cardOf(postId))).toBe('7'));
    expect(likeCountOf(cardOf(postId))).toBe(before + 1);
    const cached = queryClient.getQueryData<PostV2>(['post', postId])!;
    await act(async () =>
      answer({ post: { ...cached, likeCount: before + 1, viewer: { reaction: 'like', bookmarked: false, reposted: false } } }),
    );
    await waitFor(() => expect(within(cardOf(postId)).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true'));
    expect(likeCountOf(cardOf(postId))).toBe(before + 1);
  } finally {
    like.mockRestore();
  }
});

test("my like and bookmark made in another tab show here; another member's never change mine", async () => {
  renderFeed('home');
  await findCards();
  const postId = shownPostIds()[0]!;
  const likeOf = () => within(cardOf(postId)).getByRole('button', { name: 'Like' });
  expect(likeOf()).toHaveAttribute('aria-pressed', 'false');
  const me = (await signInAs(1)).user._id;
  const meera = (await signInAs(2)).user._id;

  await send({ kind: 'viewer.post', data: { memberId: meera, postId, viewer: { reaction: 'like', bookmarked: true, reposted: false } } });
  // Sent after, so once it shows, Meera's event has been applied and changed nothing of mine.
  await send({ kind: 'post.counts', data: { postId, likeCount: 40, dislikeCount: 0, commentCount: 8, repostCount: 0 } });
  await waitFor(() => expect(commentCountOf(cardOf(postId))).toBe('8'));
  expect(likeOf()).toHaveAttribute('aria-pressed', 'false');

  await send({ kind: 'viewer.post', data: { memberId: me, postId, viewer: { reaction: 'like', bookmarked: true, reposted: false } } });
  await waitFor(() => expect(likeOf()).toHaveAttribute('aria-pressed', 'true'));
  expect(queryClient.getQueryData<PostV2>(['post', postId])?.viewer).toEqual({ reaction: 'like', bookmarked: true, reposted: false });
});
