/** Tags across remotes: a tag in a post (post-mfe's card) opens its page (feed-mfe's TagPage), on the production build. */
import type { Browser } from 'playwright-core';
import { launchBrowser, logInAs, openPage, SHELL } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test("clicking a tag in a post opens the tag's page with that post, and back returns to the feed", async () => {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 1);
  const tag = `E2e${Date.now()}`;
  const text = `Trying tags #${tag} today`;
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const card = page.getByRole('article').filter({ hasText: text });
  await card.getByRole('link', { name: `#${tag}` }).click();

  await page.waitForURL(`${SHELL}/tag/${tag.toLowerCase()}`);
  await page.getByRole('heading', { level: 1, name: `#${tag.toLowerCase()}` }).waitFor();
  const list = page.getByRole('list', { name: `Posts with #${tag.toLowerCase()}` });
  await list.getByRole('article').filter({ hasText: text }).waitFor();
  expect(await list.getByRole('article').count()).toBe(1);

  await page.goBack();
  await page.getByRole('list', { name: 'Home feed' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test('a tag nobody used says so; an address that is no tag says what a tag is', async () => {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 2);
  await page.goto(`${SHELL}/tag/nobodyusedthis`);
  await page.getByText('No posts with #nobodyusedthis yet').waitFor();
  await page.goto(`${SHELL}/tag/2024`);
  await page.getByText('A tag is letters, digits and _').waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
