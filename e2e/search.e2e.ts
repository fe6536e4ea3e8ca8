/**
 * Finding posts on the production build: the search overlay's link to post search (shell →
 * feed-mfe's /search), following a tag from its page and unfollowing it in Settings (feed-mfe →
 * profile-mfe), and Explore's trending tags.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, logInAs, openPage, SHELL } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('the search overlay links to the posts matching the query; /search shows them as cards', async () => {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 1);
  const word = `Quokka${Date.now()}`;
  const text = `Spotted a ${word} on the trail`;
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await page.getByRole('article').filter({ hasText: text }).waitFor();

  await page.getByRole('button', { name: 'Search users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search users' });
  // Another case and only the start of the word: it still matches.
  const query = word.slice(0, -3).toUpperCase();
  await dialog.getByRole('searchbox', { name: 'Search users' }).fill(query);
  await dialog.getByRole('link', { name: `Search posts for “${query}”` }).click();
  await page.waitForURL(`${SHELL}/search?q=${encodeURIComponent(query)}`);
  expect(await page.getByRole('dialog').count()).toBe(0);
  await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
  const list = page.getByRole('list', { name: `Posts matching “${query}”` });
  await list.getByRole('article').filter({ hasText: text }).waitFor();
  expect(await list.getByRole('article').count()).toBe(1);

  const box = page.getByRole('searchbox', { name: 'Search posts' });
  await box.fill(`nothing${Date.now()}`);
  await box.press('Enter');
  await page.getByText(/^No posts match “nothing\d+”$/).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test('a tag is followed from its page, trends on Explore, and is unfollowed from Settings', async () => {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 2);
  const tag = `trail${Date.now()}`;
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(`Morning run #${tag}`);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await page
    .getByRole('article')
    .filter({ hasText: `Morning run #${tag}` })
    .waitFor();

  await page.goto(`${SHELL}/explore`);
  const trending = page.getByRole('region', { name: 'Trending tags' });
  const item = trending.getByRole('listitem').filter({ has: page.getByRole('link', { name: `#${tag}` }) });
  await item.waitFor();
  expect(await item.textContent()).toBe(`#${tag}1 posts`);
  await item.getByRole('link', { name: `#${tag}` }).click();

  await page.waitForURL(`${SHELL}/tag/${tag}`);
  await page.getByRole('button', { name: `Follow #${tag}` }).click();
  await page.getByRole('button', { name: `Unfollow #${tag}` }).waitFor();

  await page.goto(`${SHELL}/settings`);
  const followed = page.getByRole('list', { name: 'Followed tags' });
  await followed.getByRole('link', { name: `#${tag}` }).waitFor();
  await followed.getByRole('button', { name: `Unfollow #${tag}` }).click();
  await page
    .getByRole('region', { name: 'Followed tags' })
    .getByText(/You follow no tags/)
    .waitFor();

  await page.goto(`${SHELL}/tag/${tag}`);
  await page.getByRole('button', { name: `Follow #${tag}` }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
