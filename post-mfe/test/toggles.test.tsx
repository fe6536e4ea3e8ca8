/**
 * Every toggle of the post remote ends in the state of the member's LAST click, with a slow
 * backend (each answer takes 150 ms). The clicks are synchronous (fireEvent), so they all land
 * while the first request is under way, whatever the machine's load.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_MESSAGES } from '@social/mock-api/contract';
import { api } from '@social/shell/bus';
import { cachedComments, listed, loadList, renderCard, renderPostPage, requestsTo } from './helpers';
import { setUpTestBackend } from '../../tools/jest/backend-kit';
import { wholeText } from '../../tools/jest/whole-text';

const ctx = setUpTestBackend({ signIn: true, serverOptions: { timing: 150 } });
beforeEach(loadList);

const like = () => screen.getByRole('button', { name: 'Like' });
const dislike = () => screen.getByRole('button', { name: 'Dislike' });
const likeCount = () => like().nextElementSibling?.textContent;
const reaction = (postId: string) => listed(postId)?.viewer?.reaction ?? null;
/** Waits until no toggle of the page has a request under way. */
// eslint-disable-next-line testing-library/no-node-access -- aria-busy is a state, not a role or a name
const settled = () => waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());

describe('Like and dislike', () => {
  test('Like then Dislike before the first answer ends disliked, on the card and on the server', async () => {
    renderCard('p05-charts');
    fireEvent.click(like());
    fireEvent.click(dislike());
    expect(dislike()).toHaveAttribute('aria-pressed', 'true');
    expect(likeCount()).toBe('3');
    await waitFor(() => expect(reaction('p05-charts')).toBe('dislike'));
    await settled();
    expect(dislike()).toHaveAttribute('aria-pressed', 'true');
    expect(like()).toHaveAttribute('aria-pressed', 'false');
    expect(likeCount()).toBe('3');
    expect((await api.posts.byId('p05-charts')).post.likes.likedBy.map((u) => u._id)).not.toContain('u1-adarsh');
    // One at a time: the like went first, then the dislike.
    expect(requestsTo(ctx.server, '/api/v2/posts/like/p05-charts')).toBe(1);
    expect(requestsTo(ctx.server, '/api/v2/posts/dislike/p05-charts')).toBe(1);
    expect(ctx.toasts).toEqual([]);
  });

  test('Like, Dislike, Like ends liked with a single request (the server already holds the last choice)', async () => {
    renderCard('p05-charts');
    fireEvent.click(like());
    fireEvent.click(dislike());
    fireEvent.click(like());
    expect(like()).toHaveAttribute('aria-pressed', 'true');
    expect(likeCount()).toBe('4');
    await waitFor(() => expect(reaction('p05-charts')).toBe('like'));
    await settled();
    expect(like()).toHaveAttribute('aria-pressed', 'true');
    expect(likeCount()).toBe('4');
    expect(requestsTo(ctx.server, '/api/v2/posts/like/p05-charts')).toBe(1);
    expect(requestsTo(ctx.server, '/api/v2/posts/dislike/p05-charts')).toBe(0);
  });

  test('a failure rolls back to what the server holds, with the message', async () => {
    renderCard('p05-charts');
    const spy = jest.spyOn(api.v2.posts, 'like').mockRejectedValueOnce(new Error('The server could not be reached.'));
    fireEvent.click(like());
    expect(like()).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'error', message: 'The server could not be reached.' }]));
    expect(like()).toHaveAttribute('aria-pressed', 'false');
    expect(likeCount()).toBe('3');
    spy.mockRestore();
  });
});

