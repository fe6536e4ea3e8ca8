import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Response } from 'miragejs';
import { createApiClient } from '@social/mock-api/client';
import { CLIENT_MESSAGES, SERVER_ERRORS, TEST_CREDENTIALS } from '@social/mock-api/contract';
import { INPUT_MESSAGES } from '@social/mock-api/server';
import { api } from '@social/shell/bus';
import { REPORT_SENT, formatFullDate, formatRelativeDate } from '@social/shell/ui';
import { ADARSH_ID, decodesAs, listed, loadList, renderCard, requestsTo, setupBackend } from './helpers';
import { wholeText } from '../../tools/jest/whole-text';

const ctx = setupBackend();

const PNG = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'photo.png', { type: 'image/png' });

const card = () => screen.getByRole('article');
const like = () => within(card()).getByRole('button', { name: 'Like' });
const dislike = () => within(card()).getByRole('button', { name: 'Dislike' });
const likeCount = () => like().nextElementSibling?.textContent;
const openOptions = () => userEvent.click(within(card()).getByRole('button', { name: 'Post options' }));
const menuItems = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

test('shows author (linked to the profile), date with the full date on hover, text, image, counts and actions', async () => {
  renderCard('p01-sunrise');
  const article = card();
  expect(article).toHaveAccessibleName('Post by Sara Ahmed');
  expect(within(article).getByRole('link', { name: 'Sara Ahmed' })).toHaveAttribute('href', '/profile/saraahmed');
  const post = listed('p01-sunrise')!;
  const time = within(article).getByText(formatRelativeDate(post.createdAt));
  expect(time).toHaveAttribute('title', formatFullDate(post.createdAt));
  expect(time).toHaveAttribute('datetime', post.createdAt);
  expect(within(article).getByText(/Woke up at 4:30 for this sunrise/)).toBeInTheDocument();
  // No picture description: the alt says whose photo it is.
  expect(within(article).getByRole('img', { name: 'Sara Ahmed photo' })).toHaveAttribute('src', post.pic);
  // Adarsh liked this seed post: the like shows as chosen, with the count beside it.
  expect(like()).toHaveAttribute('aria-pressed', 'true');
  expect(dislike()).toHaveAttribute('aria-pressed', 'false');
  expect(likeCount()).toBe('5');
  const comments = within(article).getByRole('link', { name: 'Comments' });
  expect(comments).toHaveAttribute('href', '/post/p01-sunrise');
  expect(comments).toHaveAccessibleDescription('2');
  expect(within(article).getByRole('button', { name: 'Share' })).toBeInTheDocument();
});

test('clicking the text or the image opens the post page', async () => {
  renderCard('p01-sunrise');
  await userEvent.click(within(card()).getByText(/Woke up at 4:30/));
  expect(screen.getByLabelText('location')).toHaveTextContent('/post/p01-sunrise');
  expect(await screen.findByRole('heading', { name: '2 comments' })).toBeInTheDocument();
});

test("the options menu: others' posts offer saving and reporting; my own post adds Edit post and Delete post", async () => {
  const { unmount } = renderCard('p05-charts');
  await openOptions();
  expect(menuItems()).toEqual(['Save post', 'Report post']);
  unmount();

  renderCard('p02-css');
  await openOptions();
  expect(menuItems()).toEqual(['Save post', 'Edit post', 'Delete post']);
});

test('Save post and Remove saved update my bookmarks with a toast each', async () => {
  renderCard('p05-charts');
  await openOptions();
  await userEvent.click(screen.getByRole('menuitem', { name: 'Save post' }));
  await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'success', message: CLIENT_MESSAGES.bookmarkAdded }]));
  expect(listed('p05-charts')?.viewer?.bookmarked).toBe(true);
  expect((await api.users.bookmarks()).bookmarks).toContain('p05-charts');

  await openOptions();
  await userEvent.click(screen.getByRole('menuitem', { name: 'Remove saved' }));
  await waitFor(() => expect(ctx.toasts).toHaveLength(2));
  expect(ctx.toasts[1]).toEqual({ toastType: 'success', message: CLIENT_MESSAGES.bookmarkRemoved });
  expect(listed('p05-charts')?.viewer?.bookmarked).toBe(false);
  expect((await api.users.bookmarks()).bookmarks).not.toContain('p05-charts');
  await openOptions();
  expect(menuItems()).toEqual(['Save post', 'Report post']);
});

test('Report post sends the reason and details to the moderators, with the toast "Report sent"', async () => {
  renderCard('p05-charts');
  await openOptions();
  await userEvent.click(screen.getByRole('menuitem', { name: 'Report post' }));
  const dialog = screen.getByRole('dialog', { name: 'Report' });
  // No reason yet: the dialog says so and stays open.
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason.');
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Details' }), 'Insults in the replies');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
  await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'success', message: REPORT_SENT }]));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const { encodedToken } = await api.auth.login(TEST_CREDENTIALS[3]!);
  const { reports } = await createApiClient({ getToken: () => encodedToken }).v2.moderation.reports();
  expect(reports).toEqual([
    expect.objectContaining({
      reason: 'harassment',
      details: 'Insults in the replies',
      post: expect.objectContaining({ _id: 'p05-charts' }),
    }),
  ]);
});

