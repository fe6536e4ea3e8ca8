/** /search?q=: post search with the feed's cards and infinite scroll (real fake backend, real post cards). */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAGE_LIMITS, V2_ERRORS, type PostV2 } from '@social/mock-api/contract-v2';
import { api } from '@social/shell/bus';
import { requestsTo } from '../../tools/jest/backend-kit';
import { findCards, renderSearchPage, setUpFeedTests, shownPostIds } from './helpers';
import { fireIntersection } from './intersection-observer-double';

const ctx = setUpFeedTests();

async function createPosts(contents: string[]): Promise<PostV2[]> {
  const posts: PostV2[] = [];
  for (const content of contents) posts.push((await api.v2.posts.create({ content, pic: '' })).post);
  return posts;
}

test('the query in the address is searched: the matching posts, best first, then more as the bottom nears', async () => {
  const count = PAGE_LIMITS.default + 3;
  const matching = await createPosts(Array.from({ length: count }, (_, i) => `Sourdough loaf ${i + 1}`));
  await createPosts(['Rye only']);
  const prefixOnly = (await createPosts(['Sourdoughish, a prefix match']))[0]!;
  renderSearchPage('SOURDOUGH');
  expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('SOURDOUGH');
  await findCards(PAGE_LIMITS.default);
  // The whole-word matches come before the post where it is only the start of a word, although that one is newest.
  expect(shownPostIds()).not.toContain(prefixOnly._id);
  await act(async () => fireIntersection(true));
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(count + 1));
  const shown = shownPostIds();
  expect(shown[shown.length - 1]).toBe(prefixOnly._id);
  expect(new Set(shown)).toEqual(new Set([...matching.map((p) => p._id), prefixOnly._id]));
});

test('typing a new query and pressing Enter searches it and puts it in the address', async () => {
  await createPosts(['Tomatoes ripening', 'Basil everywhere']);
  renderSearchPage('');
  expect(screen.getByText('Type a word to find the posts that have it.')).toBeInTheDocument();
  const box = screen.getByRole('searchbox', { name: 'Search posts' });
  await userEvent.type(box, 'basil{Enter}');
  await findCards(1);
  expect(screen.getByRole('article')).toHaveTextContent('Basil everywhere');
  expect(screen.getByLabelText('Current address')).toHaveTextContent('/search?q=basil');
});

test('nothing found says so with the query', async () => {
  renderSearchPage('xylophonic');
  expect(await screen.findByText('No posts match “xylophonic”')).toBeInTheDocument();
});

test('a query with nothing to search shows why, and offers no Try again', async () => {
  renderSearchPage('!!!');
  expect(await screen.findByRole('alert')).toHaveTextContent(V2_ERRORS.searchNothing);
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  expect(requestsTo(ctx.server, '/api/v2/search/posts', 'GET')).toBe(1);
});
