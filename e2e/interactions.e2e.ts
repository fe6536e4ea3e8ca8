/**
 * Interactions that must keep what the member asked for (overlays never clipped, toggles that
 * follow the last click, guards, replies, Explore Latest), at a desktop and a phone width.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logInAs, openPage, SHELL } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([1280, 375])('at %i px', (width) => {
  /** A fresh context (its own storage, so its own fake backend data), signed in as test user n. */
  async function signedIn(n: 1 | 2 | 3 | 4 = 1): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
    const { page, context, errors } = await openPage(browser, { width });
    await logInAs(page, n);
    return { page, errors, close: () => context.close() };
  }

  async function writePost(page: Page, text: string): Promise<void> {
    await page.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByText('Post created successfully').first().waitFor();
  }

  test('a one-line post is deleted from the home feed through its menu', async () => {
    const { page, errors, close } = await signedIn(1);
    const text = `One line ${width} ${Date.now()}`;
    await writePost(page, text);
    const card = page.getByRole('article').filter({ hasText: text });
    await card.getByRole('button', { name: 'Post options' }).click();
    const item = page.getByRole('menuitem', { name: 'Delete post' });
    // Playwright clicks only an element that is visible and receives the click itself: an item
    // clipped by the card (or covered by the card below) would fail here.
    await item.click();
    const dialog = page.getByRole('dialog', { name: 'Delete post?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Post deleted successfully').first().waitFor();
    await card.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });

  test('Upvote clicked twice quickly with a 400 ms backend ends not upvoted, also after a reload', async () => {
    const { page, errors, close } = await signedIn(1);
    await page.goto(`${SHELL}/post/p01-sunrise?api-delay=400`);
    const comment = page.getByRole('listitem').filter({ hasText: 'This is unreal 😍 which trail was this?' }).first();
    const upvote = comment.getByRole('button', { name: 'Upvote' });
    const count = comment.locator('.post-comment__count');
    const before = (await count.textContent())?.trim();
    expect(await upvote.getAttribute('aria-pressed')).toBe('false');
    await upvote.click();
    await upvote.click();
    expect(await upvote.getAttribute('aria-pressed')).toBe('false');
    // Both requests go out, one after the other; then nothing is under way.
    await page.waitForFunction(() => !document.querySelector('.post-comment__upvote[aria-busy="true"]'));
    expect(await upvote.getAttribute('aria-pressed')).toBe('false');
    expect((await count.textContent())?.trim()).toBe(before);
    await page.reload();
    await upvote.waitFor();
    expect(await upvote.getAttribute('aria-pressed')).toBe('false');
    expect((await count.textContent())?.trim()).toBe(before);
    expect(errors).toEqual([]);
    await close();
  });

  test('logging out from my profile and in as another member lands on the home feed', async () => {
    const { page, errors, close } = await signedIn(1);
    await page.getByRole('link', { name: 'My profile' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${SHELL}/login`);
    // On the page logout led to (no reload: whatever it remembered is still there).
    await page.getByRole('combobox', { name: 'Test credentials' }).selectOption({ label: 'Test user 2' });
    await page.getByRole('button', { name: 'Fill test credentials' }).click();
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.waitForURL(`${SHELL}/`);
    expect(await page.getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe('/profile/meeranair');
    expect(errors).toEqual([]);
    await close();
  });

  test('a reply does not mark its comment "(edited)", also after a reload', async () => {
    const { page, errors, close } = await signedIn(1);
    await page.goto(`${SHELL}/post/p01-sunrise`);
    const comment = page.getByRole('listitem').filter({ hasText: 'Wallpaper material 🖼️' }).first();
    expect(await comment.getByText('(edited)').count()).toBe(0);
    await comment.getByRole('button', { name: 'Reply' }).click();
    const reply = `Same here ${width}`;
    await comment.getByRole('textbox', { name: 'Write a reply' }).fill(reply);
    await comment.getByRole('button', { name: 'Send reply' }).click();
    await comment
      .getByRole('list', { name: /^Replies to / })
      .getByText(reply)
      .waitFor();
    expect(await comment.getByText('(edited)').count()).toBe(0);
    await page.reload();
    await comment.getByText(reply).waitFor();
    expect(await comment.getByText('(edited)').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  test('a new post is first on Explore under Latest, without scrolling', async () => {
    const { page, errors, close } = await signedIn(2);
    const text = `Fresh on explore ${width} ${Date.now()}`;
    await writePost(page, text);
    await page.getByRole('link', { name: 'Explore' }).click();
    expect(await page.getByRole('button', { name: 'Latest' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('article').first().getByText(text).waitFor();
    // Paging still brings two at a time.
    expect(await page.getByRole('article').count()).toBe(2);
    expect(errors).toEqual([]);
    await close();
  });
  test("the picker's emoji are drawn as pictures in the picker and in the post, staying the post's text; /login fetches none", async () => {
    const { page, context, errors } = await openPage(browser, { width });
    const sprites: string[] = [];
    page.on('request', (request) => {
      if (/\/emoji\/twemoji\.[0-9a-f]{8}\.svg$/.test(new URL(request.url()).pathname)) sprites.push(request.url());
    });
    await page.goto(`${SHELL}/login`);
    await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(sprites).toEqual([]);
    await logInAs(page, 1);
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.fill(`Emoji ${width} `);
    await page.getByRole('button', { name: 'Add emoji' }).click();
    await page.getByRole('button', { name: '🎉' }).click();
    await box.press('End');
    await box.pressSequentially(' and ❤️');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const text = page
      .getByRole('article')
      .filter({ hasText: `Emoji ${width} 🎉 and ❤️` })
      .locator('.post-card__text');
    await text.waitFor();
    // Each emoji is its own text, painted over by its picture from the one sprite, which loaded.
    const drawn = await text.locator('.emoji').evaluateAll((spans) =>
      spans.map((span) => ({
        text: span.textContent,
        image: getComputedStyle(span).backgroundImage,
        color: getComputedStyle(span).color,
      })),
    );
    expect(drawn.map((d) => d.text)).toEqual(['🎉', '❤️']);
    for (const d of drawn) {
      expect(d.image).toMatch(/twemoji\.[0-9a-f]{8}\.svg#e[0-9a-f]+"\)$/);
      expect(d.color).toBe('rgba(0, 0, 0, 0)');
    }
    expect(new Set(sprites).size).toBe(1);
    const loaded = await page.evaluate(async (url) => (await fetch(url)).headers.get('content-type'), sprites[0]!);
    expect(loaded).toContain('image/svg+xml');
    expect(errors).toEqual([]);
    await context.close();
  });
});
