/** Reposts and quotes as a member does them, on the production build: post-mfe's card and menu, the Quote post dialog, feed-mfe's list. */
import type { Browser } from 'playwright-core';
import { launchBrowser, logInAs, openPage, SHELL } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('a member reposts a post, undoes it, and quotes it: the quote shows the original nested with a link to it', async () => {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 1);
  const feed = page.getByRole('list', { name: 'Home feed' });
  // Someone else's post (Adarsh's own have "Edit post" in their options).
  const card = feed.getByRole('article', { name: 'Post by Meera Nair' }).first();
  const repost = card.getByRole('button', { name: 'Repost' });
  await repost.waitFor();
  const count = async () => Number(await card.locator(`[id="${await repost.getAttribute('aria-describedby')}"]`).textContent());
  const before = await count();
  expect(await repost.getAttribute('aria-pressed')).toBe('false');

  await repost.click();
  await page.getByRole('menuitem', { name: 'Repost', exact: true }).click();
  await card.locator('button[aria-label="Repost"][aria-pressed="true"]').waitFor();
  expect(await count()).toBe(before + 1);

  await repost.click();
  await page.getByRole('menuitem', { name: 'Undo repost' }).click();
  await card.locator('button[aria-label="Repost"][aria-pressed="false"]').waitFor();
  expect(await count()).toBe(before);

  const original = (await card.getByRole('link', { name: 'Comments' }).getAttribute('href'))!;
  await repost.click();
  await page.getByRole('menuitem', { name: 'Quote post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quote post' });
  await dialog.getByRole('article', { name: 'Quoted post by Meera Nair' }).waitFor();
  const text = `Quoting Meera ${Date.now()}`;
  await dialog.getByRole('textbox').first().fill(text);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });

  const quote = feed.getByRole('article', { name: 'Post by Adarsh Balika' }).filter({ hasText: text });
  const nested = quote.getByRole('article', { name: 'Quoted post by Meera Nair' });
  await nested.waitFor();
  expect(await nested.getByRole('link', { name: 'Open the quoted post' }).getAttribute('href')).toBe(original);
  await nested.getByRole('link', { name: 'Open the quoted post' }).click();
  await page.waitForURL(`${SHELL}${original}`);
  expect(errors).toEqual([]);
  await context.close();
});
