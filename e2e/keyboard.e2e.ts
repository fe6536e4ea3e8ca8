/**
 * Keyboard only, as a member without a mouse: login, posting, commenting, replying, following
 * and /mockman, with a visible focus at every step and no trap; plus the places issue 27 found
 * lacking (search, skip links, focus after a deletion, pictures, the avatar after a reload,
 * /mockman signed out).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, logInAs, openPage, SHELL, testUser } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What has focus, and why it would not be visible (null when it is). */
function focusProblem(page: Page): Promise<{ what: string; problem: string | null }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { what: 'body', problem: 'nothing has focus' };
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    const what = `<${element.tagName.toLowerCase()}> ${label}`;
    const style = getComputedStyle(element);
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return { what, problem: 'has no size on screen' };
    if (box.bottom < 0 || box.top > window.innerHeight) return { what, problem: 'is scrolled out of view' };
    return { what, problem: ring ? null : 'has no focus ring' };
  });
}

async function expectVisibleFocus(page: Page): Promise<void> {
  const { what, problem } = await focusProblem(page);
  expect(problem ? `${what} ${problem}` : 'visible').toBe('visible');
}

/**
 * Presses Tab until `target` has focus, checking the focus is visible at each step (leaving the
 * page at its end, once, is allowed: that is the browser's own UI). Returns the presses needed.
 */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      await expectVisibleFocus(page);
      return presses;
    }
    const { what, problem } = await focusProblem(page);
    if (what !== 'body') expect(problem ? `${what} ${problem}` : 'visible').toBe('visible');
  }
  throw new Error(`Tab did not reach ${String(target)} in ${max} presses`);
}

const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

test('a keyboard-only pass: login, posting, commenting, replying, following and /mockman', async () => {
  const { page, context, errors } = await openPage(browser);
  const text = `Typed without a mouse ${Date.now()}`;

  // Login.
  await page.goto(`${SHELL}/login`);
  await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type(testUser(1).username);
  await tabTo(page, page.getByRole('textbox', { name: 'Password' }));
  await page.keyboard.type(testUser(1).password);
  await page.keyboard.press('Enter');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.getByRole('article').first().waitFor();

  // Posting.
  const composer = page.getByRole('textbox', { name: "What's on your mind?" });
  await tabTo(page, composer);
  await page.keyboard.type(text);
  await tabTo(page, page.getByRole('button', { name: 'Post', exact: true }));
  await page.keyboard.press('Enter');
  const mine = page.getByRole('article').filter({ hasText: text });
  await mine.waitFor();
  // The card can come before the create's answer (the member's own live event puts it on top at
  // once); the composer empties, and takes focus back from the disabled Post button, with the answer.
  await page.waitForFunction((box) => (box as HTMLTextAreaElement).value === '', await composer.elementHandle());
  await expectVisibleFocus(page);

  // Liking keeps the button in the Tab order (aria-disabled, not disabled).
  const like = mine.getByRole('button', { name: 'Like', exact: true });
  await tabTo(page, like);
  await page.keyboard.press('Enter');
  await mine.locator('button[aria-label="Like"][aria-pressed="true"]').waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  expect(await focused(like)).toBe(true);
  expect(await like.getAttribute('aria-disabled')).toBe('true');
  await expectVisibleFocus(page);

  // Commenting: to the post page through its Comments link.
  await tabTo(page, mine.getByRole('link', { name: 'Comments' }));
  await page.keyboard.press('Enter');
  const commentBox = page.getByRole('textbox', { name: 'Write a comment' });
  await commentBox.waitFor();
  await tabTo(page, commentBox);
  await page.keyboard.type('A comment by keyboard');
  await tabTo(page, page.getByRole('button', { name: 'Post', exact: true }));
  await page.keyboard.press('Enter');
  const comment = page.locator('li.post-comment', { hasText: 'A comment by keyboard' });
  await comment.waitFor();

  // Replying.
  await tabTo(page, comment.getByRole('button', { name: 'Reply' }));
  await page.keyboard.press('Enter');
  const replyBox = comment.getByRole('textbox', { name: 'Write a reply' });
  await replyBox.waitFor();
  expect(await focused(replyBox)).toBe(true);
  await expectVisibleFocus(page);
  await page.keyboard.type('A reply by keyboard');
  await page.keyboard.press('Enter');
  await comment.locator('li', { hasText: 'A reply by keyboard' }).waitFor();
  await expectVisibleFocus(page);

  // Following, through the search ("@handle", arrows into the results).
  await tabTo(page, page.getByRole('button', { name: 'Search users' }), { backwards: true, max: 80 });
  await page.keyboard.press('Enter');
  const search = page.getByRole('dialog', { name: 'Search users' });
  await page.keyboard.type('@tomas');
  const result = search.getByRole('button', { name: 'Tomás García' });
  // The answer for all of '@tomas' (a slow machine may have asked a shorter query first).
  await search.locator('ul[aria-busy="false"]').waitFor();
  await result.waitFor();
  await page.keyboard.press('ArrowDown');
  expect(await focused(result)).toBe(true);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Tomás García' }).waitFor();
  const follow = page.getByRole('button', { name: /^(Follow|Unfollow)$/ });
  const before = await follow.textContent();
  await tabTo(page, follow);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: before === 'Follow' ? 'Unfollow' : 'Follow', exact: true }).waitFor();
  await expectVisibleFocus(page);

  // /mockman: send the default request and move through the answer; Tab goes round the page.
  await page.goto(`${SHELL}/mockman`);
  const send = page.getByRole('button', { name: 'Send' });
  await send.waitFor();
  await tabTo(page, send);
  await page.keyboard.press('Enter');
  await page.getByRole('region', { name: 'Response' }).getByText('200 OK', { exact: true }).waitFor();
  await tabTo(page, page.getByRole('link', { name: 'Skip to main content' }), { max: 120 });

  expect(errors).toEqual([]);
  await context.close();
});

