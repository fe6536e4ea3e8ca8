/** Tags and mentions in post, comment and reply text: links to their pages, named as written; addresses as before. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@social/shell/bus';
import { loadList, renderCard, renderPostPage, setupBackend } from './helpers';

setupBackend();

const TEXT = 'Shipping #Orbit today (#release_2)! Notes: https://example.com/notes#orbit, cc @meera #1 ##x a#b';

test("a post's #tags are links to their pages, named as written; an address's #fragment, #1, ##x and a#b are not tags", async () => {
  const { post } = await api.v2.posts.create({ content: TEXT, pic: '' });
  await loadList();
  renderCard(post._id);
  const card = screen.getByRole('article');
  const links = within(card)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])
    .filter(([name]) => /^(#|@|https?:)/.test(name ?? ''));
  expect(links).toEqual([
    ['#Orbit', '/tag/orbit'],
    ['#release_2', '/tag/release_2'],
    ['https://example.com/notes#orbit', 'https://example.com/notes#orbit'],
  ]);
  // The whole text is there, as written; @meera names no member: plain text.
  expect(card).toHaveTextContent(TEXT);
  expect(within(card).queryByRole('link', { name: '@meera' })).not.toBeInTheDocument();
});

test('clicking a tag opens its page, not the post', async () => {
  const { post } = await api.v2.posts.create({ content: 'Look: #Garden', pic: '' });
  await loadList();
  renderCard(post._id);
  await userEvent.click(screen.getByRole('link', { name: '#Garden' }));
  expect(screen.getByLabelText('location')).toHaveTextContent('/tag/garden');
});

test('tags in comments and replies are links too', async () => {
  const { post } = await api.v2.posts.create({ content: 'Plain post', pic: '' });
  const { comment } = await api.v2.comments.add(post._id, 'A comment on #Tea');
  await api.v2.comments.reply(comment._id, 'A reply about #cake');
  renderPostPage(post._id);
  expect(await screen.findByRole('link', { name: '#Tea' })).toHaveAttribute('href', '/tag/tea');
  expect(await screen.findByRole('link', { name: '#cake' })).toHaveAttribute('href', '/tag/cake');
});

test('@handle of a member is a link to their profile, in posts, comments and replies; an unknown one stays text', async () => {
  const hostile = 'Hi @MeeraNair and @nobody_at_all <img src=x onerror=alert(1)> @kabirshah.';
  const { post } = await api.v2.posts.create({ content: hostile, pic: '' });
  const { comment } = await api.v2.comments.add(post._id, 'Ask @saraahmed');
  await api.v2.comments.reply(comment._id, 'Or @kabirshah');
  renderPostPage(post._id);
  const article = await screen.findByRole('article');
  // Named as written, to the stored handle's profile.
  expect(within(article).getByRole('link', { name: '@MeeraNair' })).toHaveAttribute('href', '/profile/meeranair');
  expect(within(article).getByRole('link', { name: '@kabirshah' })).toHaveAttribute('href', '/profile/kabirshah');
  expect(within(article).queryByRole('link', { name: '@nobody_at_all' })).not.toBeInTheDocument();
  // As text: markup would have left "<img …>" out of the text.
  expect(article).toHaveTextContent(hostile);
  expect(await screen.findByRole('link', { name: '@saraahmed' })).toHaveAttribute('href', '/profile/saraahmed');
  expect(await screen.findAllByRole('link', { name: '@kabirshah' })).toHaveLength(2);
});

test("the picker's emoji in a post and a comment are drawn as the picker draws them, and stay the text", async () => {
  const { post } = await api.v2.posts.create({ content: 'Release day 🎉 #Orbit 🚀', pic: '' });
  await api.v2.comments.add(post._id, 'Congrats 👏');
  await loadList();
  renderCard(post._id);
  const card = screen.getByRole('article');
  expect(card).toHaveTextContent('Release day 🎉 #Orbit 🚀');
  // eslint-disable-next-line testing-library/no-node-access -- the drawing is a span's background
  const drawn = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('.emoji')].map((span) => span.textContent);
  expect(drawn(card)).toEqual(['🎉', '🚀']);
  renderPostPage(post._id);
  const comment = await screen.findByText('Congrats', { exact: false });
  expect(drawn(comment)).toEqual(['👏']);
});
