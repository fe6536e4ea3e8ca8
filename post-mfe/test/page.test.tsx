import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_MESSAGES } from '@social/mock-api/contract';
import { api } from '@social/shell/bus';
import { appendComment, putPost, queryClient, queryKeys } from '@social/shell/data';
import { signInAs } from '../../tools/jest/backend-kit';
import { ADARSH_ID, cachedComments, listed, renderPostPage, requestsTo, setupBackend } from './helpers';
import { wholeText } from '../../tools/jest/whole-text';

const ctx = setupBackend();

/** The comment (a list item) whose text is `text`. */
const commentBy = async (text: string) => {
  await screen.findByText(wholeText(text));
  return screen.getAllByRole('listitem').find((item) => item.matches('.post-comment') && within(item).queryByText(wholeText(text)))!;
};

test('shows the post and all its comments with replies; loads the post when nobody has', async () => {
  act(() => queryClient.clear());
  renderPostPage('p01-sunrise');
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  const article = await screen.findByRole('article', { name: 'Post by Sara Ahmed' });
  expect(within(article).getByText(/Woke up at 4:30/)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: '2 comments' })).toBeInTheDocument();
  const first = await commentBy('This is unreal 😍 which trail was this?');
  expect(within(first).getByRole('link', { name: 'Adarsh Balika' })).toHaveAttribute('href', '/profile/adarshbalika');
  expect(within(first).getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'false');
  // eslint-disable-next-line testing-library/no-node-access -- the count is the text beside the button
  expect(within(first).getByRole('button', { name: 'Upvote' }).nextElementSibling).toHaveTextContent('2');
  const replies = within(first).getByRole('list', { name: 'Replies to Adarsh Balika' });
  expect(within(replies).getAllByRole('listitem')).toHaveLength(2);
  expect(within(replies).getByRole('link', { name: 'Sara Ahmed' })).toBeInTheDocument();
  expect(within(replies).getByText('The north loop, start before 5 or you miss the colours!')).toBeInTheDocument();
  // The page asked for the post, so every remote now has its entry.
  expect(listed('p01-sunrise')?.commentCount).toBe(2);
});

test('a post missing from a partial list is fetched on its own', async () => {
  act(() => queryClient.removeQueries({ queryKey: queryKeys.post('p04-hike') }));
  renderPostPage('p04-hike');
  expect(await screen.findByRole('article', { name: 'Post by Kabir Shah' })).toBeInTheDocument();
  expect(requestsTo(ctx.server, '/api/v2/posts/p04-hike')).toBe(1);
});

test('an unknown post id says so, with a way home', async () => {
  renderPostPage('no-such-post');
  expect(await screen.findByText("This post doesn't exist or was deleted")).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the home feed' })).toHaveAttribute('href', '/');
  expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
});

test('a deleted post says "Post not found" on its first 404, asked once', async () => {
  const { post } = await api.v2.posts.create({ content: 'Soon gone', pic: '' });
  await api.v2.posts.remove(post._id);
  renderPostPage(post._id);
  expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
  expect(requestsTo(ctx.server, `/api/v2/posts/${post._id}`, 'GET')).toBe(1);
});

test('a post deleted elsewhere since it was listed: its address says "Post not found" once the server answers 404', async () => {
  // The list holds Kabir's post; Kabir deletes it on another device; the copy here is old (past its fresh time).
  const kabir = await signInAs(3);
  await kabir.api.v2.posts.remove('p04-hike');
  act(() => void queryClient.invalidateQueries({ queryKey: queryKeys.post('p04-hike'), refetchType: 'none' }));
  renderPostPage('p04-hike');
  expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
  expect(requestsTo(ctx.server, '/api/v2/posts/p04-hike', 'GET')).toBe(1);
});

test('follows the query cache: a change made elsewhere shows here', async () => {
  renderPostPage('p04-hike');
  await screen.findByRole('article');
  await screen.findByText(wholeText('The goat is the real hero here 😂'));
  // A comment added from another part of the page: its answer lands in the cache.
  const { comment, post } = await api.v2.comments.add('p04-hike', 'Added from the feed');
  act(() => {
    putPost(post);
    appendComment(comment);
  });
  expect(await screen.findByText('Added from the feed')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: '2 comments' })).toBeInTheDocument();
  expect(within(screen.getByRole('article')).getByRole('link', { name: 'Comments' })).toHaveAccessibleDescription('2');
});

