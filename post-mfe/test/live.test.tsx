/**
 * Live events on an open post page (issue 23, docs/live.md): comments and replies added,
 * edited and deleted elsewhere come in; counts change in place; a post deleted elsewhere says
 * so. Events go through a live connection with a test source.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveComment } from '@social/mock-api/contract-live';
import type { CommentV2, CommentsPageV2 } from '@social/mock-api/contract-v2';
import { api } from '@social/shell/bus';
import { queryClient, queryKeys } from '@social/shell/data';
import { signInAs } from '../../tools/jest/backend-kit';
import { setUpLiveSource } from '../../tools/jest/live-kit';
import { cachedComments, renderPostPage, setupBackend } from './helpers';
import { wholeText } from '../../tools/jest/whole-text';

setupBackend();

const { send } = setUpLiveSource();

const author = { _id: 'u2-meera', firstName: 'Meera', lastName: 'Nair', userHandler: 'meeranair', pic: '' };
const comment = (content: string, replies: LiveComment['replies'] = []): LiveComment => ({
  _id: 'live-c1',
  postId: 'p01-sunrise',
  content,
  user: author,
  upvoteCount: 0,
  replies,
  createdAt: '2026-11-24T04:00:00.000Z',
  updatedAt: '2026-11-24T04:00:00.000Z',
});

test('a comment, its reply, its edit and its deletion made elsewhere show on the open post page, once each', async () => {
  renderPostPage('p01-sunrise');
  await screen.findByRole('heading', { name: '2 comments' });
  await screen.findByText(wholeText('This is unreal 😍 which trail was this?'));

  await send(
    { kind: 'comment.added', data: { comment: comment('Arrived live') } },
    { kind: 'post.counts', data: { postId: 'p01-sunrise', likeCount: 5, dislikeCount: 0, commentCount: 3, repostCount: 0 } },
  );
  expect(await screen.findByText('Arrived live')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: '3 comments' })).toBeInTheDocument();
  // A replay of the same events changes nothing.
  await send({ kind: 'comment.added', data: { comment: comment('Arrived live') } });
  expect(screen.getAllByText('Arrived live')).toHaveLength(1);

  const reply = {
    _id: 'live-r1',
    commentId: 'live-c1',
    user: author,
    content: 'A live reply',
    createdAt: '2026-11-24T04:01:00.000Z',
    updatedAt: '2026-11-24T04:01:00.000Z',
  };
  await send({ kind: 'comment.edited', data: { comment: comment('Arrived live, edited', [reply]) } });
  expect(await screen.findByText('Arrived live, edited')).toBeInTheDocument();
  expect(screen.getByText('A live reply')).toBeInTheDocument();

  await send(
    { kind: 'comment.deleted', data: { commentId: 'live-c1', postId: 'p01-sunrise' } },
    { kind: 'post.counts', data: { postId: 'p01-sunrise', likeCount: 5, dislikeCount: 0, commentCount: 2, repostCount: 0 } },
  );
  await waitFor(() => expect(screen.queryByText('Arrived live, edited')).not.toBeInTheDocument());
  expect(screen.getByRole('heading', { name: '2 comments' })).toBeInTheDocument();
});

test('a live edit shows "(edited)" as it says; one that does not say keeps the marks the page had', async () => {
  renderPostPage('p01-sunrise');
  await screen.findByRole('heading', { name: '2 comments' });
  const reply = { _id: 'live-r1', commentId: 'live-c1', user: author, content: 'A reply', createdAt: '2026-11-24T04:01:00.000Z' };
  await screen.findByText(wholeText('This is unreal 😍 which trail was this?'));
  await send({ kind: 'comment.added', data: { comment: comment('Arrived live') } });
  await screen.findByText('Arrived live');
  await send({
    kind: 'comment.edited',
    data: { comment: { ...comment('Arrived live, edited', [{ ...reply, updatedAt: reply.createdAt, edited: true }]), edited: true } },
  });
  expect(await screen.findByText('Arrived live, edited')).toBeInTheDocument();
  expect(screen.getAllByText('(edited)')).toHaveLength(2);
  // The in-browser backend's live events carry no marks: an upvote elsewhere leaves them shown.
  await send({
    kind: 'comment.edited',
    data: { comment: { ...comment('Arrived live, edited', [{ ...reply, updatedAt: reply.createdAt }]), upvoteCount: 1 } },
  });
  await waitFor(() => expect(cachedComments('p01-sunrise').find((c) => c._id === 'live-c1')?.upvoteCount).toBe(1));
  expect(screen.getAllByText('(edited)')).toHaveLength(2);
});

test('a post deleted while its page is open says so, with a way home', async () => {
  renderPostPage('p01-sunrise');
  await screen.findByRole('heading', { name: '2 comments' });
  await send({ kind: 'post.deleted', data: { postId: 'p01-sunrise' } });
  expect(await screen.findByRole('heading', { name: 'Post deleted' })).toBeInTheDocument();
  expect(screen.getByText('This post was deleted by its author.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the home feed' })).toHaveAttribute('href', '/');
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
});

test("my own upvote counts once when its live event arrives before the server's answer", async () => {
  const user = userEvent.setup();
  renderPostPage('p01-sunrise');
  const text = 'This is unreal 😍 which trail was this?';
  await screen.findByText(wholeText(text));
  const cached = queryClient
    .getQueryData<{ pages: CommentsPageV2[] }>(queryKeys.comments('p01-sunrise'))!
    .pages[0]!.comments.find((c) => c.content === text)!;
  const before = cached.upvoteCount;
  const countOf = () => screen.getAllByRole('button', { name: 'Upvote' })[0]!.nextElementSibling?.textContent;
  let answer!: (value: { comment: CommentV2 }) => void;
  const upvote = jest.spyOn(api.v2.comments, 'upvote').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  try {
    await user.click(screen.getAllByRole('button', { name: 'Upvote' })[0]!);
    expect(countOf()).toBe(String(before + 1));
    // The event (with an edit, so its re-render can be waited for) comes before the answer.
    const { viewerUpvoted: _mine, ...shared } = cached;
    await send({ kind: 'comment.edited', data: { comment: { ...shared, content: 'Edited as it came in', upvoteCount: before + 1 } } });
    await screen.findByText('Edited as it came in');
    expect(countOf()).toBe(String(before + 1));
    await act(async () =>
      answer({ comment: { ...cached, content: 'Edited as it came in', upvoteCount: before + 1, viewerUpvoted: true } }),
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Upvote' })[0]).toHaveAttribute('aria-pressed', 'true'));
    expect(countOf()).toBe(String(before + 1));
  } finally {
    upvote.mockRestore();
  }
});

test('a comment whose event arrives while the comments are still loading, with an answer from before it, still shows', async () => {
  // The backend answers a read some time after computing it (its delay, or the network): a
  // comment made meanwhile has its event here before that older answer.
  const ofPost = api.v2.comments.ofPost;
  let releaseStale!: () => void;
  const released = new Promise<void>((resolve) => (releaseStale = resolve));
  const spy = jest.spyOn(api.v2.comments, 'ofPost').mockImplementationOnce(async (postId, query) => {
    const before = await ofPost(postId, query);
    await released;
    return before;
  });
  try {
    renderPostPage('p01-sunrise');
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    const { comment: added } = await api.v2.comments.add('p01-sunrise', 'Made while the page loaded');
    const { viewerUpvoted: _mine, ...live } = added;
    await send({ kind: 'comment.added', data: { comment: live } });
    releaseStale();
    expect(await screen.findByText('Made while the page loaded')).toBeInTheDocument();
    expect(screen.getByText(wholeText('This is unreal 😍 which trail was this?'))).toBeInTheDocument();
  } finally {
    spy.mockRestore();
  }
});

test('a member who changes their picture elsewhere shows it at once on the card of their post and on their reply', async () => {
  renderPostPage('p03-sketch');
  await screen.findByText('Good call, noted 📝');
  const meera = await signInAs(2);
  const picture = 'data:image/png;base64,iVBORw0KGgo=';
  const { me } = await meera.api.v2.me.edit({ pic: picture });
  const { username: _username, bookmarkCount: _bookmarks, ...member } = me;
  // The author's avatar is decorative (alt ''): the link's name is the member's name beside it.
  const pictures = () =>
    screen.getAllByRole('link', { name: 'Meera Nair' }).map((link) => within(link).getByRole('presentation').getAttribute('src'));
  // The card's author and her reply under Kabir's comment, both with the picture she had.
  expect(pictures()).toHaveLength(2);
  expect(pictures()).not.toContain(me.pic);

  await send({ kind: 'member.changed', data: { member } });
  await waitFor(() => expect(pictures()).toEqual([me.pic, me.pic]));
  expect(me.pic).toBe(picture);
});
