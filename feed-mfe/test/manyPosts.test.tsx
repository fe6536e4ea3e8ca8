import { act, screen, waitFor } from '@testing-library/react';
import { api, posts$, setPosts } from '@social/shell/bus';
import { HOME_CHUNK } from '../src/feed/FeedPage';
import { cardRenders } from '../../tools/jest/federation-kit';
import { findCards, renderFeed, shownPostIds, setUpFeedTests } from './helpers';
import { fireIntersection } from './intersectionObserverDouble';

// The benchmark's data: the seed plus 1,000 generated posts.
setUpFeedTests({ extraPosts: 1000 });

test('with 1,000 posts, home renders cards in chunks and a like re-renders only its card', async () => {
  renderFeed('home');
  await findCards(HOME_CHUNK);
  expect(posts$.value.allPosts.length).toBe(1012);

  // More cards as the bottom nears.
  await act(async () => fireIntersection(true));
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2 * HOME_CHUNK));

  const shown = shownPostIds();
  const notLiked = (id: string) => !posts$.value.allPosts.find((p) => p._id === id)?.likes.likedBy.some((u) => u._id === 'u1-adarsh');
  const target = shown.find(notLiked)!;
  const before = new Map(cardRenders);
  const { posts } = await api.posts.like(target);
  const started = performance.now();
  await act(async () => setPosts(posts));
  const ms = performance.now() - started;
  // Reported in the engineer's notes; jsdom is far slower than a browser, so this is an upper bound.
  console.info(`[feed perf] like with 1,012 posts: list update + re-render took ${ms.toFixed(1)} ms in jsdom`);

  expect(cardRenders.get(target)).toBe((before.get(target) ?? 0) + 1);
  const others = shown.filter((id) => id !== target);
  expect(others.filter((id) => cardRenders.get(id) !== before.get(id))).toEqual([]);
  expect(shownPostIds()).toEqual(shown);
});
