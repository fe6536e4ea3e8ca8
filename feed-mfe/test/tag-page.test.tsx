/** /tag/{tag}: a tag's posts, newest first, with the feed's infinite scroll (real fake backend, real post cards). */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAGE_LIMITS, V2_ERRORS, type PostV2 } from '@social/mock-api/contract-v2';
import { api } from '@social/shell/bus';
import { putPost } from '@social/shell/data';
import { requestsTo } from '../../tools/jest/backend-kit';
import { setUpLiveSource } from '../../tools/jest/live-kit';
import { findCards, renderTagPage, setUpFeedTests, shownPostIds } from './helpers';
import { fireIntersection } from './intersection-observer-double';

const ctx = setUpFeedTests();
const { send } = setUpLiveSource();

/** Newest first: createdAt, then _id, descending (the server's order). */
const newestFirst = (posts: PostV2[]) =>
  [...posts]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (b._id < a._id ? -1 : b._id > a._id ? 1 : 0))
    .map((p) => p._id);

async function createPosts(contents: string[]): Promise<PostV2[]> {
  const posts: PostV2[] = [];
  for (const content of contents) posts.push((await api.v2.posts.create({ content, pic: '' })).post);
  return posts;
}

test('the heading is the tag; its posts come newest first, and more as the bottom nears', async () => {
  const count = PAGE_LIMITS.default + 5;
  const tagged = await createPosts(Array.from({ length: count }, (_, i) => `Garden day ${i + 1} #Garden`));
  await createPosts(['Not this one: #gardening']);
  renderTagPage('Garden');
  expect(screen.getByRole('heading', { level: 1, name: '#garden' })).toBeInTheDocument();
  await findCards(PAGE_LIMITS.default);
  expect(shownPostIds()).toEqual(newestFirst(tagged).slice(0, PAGE_LIMITS.default));
  await act(async () => fireIntersection(true));
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(count));
  expect(shownPostIds()).toEqual(newestFirst(tagged));
  expect(requestsTo(ctx.server, '/api/v2/tags/garden/posts', 'GET')).toBe(2);
});

test('a tag no post has says so', async () => {
  renderTagPage('nothingyet');
  expect(await screen.findByText('No posts with #nothingyet yet')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: '#nothingyet' })).toBeInTheDocument();
});

test('an address that is no tag says what a tag is, and asks the server nothing', async () => {
  renderTagPage('2024');
  expect(screen.getByText(V2_ERRORS.badTag)).toBeInTheDocument();
  expect(requestsTo(ctx.server, '/api/v2/tags/2024/posts', 'GET')).toBe(0);
});

test("a tag in a card opens that tag's page", async () => {
  const [tea] = await createPosts(['Green #tea and #Cake']);
  const [cake] = await createPosts(['Only #cake here']);
  renderTagPage('tea');
  const [card] = await findCards(1);
  await userEvent.click(within(card!).getByRole('link', { name: '#Cake' }));
  expect(await screen.findByRole('heading', { level: 1, name: '#cake' })).toBeInTheDocument();
  await waitFor(() => expect(shownPostIds()).toEqual(newestFirst([tea!, cake!])));
  expect(screen.getByLabelText('Current path')).toHaveTextContent('/tag/cake');
});

test("an edit that takes the tag out takes the card off the tag's page", async () => {
  const [first, second] = await createPosts(['One #hike', 'Two #hike']);
  renderTagPage('hike');
  await findCards(2);
  const { post } = await api.v2.posts.edit(first!._id, { content: 'One, untagged', pic: '' });
  act(() => putPost(post));
  await waitFor(() => expect(shownPostIds()).toEqual([second!._id]));
});

test("another member's edit that takes the tag out, heard live, takes the card off too", async () => {
  const [first, second] = await createPosts(['Three #trail', 'Four #trail']);
  renderTagPage('trail');
  await findCards(2);
  const { post } = await api.v2.posts.edit(second!._id, { content: 'Four, no tag now', pic: '' });
  const { viewer: _viewer, ...live } = post;
  await send({ kind: 'post.edited', data: { post: live } });
  await waitFor(() => expect(shownPostIds()).toEqual([first!._id]));
});