test("a refused bookmark shows the server's message and changes nothing", async () => {
  // Saved in another tab: this page's stored user does not know yet.
  await api.users.bookmark('p05-charts');
  renderCard('p05-charts');
  await openOptions();
  await userEvent.click(screen.getByRole('menuitem', { name: 'Save post' }));
  await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'error', message: SERVER_ERRORS.alreadyBookmarked }]));
  expect(listed('p05-charts')?.viewer?.bookmarked).toBe(false);
});

test('Like shows at once, then settles to the server list; a chosen reaction is inactive', async () => {
  renderCard('p05-charts');
  expect(like()).toHaveAttribute('aria-pressed', 'false');
  expect(likeCount()).toBe('3');

  fireEvent.click(like());
  // Same frame, before the server has answered.
  expect(requestsTo(ctx.server, '/api/v2/posts/like/p05-charts')).toBe(0);
  expect(like()).toHaveAttribute('aria-pressed', 'true');
  expect(likeCount()).toBe('4');

  await waitFor(() => expect(listed('p05-charts')?.viewer?.reaction).toBe('like'));
  expect(like()).toHaveAttribute('aria-pressed', 'true');
  expect(like()).toHaveAttribute('aria-disabled', 'true');
  expect(likeCount()).toBe('4');
  expect(listed('p05-charts')!.likeCount).toBe(4);

  // No un-like from the card.
  await userEvent.click(like());
  expect(requestsTo(ctx.server, '/api/v2/posts/like/p05-charts')).toBe(1);
  expect(likeCount()).toBe('4');

  // Disliking a liked post is allowed: it takes the like back.
  fireEvent.click(dislike());
  expect(dislike()).toHaveAttribute('aria-pressed', 'true');
  expect(like()).toHaveAttribute('aria-pressed', 'false');
  expect(likeCount()).toBe('3');
  await waitFor(() => expect(listed('p05-charts')?.viewer?.reaction).toBe('dislike'));
  expect(likeCount()).toBe('3');
  expect(dislike()).toHaveAttribute('aria-disabled', 'true');
  expect(like()).not.toHaveAttribute('aria-disabled');
  expect(ctx.toasts).toEqual([]);
});

test('Dislike of a post I had not reacted to leaves the count and fills the icon; Like stays usable', async () => {
  renderCard('p08-plants');
  expect(likeCount()).toBe('0');
  fireEvent.click(dislike());
  expect(dislike()).toHaveAttribute('aria-pressed', 'true');
  expect(likeCount()).toBe('0');
  await waitFor(() => expect(listed('p08-plants')?.viewer?.reaction).toBe('dislike'));
  expect(dislike()).toHaveAttribute('aria-pressed', 'true');
  expect(likeCount()).toBe('0');

  fireEvent.click(like());
  expect(like()).toHaveAttribute('aria-pressed', 'true');
  expect(dislike()).toHaveAttribute('aria-pressed', 'false');
  expect(likeCount()).toBe('1');
  await waitFor(() => expect(listed('p08-plants')!.likeCount).toBe(1));
  expect(likeCount()).toBe('1');
});

test('a refused like rolls back with the server message', async () => {
  // Liked elsewhere: the list this page holds is stale.
  await api.posts.like('p05-charts');
  renderCard('p05-charts');
  fireEvent.click(like());
  expect(like()).toHaveAttribute('aria-pressed', 'true');
  expect(likeCount()).toBe('4');
  await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'error', message: SERVER_ERRORS.alreadyLiked.trim() }]));
  expect(like()).toHaveAttribute('aria-pressed', 'false');
  expect(likeCount()).toBe('3');
});