test('Explore: two Tabs and Enter reach the first post past the bar, the composer and the suggestions', async () => {
  const { page, context } = await openPage(browser);
  await logInAs(page, 1);
  // Opened afresh, so Tab starts from the top of the page.
  await page.goto(`${SHELL}/explore`);
  const explore = page.getByRole('list', { name: 'Explore feed' });
  await explore.getByRole('article').first().waitFor();
  const presses = await tabTo(page, page.getByRole('link', { name: 'Skip to posts' }));
  expect(presses).toBe(2);
  await page.keyboard.press('Enter');
  expect(await focused(explore.getByRole('article').first())).toBe(true);
  await expectVisibleFocus(page);
  await page.keyboard.press('Tab');
  expect(
    await explore
      .getByRole('article')
      .first()
      .evaluate((article) => article.contains(document.activeElement)),
  ).toBe(true);
  await context.close();
});

test('after deleting a post with the keyboard, focus is on the next post', async () => {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 1);
  const text = `To be deleted ${Date.now()}`;
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const doomed = page.getByRole('article').filter({ hasText: text });
  await doomed.waitFor();
  await doomed.getByRole('button', { name: 'Post options' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Delete post' }).waitFor();
  await page.keyboard.press('End');
  expect(await focused(page.getByRole('menuitem', { name: 'Delete post' }))).toBe(true);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete post?' });
  await tabTo(page, dialog.getByRole('button', { name: 'Delete' }), { max: 5 });
  await page.keyboard.press('Enter');
  await doomed.waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.tagName === 'ARTICLE');
  await expectVisibleFocus(page);
  expect(errors).toEqual([]);
  await context.close();
});

test("the search box has one clear control, the dialog's own Close search", async () => {
  const { page, context } = await openPage(browser);
  await logInAs(page, 1);
  await page.getByRole('button', { name: 'Search users' }).click();
  const box = page.getByRole('searchbox', { name: 'Search users' });
  // Chromium draws its own ✕ at the right end of a type="search" box holding text, unless the
  // page hides it: that end of the box must look the same empty and filled.
  const bounds = (await box.boundingBox())!;
  const rightEnd = { x: bounds.x + bounds.width - 40, y: bounds.y + 2, width: 36, height: bounds.height - 4 };
  const empty = await page.screenshot({ clip: rightEnd });
  await box.fill('ada');
  const filled = await page.screenshot({ clip: rightEnd });
  expect(filled.equals(empty)).toBe(true);
  await context.close();
});

/** A PNG of that size drawn in the page, as a file for an <input type="file">. */
async function pngFile(page: Page, width: number, height: number) {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#3a7';
      context.fillRect(0, 0, w!, h!);
      context.fillStyle = '#fff';
      context.fillRect(w! / 4, h! / 4, w! / 2, h! / 2);
      return canvas.toDataURL('image/png');
    },
    [width, height],
  );
  return { name: 'small.png', mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
}

test('a small picture is never upscaled; its alt names the author; on the post page it opens full size and Escape closes it', async () => {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 1);
  const text = `A small picture ${Date.now()}`;
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await page.getByLabel('Add photo or GIF').setInputFiles(await pngFile(page, 64, 48));
  await page.getByRole('img', { name: 'Picture 1' }).waitFor();
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const card = page.getByRole('article').filter({ hasText: text });
  const image = card.getByRole('img', { name: 'Adarsh Balika photo' });
  await image.waitFor();
  await page.waitForFunction(
    (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
    await image.elementHandle(),
  );
  const size = await image.evaluate((el) => ({ width: el.getBoundingClientRect().width, height: el.getBoundingClientRect().height }));
  expect(size).toEqual({ width: 64, height: 48 });

  await card.getByRole('link', { name: 'Comments' }).click();
  await page.getByRole('textbox', { name: 'Write a comment' }).waitFor();
  const open = page.getByRole('button', { name: 'Adarsh Balika photo (open full size)' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Adarsh Balika photo' });
  await dialog.getByRole('img', { name: 'Adarsh Balika photo' }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(await focused(open)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test('a changed avatar survives reloads without asking for a dead blob: address', async () => {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 2);
  await page.getByRole('link', { name: 'My profile' }).click();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await dialog.getByLabel('Change avatar').setInputFiles(await pngFile(page, 96, 96));
  await dialog.getByRole('button', { name: 'Update' }).click();
  await dialog.waitFor({ state: 'detached' });
  const navAvatar = page.getByRole('link', { name: 'My profile' }).locator('img');
  // The new picture is shown: the service worker's backend names it /api/images/<id> (one
  // address for every tab and load); the in-page fallback would name it by an object URL.
  await page.waitForFunction(
    (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 96,
    await navAvatar.elementHandle(),
  );
  expect(new URL(await navAvatar.evaluate((el) => (el as HTMLImageElement).src)).pathname).toMatch(/^\/api\/images\//);
  expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('login-items')!) as { user: { pic: string } }).user.pic)).not.toMatch(
    /^blob:/,
  );

  const failed: string[] = [];
  // Only page-bound addresses: a reload may abort the previous page's own script loads.
  page.on('requestfailed', (request) => {
    if (request.url().startsWith('blob:')) failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  for (let reload = 0; reload < 2; reload += 1) {
    await page.reload();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('a[aria-label="My profile"] img');
      return !!img && img.complete && img.naturalWidth === 96;
    });
  }
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('signed out on /mockman, the bar links back to log in', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${SHELL}/mockman`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await tabTo(page, nav.getByRole('link', { name: 'Log in' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(`${SHELL}/login`);
  await page.getByRole('button', { name: 'Log In' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