describe('Save post / Remove saved', () => {
  // Synchronous clicks: all of them land before the first answer (each takes 150 ms).
  const choose = (name: string) => {
    fireEvent.click(screen.getByRole('button', { name: 'Post options' }));
    fireEvent.click(screen.getByRole('menuitem', { name }));
  };

  test('Save then Remove saved before the answer ends not saved, with one toast for the outcome', async () => {
    renderCard('p05-charts');
    choose('Save post');
    // The menu already offers the member's last choice.
    choose('Remove saved');
    await userEvent.click(screen.getByRole('button', { name: 'Post options' }));
    expect(screen.getByRole('menuitem', { name: 'Save post' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(ctx.server, '/api/v2/posts/remove-bookmark/p05-charts')).toBe(1));
    await waitFor(() => expect(listed('p05-charts')?.viewer?.bookmarked).toBe(false));
    expect((await api.users.bookmarks()).bookmarks).not.toContain('p05-charts');
    // Back where it started: nothing to announce.
    expect(ctx.toasts).toEqual([]);
  });

  test('Save, Remove saved, Save ends saved', async () => {
    renderCard('p05-charts');
    choose('Save post');
    choose('Remove saved');
    choose('Save post');
    await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'success', message: CLIENT_MESSAGES.bookmarkAdded }]));
    expect(listed('p05-charts')?.viewer?.bookmarked).toBe(true);
    expect((await api.users.bookmarks()).bookmarks).toContain('p05-charts');
    expect(requestsTo(ctx.server, '/api/v2/posts/bookmark/p05-charts')).toBe(1);
  });

  test('a failure rolls back with the message', async () => {
    renderCard('p05-charts');
    const spy = jest.spyOn(api.v2.posts, 'bookmark').mockRejectedValueOnce(new Error('The server could not be reached.'));
    choose('Save post');
    await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'error', message: 'The server could not be reached.' }]));
    await userEvent.click(screen.getByRole('button', { name: 'Post options' }));
    expect(screen.getByRole('menuitem', { name: 'Save post' })).toBeInTheDocument();
    expect(listed('p05-charts')?.viewer?.bookmarked).toBe(false);
    spy.mockRestore();
  });
});

describe('Comment upvote', () => {
  const commentBy = async (text: string) => {
    await screen.findByText(wholeText(text));
    return screen.getAllByRole('listitem').find((item) => within(item).queryByText(wholeText(text)) !== null)!;
  };
  const upvoted = () => cachedComments('p01-sunrise')[0]!.viewerUpvoted;

  test('a double click ends not upvoted, at the count it started from', async () => {
    renderPostPage('p01-sunrise');
    const comment = await commentBy('This is unreal 😍 which trail was this?');
    const upvote = within(comment).getByRole('button', { name: 'Upvote' });
    const count = () => upvote.nextElementSibling?.textContent;
    expect(count()).toBe('2');
    fireEvent.click(upvote);
    expect(upvote).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(upvote);
    expect(upvote).toHaveAttribute('aria-pressed', 'false');
    expect(count()).toBe('2');
    // The first request went out, then one to take it back.
    await waitFor(() => expect(requestsTo(ctx.server, '/api/v2/comments/upvote/c01-1')).toBe(2));
    await settled();
    expect(upvote).toHaveAttribute('aria-pressed', 'false');
    expect(count()).toBe('2');
    expect(upvoted()).toBe(false);
  });

  test('a triple click ends upvoted, with one request', async () => {
    renderPostPage('p01-sunrise');
    const comment = await commentBy('This is unreal 😍 which trail was this?');
    const upvote = within(comment).getByRole('button', { name: 'Upvote' });
    fireEvent.click(upvote);
    fireEvent.click(upvote);
    fireEvent.click(upvote);
    expect(upvote).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(upvoted()).toBe(true));
    await settled();
    expect(upvote).toHaveAttribute('aria-pressed', 'true');
    // eslint-disable-next-line testing-library/no-node-access -- the count is the text beside the button
    expect(upvote.nextElementSibling).toHaveTextContent('3');
    expect(requestsTo(ctx.server, '/api/v2/comments/upvote/c01-1')).toBe(1);
  });

  test('a failure rolls back with the message', async () => {
    renderPostPage('p01-sunrise');
    const comment = await commentBy('This is unreal 😍 which trail was this?');
    const upvote = within(comment).getByRole('button', { name: 'Upvote' });
    const spy = jest.spyOn(api.v2.comments, 'upvote').mockRejectedValueOnce(new Error('The server could not be reached.'));
    fireEvent.click(upvote);
    expect(upvote).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'error', message: 'The server could not be reached.' }]));
    expect(upvote).toHaveAttribute('aria-pressed', 'false');
    // eslint-disable-next-line testing-library/no-node-access -- the count is the text beside the button
    expect(upvote.nextElementSibling).toHaveTextContent('2');
    spy.mockRestore();
  });
});
