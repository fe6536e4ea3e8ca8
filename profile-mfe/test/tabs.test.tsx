import { act, screen, within } from '@testing-library/react';
import { api, setAuth } from '@social/shell/bus';
import { renderProfile, setupBackend, signIn } from './helpers';
import { otherTabChanged } from '../../tools/jest/backend-kit';
import { postIdOf } from '../../tools/jest/federation-kit';

setupBackend();

const tab = (name: string) => screen.getByRole('tab', { name });
/** Post ids of the cards in the open panel, top to bottom. */
async function cardsInPanel(): Promise<string[]> {
  const panel = screen.getByRole('tabpanel');
  const cards = await within(panel).findAllByRole('article');
  return cards.map(postIdOf);
}

async function signUpAndIn() {
  const { me, encodedToken } = await api.v2.auth.signup({
    username: 'nova@example.dev',
    password: 'nova12345',
    firstName: 'Nova',
    lastName: 'Lee',
  });
  return { createdUser: me, encodedToken };
}

test('own profile: POSTS is the default tab and shows my posts newest first; BOOKMARKED shows bookmarks newest first', async () => {
  await signIn(1);
  const { user } = renderProfile('adarshbalika');
  expect(await screen.findByRole('tablist')).toBeInTheDocument();
  expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['POSTS', 'BOOKMARKED', 'ACTIVITIES']);
  expect(tab('POSTS')).toHaveAttribute('aria-selected', 'true');
  expect(await cardsInPanel()).toEqual(['p09-launch', 'p02-css']);
  expect(screen.getByText('2 Posts')).toBeInTheDocument();

  // Adarsh bookmarked p01 then p06 in the seed; bookmark one more now.
  await api.v2.posts.bookmark('p12-game');
  await user.click(tab('BOOKMARKED'));
  expect(tab('BOOKMARKED')).toHaveAttribute('aria-selected', 'true');
  expect(tab('POSTS')).toHaveAttribute('aria-selected', 'false');
  expect(await cardsInPanel()).toEqual(['p12-game', 'p06-a11y', 'p01-sunrise']);
});

test("another member's profile has no BOOKMARKED tab and shows their posts", async () => {
  await signIn(1);
  renderProfile('saraahmed');
  expect(await screen.findByRole('tablist')).toBeInTheDocument();
  expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['POSTS', 'ACTIVITIES']);
  expect(screen.queryByRole('tab', { name: 'BOOKMARKED' })).not.toBeInTheDocument();
  expect(await cardsInPanel()).toEqual(['p10-beach', 'p01-sunrise']);
});

test('ACTIVITIES lists posts the member wrote, liked, disliked, commented on or replied to, each once', async () => {
  await signIn(1);
  // New activity: like Aiko's plant post, dislike Kabir's chess post, comment on Tomás's croissant.
  await api.posts.like('p08-plants');
  await api.posts.dislike('p11-chess');
  await api.comments.add('p07-croissant', { content: 'Looks flaky 🥐' });
  const { user } = renderProfile('adarshbalika');
  await screen.findByRole('tablist');
  await user.click(tab('ACTIVITIES'));
  const ids = await cardsInPanel();
  // Seed: wrote p02, p09; liked p01, p03, p04, p06; commented p01, p06; replied on p02, p09.
  expect([...ids].sort()).toEqual([
    'p01-sunrise',
    'p02-css',
    'p03-sketch',
    'p04-hike',
    'p06-a11y',
    'p07-croissant',
    'p08-plants',
    'p09-launch',
    'p11-chess',
  ]);
  expect(new Set(ids).size).toBe(ids.length);
  // In the server's order (docs/data-layer.md: newest post first): Kabir's chess post is the newest.
  expect(ids[0]).toBe('p11-chess');
});

test('tabs follow post changes: a new post appears in POSTS and ACTIVITIES', async () => {
  await signIn(1);
  const { user } = renderProfile('adarshbalika');
  await screen.findByRole('tablist');
  expect(await cardsInPanel()).toHaveLength(2);
  // Written in another tab: the page's cache is told and reads what it shows again.
  await api.posts.create({ content: 'Fresh from the profile tests', pic: '', userId: 'u1-adarsh' });
  await otherTabChanged();
  expect(await screen.findByText('Fresh from the profile tests')).toBeInTheDocument();
  expect(screen.getByText('3 Posts')).toBeInTheDocument();
  await user.click(tab('ACTIVITIES'));
  expect(await within(screen.getByRole('tabpanel')).findByText('Fresh from the profile tests')).toBeInTheDocument();
});

test('arrow keys move between tabs', async () => {
  await signIn(1);
  const { user } = renderProfile('adarshbalika');
  await screen.findByRole('tablist');
  tab('POSTS').focus();
  await user.keyboard('{ArrowRight}');
  expect(tab('BOOKMARKED')).toHaveAttribute('aria-selected', 'true');
  expect(tab('BOOKMARKED')).toHaveFocus();
  await user.keyboard('{ArrowRight}{ArrowRight}');
  expect(tab('POSTS')).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowLeft}');
  expect(tab('ACTIVITIES')).toHaveAttribute('aria-selected', 'true');
  expect(tab('ACTIVITIES')).toHaveFocus();
});

test('a new member sees the empty message of each own tab', async () => {
  const { createdUser, encodedToken } = await signUpAndIn();
  act(() => setAuth({ token: encodedToken, user: createdUser }));
  const { user } = renderProfile('nova');
  expect(await screen.findByText("You haven't post anything yet")).toBeInTheDocument();
  expect(screen.getByText('0 Posts')).toBeInTheDocument();
  await user.click(tab('BOOKMARKED'));
  // Each tab's list comes from the server.
  expect(await screen.findByText("You haven't bookmarked anything yet")).toBeInTheDocument();
  await user.click(tab('ACTIVITIES'));
  expect(await screen.findByText('No activity yet')).toBeInTheDocument();
});

test("another member's empty tabs use their first name", async () => {
  await signUpAndIn();
  await signIn(1);
  const { user } = renderProfile('nova');
  expect(await screen.findByText("Nova haven't post anything yet")).toBeInTheDocument();
  await user.click(tab('ACTIVITIES'));
  expect(await screen.findByText('Nova has no activity yet')).toBeInTheDocument();
});
