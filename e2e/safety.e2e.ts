/** Safety (docs/safety.md): block from the profile menu, and the moderators' queue, on the composed production build. */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logInAs, openPage, SHELL } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Console errors other than the browser's line for a refusal the test provokes. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/^Failed to load resource: the server responded with a status of 403 /.test(e));

/** Explore, scrolled to its end (two posts a page), so every post it holds is on the page. */
async function exploreToTheEnd(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Explore' }).click();
  await page.waitForURL(`${SHELL}/explore`);
  await page.getByRole('list', { name: 'Explore feed' }).getByRole('article').first().waitFor();
  const atEnd = () => page.getByText("You're all caught up").count();
  for (let i = 0; i < 40 && !(await atEnd()); i += 1) {
    const before = await page.getByRole('article').count();
    await page.getByTestId('feed-sentinel').scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (n) => document.querySelectorAll('article').length > n || document.body.innerText.includes("You're all caught up"),
      before,
    );
  }
  await page.getByText("You're all caught up").waitFor();
}

const postsBy = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Explore feed' }).getByRole('article', { name: `Post by ${name}` });

test('a member blocks another from the profile menu: the follows end, the posts go, and Unblock undoes it', async () => {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 1);
  await exploreToTheEnd(page);
  expect(await postsBy(page, 'Meera Nair').count()).toBeGreaterThan(0);

  await page.goto(`${SHELL}/profile/meeranair`);
  await page.getByRole('heading', { level: 1, name: 'Meera Nair' }).waitFor();
  await page.getByRole('button', { name: 'Unfollow' }).waitFor();
  await page.getByRole('button', { name: 'Profile options' }).click();
  await page.getByRole('menuitem', { name: 'Block' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block Meera Nair?' });
  await dialog.getByRole('button', { name: 'Block' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('You have blocked this member').waitFor();
  await page.getByRole('button', { name: 'Unblock' }).waitFor();
  // The menu says the same.
  await page.getByRole('button', { name: 'Profile options' }).click();
  await page.getByRole('menuitem', { name: 'Unblock' }).waitFor();
  await page.keyboard.press('Escape');

  // Her posts are gone from explore.
  await exploreToTheEnd(page);
  expect(await postsBy(page, 'Meera Nair').count()).toBe(0);
  expect(await postsBy(page, 'Sara Ahmed').count()).toBeGreaterThan(0);

  await page.goto(`${SHELL}/profile/meeranair`);
  await page.getByRole('button', { name: 'Unblock' }).click();
  await page.getByRole('button', { name: 'Follow', exact: true }).waitFor();
  expect(await page.getByText('You have blocked this member').count()).toBe(0);
  await exploreToTheEnd(page);
  expect(await postsBy(page, 'Meera Nair').count()).toBeGreaterThan(0);
  expect(unexpected(errors)).toEqual([]);
  await context.close();
});

test('a reported post reaches the moderators’ queue, and “Remove post” takes it off the product', async () => {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 1);
  // Members who do not moderate have no link, and the page refuses them.
  expect(await page.getByRole('link', { name: 'Moderation' }).count()).toBe(0);
  await page.goto(`${SHELL}/moderation`);
  await page.getByText('Only moderators can see or decide reports. Forbidden error').waitFor();

  // Rohan's post, on its own page.
  await page.goto(`${SHELL}/post/p05-charts`);
  const post = page.getByRole('article', { name: 'Post by Rohan Verma' }).first();
  const text = (await post.locator('.post-card__text').innerText()).trim();
  await post.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Report post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report' });
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByRole('textbox', { name: 'Details' }).fill('Posts the same chart every day');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await page.getByText('Report sent').waitFor();

  // The moderator (test user 4), in the same browser (same in-browser backend).
  await page.getByRole('link', { name: 'My profile' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${SHELL}/login`);
  await logInAs(page, 4);
  await page.getByRole('link', { name: 'Moderation' }).click();
  await page.waitForURL(`${SHELL}/moderation`);
  const report = page.getByRole('listitem').filter({ hasText: 'Posts the same chart every day' });
  await report.getByText('Spam').waitFor();
  await report.getByText(text.slice(0, 30)).waitFor();
  await report.getByRole('button', { name: 'Remove post' }).click();
  await page.getByText('Post removed').waitFor();
  await page.getByText('No open reports').waitFor();

  await exploreToTheEnd(page);
  expect(await postsBy(page, 'Rohan Verma').count()).toBe(0);
  await page.goto(`${SHELL}/post/p05-charts`);
  expect(
    await page
      .getByRole('article')
      .filter({ hasText: text.slice(0, 30) })
      .count(),
  ).toBe(0);
  expect(unexpected(errors)).toEqual([]);
  await context.close();
});
