/** Following a tag from its page, and Explore's trending tags (real fake backend). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@social/shell/bus';
import { findCards, renderFeed, renderTagPage, setUpFeedTests } from './helpers';

setUpFeedTests();

test('a tag page offers "Follow #tag"; following it says "Unfollow #tag" and the server holds it', async () => {
  renderTagPage('Orchids');
  const follow = await screen.findByRole('button', { name: 'Follow #orchids' });
  await userEvent.click(follow);
  const unfollow = await screen.findByRole('button', { name: 'Unfollow #orchids' });
  expect((await api.v2.tags.get('orchids')).tag.viewerFollows).toBe(true);
  await userEvent.click(unfollow);
  await screen.findByRole('button', { name: 'Follow #orchids' });
  expect((await api.v2.tags.get('orchids')).tag.viewerFollows).toBe(false);
});

test('a tag already followed shows "Unfollow #tag" at once', async () => {
  await api.v2.tags.follow('ferns');
  renderTagPage('ferns');
  expect(await screen.findByRole('button', { name: 'Unfollow #ferns' })).toBeInTheDocument();
});

test('Explore lists the trending tags, each a link to its page with its count', async () => {
  for (const content of ['#Moss is great', 'More #moss', 'And #lichen']) await api.v2.posts.create({ content, pic: '' });
  renderFeed('explore');
  await findCards();
  const region = await screen.findByRole('region', { name: 'Trending tags' });
  await waitFor(() => expect(within(region).getAllByRole('link')).toHaveLength(2));
  const items = within(region).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual(['#lichen1 posts', '#moss1 posts']);
  expect(within(region).getByRole('link', { name: '#moss' })).toHaveAttribute('href', '/tag/moss');
});

test('home shows no trending tags', async () => {
  await api.v2.posts.create({ content: '#Moss', pic: '' });
  renderFeed('home');
  await findCards();
  expect(screen.queryByRole('region', { name: 'Trending tags' })).not.toBeInTheDocument();
});
