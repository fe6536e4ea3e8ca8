/** The card's Repost button and its menu, the Quote post dialog, and a quoted post nested in a card (post-mfe/src/share). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@social/mock-api/client';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { api } from '@social/shell/bus';
import { ADARSH_ID, listed, loadList, renderCard, setupBackend } from './helpers';

setupBackend();

const card = () => screen.getAllByRole('article')[0]!;
const repostButton = () => within(card()).getByRole('button', { name: 'Repost' });
const menuItems = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

test('Repost opens a menu (Repost, Quote post); a repost presses the button, counts, and Undo repost takes it back', async () => {
  renderCard('p05-charts');
  expect(repostButton()).toHaveAttribute('aria-pressed', 'false');
  expect(repostButton()).toHaveAccessibleDescription('0');
  await userEvent.click(repostButton());
  expect(menuItems()).toEqual(['Repost', 'Quote post']);
  await userEvent.click(screen.getByRole('menuitem', { name: 'Repost' }));
  expect(repostButton()).toHaveAttribute('aria-pressed', 'true');
  expect(repostButton()).toHaveAccessibleDescription('1');
  await waitFor(() => expect(listed('p05-charts')?.viewer?.reposted).toBe(true));
  expect((await api.v2.posts.byId('p05-charts')).post.repostCount).toBe(1);
  expect((await api.v2.posts.reposters('p05-charts')).members.map((m) => m._id)).toEqual([ADARSH_ID]);

  await userEvent.click(repostButton());
  expect(menuItems()).toEqual(['Undo repost', 'Quote post']);
  await userEvent.click(screen.getByRole('menuitem', { name: 'Undo repost' }));
  expect(repostButton()).toHaveAttribute('aria-pressed', 'false');
  await waitFor(() => expect(listed('p05-charts')?.viewer?.reposted).toBe(false));
  expect((await api.v2.posts.byId('p05-charts')).post.repostCount).toBe(0);
});

test('Quote post opens a dialog with the composer and the quoted post; Post creates a post that quotes it', async () => {
  renderCard('p05-charts');
  await userEvent.click(repostButton());
  await userEvent.click(screen.getByRole('menuitem', { name: 'Quote post' }));
  const dialog = screen.getByRole('dialog', { name: 'Quote post' });
  const quoted = within(dialog).getByRole('article');
  const original = listed('p05-charts')!;
  expect(within(quoted).getByText(original.content.slice(0, 20), { exact: false })).toBeInTheDocument();
  expect(within(quoted).getByRole('link', { name: 'Open the quoted post' })).toHaveAttribute('href', '/post/p05-charts');
  await userEvent.type(within(dialog).getByRole('textbox'), 'These charts say it all');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quote post' })).not.toBeInTheDocument());
  const { posts } = await api.v2.members.posts(ADARSH_ID, { limit: 1 });
  expect(posts[0]).toMatchObject({ content: 'These charts say it all', quote: { _id: 'p05-charts', available: true } });
});

test('a quote shows the quoted post nested with a link to it; once that post is deleted it says it is no longer available', async () => {
  const { post: quote } = await api.v2.posts.create({ content: 'Quoting Meera’s sketch', pic: '', quoteOf: 'p03-sketch' });
  await loadList();
  const { unmount } = renderCard(quote._id);
  const nested = within(card()).getByRole('article', { name: 'Quoted post by Meera Nair' });
  expect(within(nested).getByText(/Sketched a new onboarding flow/)).toBeInTheDocument();
  expect(within(nested).getByRole('link', { name: 'Open the quoted post' })).toHaveAttribute('href', '/post/p03-sketch');
  unmount();

  // Meera deletes her post: the quote stays, saying so.
  const meera = await api.v2.auth.login(TEST_CREDENTIALS[1]!);
  await createApiClient({ getToken: () => meera.encodedToken }).v2.posts.remove('p03-sketch');
  await loadList();
  renderCard(quote._id);
  expect(within(card()).getByText('This post is no longer available')).toBeInTheDocument();
  expect(within(card()).getByText('Quoting Meera’s sketch')).toBeInTheDocument();
  expect(within(card()).queryByRole('article', { name: /^Quoted post/ })).not.toBeInTheDocument();
});