test('a comment: empty gives the info toast; otherwise it is added and the counts go up', async () => {
  renderPostPage('p04-hike');
  await screen.findByRole('article');
  const box = screen.getByRole('textbox', { name: 'Write a comment' });
  const post = screen.getByRole('button', { name: 'Post' });
  await userEvent.type(box, '   ');
  await userEvent.click(post);
  expect(ctx.toasts).toEqual([{ toastType: 'info', message: CLIENT_MESSAGES.emptyComment }]);
  expect(requestsTo(ctx.server, '/api/v2/posts/p04-hike/comments', 'POST')).toBe(0);

  await userEvent.clear(box);
  await userEvent.type(box, 'Great route, https://example.com/map');
  await userEvent.click(post);
  const added = await commentBy('https://example.com/map');
  expect(within(added).getByRole('link', { name: 'Adarsh Balika' })).toBeInTheDocument();
  expect(within(added).getByRole('link', { name: 'https://example.com/map' })).toHaveAttribute('target', '_blank');
  expect(box).toHaveValue('');
  expect(screen.getByRole('heading', { name: '2 comments' })).toBeInTheDocument();
  expect(within(screen.getByRole('article')).getByRole('link', { name: 'Comments' })).toHaveAccessibleDescription('2');
  expect(cachedComments('p04-hike')).toHaveLength(2);
});

test('comment options: Edit and Delete for my comment, Delete only on my post, none otherwise', async () => {
  const { unmount } = renderPostPage('p01-sunrise');
  const mine = await commentBy('This is unreal 😍 which trail was this?');
  await userEvent.click(within(mine).getByRole('button', { name: 'Comment options' }));
  expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Edit', 'Delete']);
  await userEvent.keyboard('{Escape}');
  // Aiko's comment on Sara's post: neither mine nor on my post.
  const theirs = await commentBy('Wallpaper material 🖼️');
  expect(within(theirs).queryByRole('button', { name: 'Comment options' })).not.toBeInTheDocument();
  unmount();

  renderPostPage('p02-css');
  const onMyPost = await commentBy('And it works nicely with focus-visible for accessible cards ♿');
  await userEvent.click(within(onMyPost).getByRole('button', { name: 'Comment options' }));
  expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Delete']);
});

