/**
 * The feed arrives in one piece (issue 42: the home feed jumped after login): until the post
 * remote's composer and card, the first page and the suggestions are all in hand, the page shows
 * its skeleton with one Loading status; then the composer, the suggestions, the toolbar and the
 * cards show together, with no spinner in place of a card or of the composer.
 * Layout shift itself is measured in a browser (e2e/feed-layout.e2e.ts, `npm run bench`).
 */
import { screen } from '@testing-library/react';
import { findCards, renderFeed, setUpFeedTests } from './helpers';

setUpFeedTests();

/** Everything the page showed, render after render, as a member would describe it. */
function watchPage() {
  const seen: string[] = [];
  const describe = () => {
    const parts = [
      screen.queryByRole('textbox', { name: "What's on your mind?" }) ? 'composer' : '',
      screen.queryByRole('heading', { name: 'Suggested users' }) ? 'suggestions' : '',
      screen.queryAllByRole('article').length > 0 ? 'cards' : '',
      `${screen.queryAllByRole('status', { name: 'Loading' }).length} loading`,
    ];
    const state = parts.filter(Boolean).join(' + ');
    if (seen[seen.length - 1] !== state) seen.push(state);
  };
  const observer = new MutationObserver(describe);
  observer.observe(document.body, { childList: true, subtree: true });
  return { seen, stop: () => observer.disconnect() };
}

test('the page keeps its skeleton until composer, suggestions and cards can show together', async () => {
  const page = watchPage();
  renderFeed('home');
  await findCards();
  expect(await screen.findByRole('heading', { name: 'Suggested users' })).toBeInTheDocument();
  page.stop();
  // The skeleton (one Loading status), then the whole page under the 500 ms page-change spinner
  // (or straight to the page when the 500 ms had passed), then without it.
  const whole = 'composer + suggestions + cards';
  expect(page.seen[0]).toBe('1 loading');
  expect(page.seen.slice(1)).toEqual(page.seen.length === 3 ? [`${whole} + 1 loading`, `${whole} + 0 loading`] : [`${whole} + 0 loading`]);
});
