/** The home feed's repost lines (feed-mfe's PostList): "{First Last} reposted" above a post reposted by someone the member follows. */
import { screen, within } from '@testing-library/react';
import { createApiClient } from '@social/mock-api/client';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { api } from '@social/shell/bus';
import { findCards, renderFeed, setUpFeedTests, shownPostIds } from './helpers';

setUpFeedTests();

/** Test user n's own API client (Adarsh, user 1, is signed in on the page). */
async function as(n: 2 | 3) {
  const { encodedToken } = await api.v2.auth.login(TEST_CREDENTIALS[n - 1]!);
  return createApiClient({ getToken: () => encodedToken });
}

test('a post reposted by someone Adarsh follows is on his home once, on top, under "{First Last} reposted" linking to their profile', async () => {
  // Adarsh follows Meera and Kabir; Rohan's chart post is not in his circle.
  await (await as(2)).v2.posts.repost('p05-charts');
  // A post Adarsh already sees as itself, reposted by Kabir: still once, now at the repost.
  await (await as(3)).v2.posts.repost('p01-sunrise');
  renderFeed('home');
  await findCards();
  const ids = shownPostIds();
  expect(ids.filter((id) => id === 'p05-charts')).toHaveLength(1);
  expect(ids.filter((id) => id === 'p01-sunrise')).toHaveLength(1);
  expect(ids.slice(0, 2).sort()).toEqual(['p01-sunrise', 'p05-charts']);

  const feed = screen.getByRole('list', { name: 'Home feed' });
  const meera = within(feed).getByRole('link', { name: 'Meera Nair reposted' });
  expect(meera).toHaveAttribute('href', '/profile/meeranair');
  expect(within(feed).getByRole('link', { name: 'Kabir Shah reposted' })).toHaveAttribute('href', '/profile/kabirshah');
  // The line sits above its post's card, in the same list item.
  const item = within(feed)
    .getAllByRole('listitem')
    .find((li) => within(li).queryByRole('link', { name: 'Meera Nair reposted' }));
  expect(within(item!).getByRole('article')).toHaveAccessibleName('Post by Rohan Verma');
  expect(within(feed).getAllByRole('link', { name: /reposted$/ })).toHaveLength(2);
});