describe('Share', () => {
  const writeText = jest.fn<Promise<void>, [string]>();
  beforeEach(() => {
    writeText.mockReset();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  test('copies the absolute post link and says so', async () => {
    writeText.mockResolvedValue(undefined);
    renderCard('p01-sunrise');
    await userEvent.click(within(card()).getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/p01-sunrise`);
    await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'success', message: CLIENT_MESSAGES.linkCopied }]));
  });

  test('a refused clipboard shows the link in an error toast', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    renderCard('p01-sunrise');
    await userEvent.click(within(card()).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(ctx.toasts).toHaveLength(1));
    expect(ctx.toasts[0]!.toastType).toBe('error');
    expect(ctx.toasts[0]!.message).toContain(`${window.location.origin}/post/p01-sunrise`);
  });
});

describe('Edit post', () => {
  const openEdit = async () => {
    await openOptions();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit post' }));
    return screen.getByRole('dialog', { name: 'Edit post' });
  };

  test("opens with the post's text; Post is disabled while empty; Escape closes and gives focus back", async () => {
    renderCard('p02-css');
    const dialog = await openEdit();
    const text = within(dialog).getByRole('textbox', { name: "What's on your mind?" });
    expect(text).toHaveValue(listed('p02-css')!.content);
    await waitFor(() => expect(text).toHaveFocus());
    await userEvent.clear(text);
    expect(within(dialog).getByRole('button', { name: 'Post' })).toBeDisabled();
    await userEvent.type(text, '   ');
    expect(within(dialog).getByRole('button', { name: 'Post' })).toBeDisabled();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Post options' })).toHaveFocus();
    expect(requestsTo(ctx.server, '/api/v2/posts/edit/p02-css')).toBe(0);
  });

  test('a file that is not an allowed image gets a clear message', async () => {
    renderCard('p02-css');
    const dialog = await openEdit();
    const file = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });
    // applyAccept off: the browser's picker filter is a hint, a drop or "All files" can still pass anything.
    await userEvent.setup({ applyAccept: false }).upload(within(dialog).getByLabelText('Add photo or GIF'), file);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only images can be added: apng, avif, gif, jpeg, jpg, png, svg or webp.',
    );
  });

  test('saving updates the shared list, toasts and closes', async () => {
    renderCard('p02-css');
    const dialog = await openEdit();
    const text = within(dialog).getByRole('textbox', { name: "What's on your mind?" });
    await userEvent.clear(text);
    await userEvent.type(text, 'Edited: container queries too 🎉');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'success', message: CLIENT_MESSAGES.postUpdated }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(listed('p02-css')!.content).toBe('Edited: container queries too 🎉');
    expect(within(card()).getByText(wholeText('Edited: container queries too 🎉'))).toBeInTheDocument();
  });

  test("a picture too large for the server (413) toasts the server's message with its limit and keeps the draft", async () => {
    decodesAs(640, 480);
    renderCard('p02-css');
    const dialog = await openEdit();
    const text = within(dialog).getByRole('textbox', { name: "What's on your mind?" });
    await userEvent.clear(text);
    await userEvent.type(text, 'Kept as typed');
    await userEvent.upload(within(dialog).getByLabelText('Add photo or GIF'), PNG);
    await within(dialog).findByRole('img', { name: /./ });
    // What api-server answers for a body or picture past its limit.
    ctx.server.post('/v2/posts/edit/:postId', () => new Response(413, {}, { errors: [INPUT_MESSAGES.imageTooLarge] }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));

    await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'error', message: INPUT_MESSAGES.imageTooLarge }]));
    expect(INPUT_MESSAGES.imageTooLarge).toMatch(/limit is 1 MB/);
    expect(screen.getByRole('dialog', { name: 'Edit post' })).toBeInTheDocument();
    expect(text).toHaveValue('Kept as typed');
    expect(within(dialog).getByRole('img', { name: /./ })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/));
    expect(listed('p02-css')!.content).not.toBe('Kept as typed');
  });

  test('a click outside the dialog closes it without saving', async () => {
    renderCard('p02-css');
    const dialog = await openEdit();
    // eslint-disable-next-line testing-library/no-node-access -- the backdrop around the dialog has no role
    fireEvent.mouseDown(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(ctx.server, '/api/v2/posts/edit/p02-css')).toBe(0);
  });
});

describe('Delete post', () => {
  test('asks first; Cancel keeps the post, Delete removes it with a toast', async () => {
    renderCard('p02-css');
    await openOptions();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete post' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(ctx.server, '/api/v2/posts/p02-css')).toBe(0);

    await openOptions();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete post' }));
    dialog = screen.getByRole('dialog', { name: 'Delete post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'success', message: CLIENT_MESSAGES.postDeleted }]));
    expect(listed('p02-css')).toBeUndefined();
    expect(screen.getByText('Card gone')).toBeInTheDocument();
    expect(screen.getByLabelText('location')).toHaveTextContent(/^\/$/);
  });
});

describe('text is shown as text', () => {
  test('a javascript: text never becomes a link; http links open in a new tab without opener; HTML stays text', async () => {
    const content = 'javascript:alert(1) <b>bold</b> see https://example.com/a?b=1 😀';
    const { posts } = await api.posts.create({ content, pic: '', userId: ADARSH_ID });
    const created = posts.find((p) => p.content === content)!;
    await act(async () => {
      await loadList();
    });
    renderCard(created._id);
    const article = card();
    const links = within(article)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('target') === '_blank');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/a?b=1');
    expect(links[0]).toHaveAttribute('rel', expect.stringContaining('noopener'));
    // Security checks: no element of these kinds may exist at all, whatever its role.
    // eslint-disable-next-line testing-library/no-node-access -- see above
    expect(article.querySelector('a[href^="javascript"]')).toBeNull();
    // eslint-disable-next-line testing-library/no-node-access -- see above
    expect(article.querySelector('b')).toBeNull();
    expect(within(article).getByText(/^javascript:alert\(1\) <b>bold<\/b> see/)).toHaveTextContent(
      'javascript:alert(1) <b>bold</b> see https://example.com/a?b=1 😀',
    );
  });
});