test('inline edit: empty gives the info toast, Cancel keeps the text, Save changes it', async () => {
  renderPostPage('p01-sunrise');
  const mine = await commentBy('This is unreal 😍 which trail was this?');
  const edit = async () => {
    await userEvent.click(within(mine).getByRole('button', { name: 'Comment options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    return within(mine).getByRole('textbox', { name: 'Edit comment' });
  };
  let box = await edit();
  expect(box).toHaveValue('This is unreal 😍 which trail was this?');
  await userEvent.clear(box);
  await userEvent.click(within(mine).getByRole('button', { name: 'Save' }));
  expect(ctx.toasts).toEqual([{ toastType: 'info', message: CLIENT_MESSAGES.emptyEditComment }]);
  await userEvent.click(within(mine).getByRole('button', { name: 'Cancel' }));
  expect(within(mine).getByText(wholeText('This is unreal 😍 which trail was this?'))).toBeInTheDocument();

  box = await edit();
  await userEvent.clear(box);
  await userEvent.type(box, 'Which trail? 🥾');
  await userEvent.click(within(mine).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(within(mine).queryByRole('textbox', { name: 'Edit comment' })).not.toBeInTheDocument());
  expect(within(mine).getByText('Which trail? 🥾')).toBeInTheDocument();
  expect(cachedComments('p01-sunrise')[0]!.content).toBe('Which trail? 🥾');
  // Replies are untouched by an edit.
  expect(cachedComments('p01-sunrise')[0]!.replies).toHaveLength(2);
});

test('delete a comment after confirming', async () => {
  renderPostPage('p02-css');
  const theirs = await commentBy('And it works nicely with focus-visible for accessible cards ♿');
  await userEvent.click(within(theirs).getByRole('button', { name: 'Comment options' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete comment?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByText('And it works nicely with focus-visible for accessible cards ♿')).not.toBeInTheDocument());
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { name: '0 comments' })).toBeInTheDocument();
  expect(cachedComments('p02-css')).toHaveLength(0);
});

test('Upvote toggles, showing at once and then the server count', async () => {
  renderPostPage('p01-sunrise');
  const mine = await commentBy('This is unreal 😍 which trail was this?');
  const upvote = within(mine).getByRole('button', { name: 'Upvote' });
  const count = () => upvote.nextElementSibling?.textContent;
  await userEvent.click(upvote);
  expect(upvote).toHaveAttribute('aria-pressed', 'true');
  expect(count()).toBe('3');
  await waitFor(() => expect(cachedComments('p01-sunrise')[0]!.viewerUpvoted).toBe(true));
  expect(count()).toBe('3');
  await userEvent.click(upvote);
  expect(upvote).toHaveAttribute('aria-pressed', 'false');
  await waitFor(() => expect(cachedComments('p01-sunrise')[0]!.viewerUpvoted).toBe(false));
  expect(count()).toBe('2');
});

test('Reply: empty gives the info toast; a reply is added under the comment, which stays as it was', async () => {
  renderPostPage('p01-sunrise');
  const theirs = await commentBy('Wallpaper material 🖼️');
  await userEvent.click(within(theirs).getByRole('button', { name: 'Reply' }));
  const box = within(theirs).getByRole('textbox', { name: 'Write a reply' });
  expect(box).toHaveFocus();
  await userEvent.click(within(theirs).getByRole('button', { name: 'Send reply' }));
  expect(ctx.toasts).toEqual([{ toastType: 'info', message: CLIENT_MESSAGES.emptyReply }]);

  await userEvent.type(box, 'Same here 🙌');
  await userEvent.click(within(theirs).getByRole('button', { name: 'Send reply' }));
  const replies = await within(theirs).findByRole('list', { name: 'Replies to Aiko Tanaka' });
  expect(within(replies).getByText('Same here 🙌')).toBeInTheDocument();
  expect(within(replies).getByRole('link', { name: 'Adarsh Balika' })).toBeInTheDocument();
  // The reply box closes once the send has finished: wait for it rather than read it at once.
  await waitFor(() => expect(within(theirs).queryByRole('textbox', { name: 'Write a reply' })).not.toBeInTheDocument());
  // A reply leaves its comment's text alone: it is not "(edited)".
  expect(within(theirs).queryByText('(edited)')).not.toBeInTheDocument();
  const comment = cachedComments('p01-sunrise').find((c) => c._id === 'c01-2')!;
  expect(comment.content).toBe('Wallpaper material 🖼️');
  expect(comment.replies).toHaveLength(1);
  expect(comment.replies[0]!.user._id).toBe(ADARSH_ID);
  expect(comment.replies[0]!._id).toBeTruthy();
});

test('a sent reply gives focus back to Reply, unless the member went on to another control meanwhile', async () => {
  const user = userEvent.setup();
  renderPostPage('p01-sunrise');
  const theirs = await commentBy('Wallpaper material 🖼️');
  const replyButton = within(theirs).getByRole('button', { name: 'Reply' });

  // Sent with Enter from the box: the box closes and focus is on Reply again.
  await user.click(replyButton);
  await user.keyboard('First reply{Enter}');
  await within(theirs).findByText('First reply');
  await waitFor(() => expect(replyButton).toHaveFocus());

  // Held at the server while the member moves on (the search, another comment's control).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const send = api.v2.comments.reply.bind(api.v2.comments);
  const spy = jest.spyOn(api.v2.comments, 'reply').mockImplementation(async (...args) => {
    await held;
    return send(...args);
  });
  try {
    await user.click(replyButton);
    await user.keyboard('Second reply{Enter}');
    await waitFor(() => expect(spy).toHaveBeenCalled());
    const elsewhere = within(await commentBy('This is unreal 😍 which trail was this?')).getByRole('button', { name: 'Upvote' });
    act(() => elsewhere.focus());
    act(() => release());
    await within(theirs).findByText('Second reply');
    await waitFor(() => expect(within(theirs).queryByRole('textbox', { name: 'Write a reply' })).not.toBeInTheDocument());
    expect(elsewhere).toHaveFocus();
  } finally {
    spy.mockRestore();
  }
});

test('deleting the post from its page goes home', async () => {
  renderPostPage('p02-css');
  const article = await screen.findByRole('article');
  await userEvent.click(within(article).getByRole('button', { name: 'Post options' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Delete post' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete post?' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(/^\/$/));
  expect(ctx.toasts).toEqual([{ toastType: 'success', message: CLIENT_MESSAGES.postDeleted }]);
  expect(screen.getByText('Home')).toBeInTheDocument();
  // A keyboard member goes on from the page's <main>, not from <body> with the removed card.
  await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
});

/** The reply (a list item) whose text is `text`. */
const replyBy = async (text: string) => {
  await screen.findByText(wholeText(text));
  return screen.getAllByRole('listitem').find((item) => item.matches('.post-reply') && within(item).queryByText(wholeText(text)))!;
};

test("reply options: none on others' replies; Edit and Delete on mine: edit inline, delete after confirming", async () => {
  const { unmount } = renderPostPage('p01-sunrise');
  // Sara's reply on Sara's post: neither mine nor on my post.
  const theirs = await replyBy('The north loop, start before 5 or you miss the colours!');
  expect(within(theirs).queryByRole('button', { name: 'Reply options' })).not.toBeInTheDocument();
  unmount();

  renderPostPage('p02-css');
  let mine = await replyBy('Ooh, example please? 🙏');
  await userEvent.click(within(mine).getByRole('button', { name: 'Reply options' }));
  expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Edit', 'Delete']);
  await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
  const box = within(mine).getByRole('textbox', { name: 'Edit reply' });
  expect(box).toHaveValue('Ooh, example please? 🙏');
  await userEvent.clear(box);
  await userEvent.click(within(mine).getByRole('button', { name: 'Save' }));
  expect(ctx.toasts).toEqual([{ toastType: 'info', message: CLIENT_MESSAGES.emptyReply }]);
  await userEvent.type(box, 'An example, please? 🙏');
  await userEvent.click(within(mine).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(within(mine).queryByRole('textbox', { name: 'Edit reply' })).not.toBeInTheDocument());
  expect(within(mine).getByText(wholeText('An example, please? 🙏'))).toBeInTheDocument();
  const onServer = async () => (await api.v2.comments.ofPost('p02-css')).comments[0]!.replies;
  expect((await onServer()).map((r) => r.content)).toEqual(['An example, please? 🙏']);

  mine = await replyBy('An example, please? 🙏');
  await userEvent.click(within(mine).getByRole('button', { name: 'Reply options' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete reply?' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByText(wholeText('An example, please? 🙏'))).not.toBeInTheDocument());
  expect(await onServer()).toEqual([]);
  // The comment itself stays.
  expect(screen.getByText('And it works nicely with focus-visible for accessible cards ♿')).toBeInTheDocument();
});

test("on my post I can delete another member's reply, but not edit it", async () => {
  renderPostPage('p09-launch');
  const theirs = await replyBy('Big milestone 👏');
  await userEvent.click(within(theirs).getByRole('button', { name: 'Reply options' }));
  expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Delete']);
  await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete reply?' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByText(wholeText('Big milestone 👏'))).not.toBeInTheDocument());
  expect(ctx.toasts).toEqual([]);
});

test('Ctrl+Enter sends a comment and Cmd+Enter a reply, from their boxes', async () => {
  renderPostPage('p04-hike');
  await screen.findByRole('article');
  const box = screen.getByRole('textbox', { name: 'Write a comment' });
  await userEvent.type(box, 'Sent with Ctrl+Enter');
  await userEvent.keyboard('{Control>}{Enter}{/Control}');
  const added = await commentBy('Sent with Ctrl+Enter');
  await waitFor(() => expect(box).toHaveValue(''));
  expect(requestsTo(ctx.server, '/api/v2/posts/p04-hike/comments', 'POST')).toBe(1);

  await userEvent.click(within(added).getByRole('button', { name: 'Reply' }));
  await userEvent.type(within(added).getByRole('textbox', { name: 'Write a reply' }), 'Sent with Cmd+Enter');
  await userEvent.keyboard('{Meta>}{Enter}{/Meta}');
  const replies = await within(added).findByRole('list', { name: 'Replies to Adarsh Balika' });
  expect(within(replies).getByText('Sent with Cmd+Enter')).toBeInTheDocument();
  await waitFor(() => expect(within(added).queryByRole('textbox', { name: 'Write a reply' })).not.toBeInTheDocument());
});

test('"{n} likes" opens "Liked by": the members who liked the post, newest first, as links to their profiles', async () => {
  const { api: kabir } = await signInAs(3);
  const { post } = await kabir.v2.posts.create({ content: 'Liked by whom?', pic: '' });
  const [meera, sara] = [await signInAs(2), await signInAs(4)];
  await meera.api.v2.posts.like(post._id);
  await sara.api.v2.posts.like(post._id);
  renderPostPage(post._id);
  await userEvent.click(await screen.findByRole('button', { name: '2 likes' }));
  const dialog = await screen.findByRole('dialog', { name: 'Liked by' });
  const links = await within(dialog).findAllByRole('link');
  expect(links.map((link) => [link.textContent?.replace(/@.*/, ''), link.getAttribute('href')])).toEqual([
    [`${sara.user.firstName} ${sara.user.lastName}`, `/profile/${sara.user.userHandler}`],
    [`${meera.user.firstName} ${meera.user.lastName}`, `/profile/${meera.user.userHandler}`],
  ]);
  expect(links[0]).toHaveAccessibleName(`${sara.user.firstName} ${sara.user.lastName}`);
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Liked by' })).not.toBeInTheDocument());
});

test('one like reads "1 like"; no like shows "0 likes" and an empty list', async () => {
  const { api: kabir } = await signInAs(3);
  const { post } = await kabir.v2.posts.create({ content: 'Nobody yet', pic: '' });
  renderPostPage(post._id);
  await userEvent.click(await screen.findByRole('button', { name: '0 likes' }));
  expect(
    await within(await screen.findByRole('dialog', { name: 'Liked by' })).findByText('Nobody you can see liked this post yet.'),
  ).toBeInTheDocument();
  await userEvent.keyboard('{Escape}');
  await (await signInAs(2)).api.v2.posts.like(post._id);
  act(() => queryClient.removeQueries({ queryKey: queryKeys.post(post._id) }));
  renderPostPage(post._id);
  expect(await screen.findByRole('button', { name: '1 like' })).toBeInTheDocument();
});
