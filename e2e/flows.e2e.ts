/** The product's main flows across remotes, on the composed production build. */
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, logInAs, openPage, SHELL, testUser } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The number a "Comments" link describes (the count shown beside it). */
async function commentCount(link: Locator): Promise<number> {
  return Number(await link.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent?.trim()));
}

async function likeCount(article: Locator): Promise<number> {
  return Number((await article.locator('.post-card__count').first().textContent())?.trim());
}

/** A fresh page, signed in as test user n. Each context has its own storage, so its own fake backend data. */
async function signedIn(n: 1 | 2 | 3 | 4 = 1): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, n);
  return { page, errors, close: () => context.close() };
}

describe('auth', () => {
  test.each([
    [1, 'adarshbalika'],
    [2, 'meeranair'],
    [3, 'kabirshah'],
    [4, 'saraahmed'],
  ] as const)('test user %i logs in with the test credentials and stays signed in after a reload', async (n, handle) => {
    const { page, errors, close } = await signedIn(n);
    expect(await page.getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe(`/profile/${handle}`);
    await page.reload();
    await page.getByRole('link', { name: 'My profile' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  test('a new member signs up, lands on an empty home feed, logs out and logs in again', async () => {
    const { page, context, errors } = await openPage(browser);
    const email = `e2e.${Date.now()}@example.com`;
    await page.goto(`${SHELL}/login`);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('textbox', { name: 'First name' }).fill('Eve');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Tester');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('orbit2024');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('No posts yet. You can go Explore Feed').waitFor();
    expect(await page.getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe(`/profile/${email.split('@')[0]}`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('login-items') ?? 'null'));
    expect(stored.user.username).toBe(email);
    expect(typeof stored.token).toBe('string');

    await page.getByRole('link', { name: 'My profile' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${SHELL}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('orbit2024');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a wrong password says so and stays on /login', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${SHELL}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(testUser(1).username);
    await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password1');
    await page.getByRole('button', { name: 'Log In' }).click();
    // The toast, and the same words under the password box, linked to it.
    await page.getByRole('textbox', { name: 'Password', description: 'username or password is incorrect' }).waitFor();
    expect(await page.getByText('username or password is incorrect').count()).toBeGreaterThanOrEqual(1);
    expect(page.url()).toBe(`${SHELL}/login`);
    await context.close();
  });
});

describe('posts', () => {
  test('a like from the feed shows on the post page', async () => {
    const { page, errors, close } = await signedIn(1);
    const article = page
      .getByRole('article')
      .filter({ has: page.locator('button[aria-label="Like"][aria-pressed="false"]') })
      .first();
    const before = await likeCount(article);
    const href = await article.getByRole('link', { name: 'Comments' }).getAttribute('href');
    await article.getByRole('button', { name: 'Like', exact: true }).click();
    const liked = page.locator(`article:has(a[href="${href}"])`);
    await liked.locator('button[aria-label="Like"][aria-pressed="true"]').waitFor();
    expect(await likeCount(liked)).toBe(before + 1);

    await liked.getByRole('link', { name: 'Comments' }).click();
    await page.waitForURL(`${SHELL}${href}`);
    // The URL changes before the post page replaces the feed: wait for the page itself, or
    // `article.first()` may still name a feed card when the count is read.
    await page.getByRole('textbox', { name: 'Write a comment' }).waitFor();
    const onPage = page.getByRole('article').first();
    await onPage.locator('button[aria-label="Like"][aria-pressed="true"]').waitFor();
    expect(await likeCount(onPage)).toBe(before + 1);
    expect(errors).toEqual([]);
    await close();
  });

  test("a bookmark shows on the profile's BOOKMARKED tab", async () => {
    const { page, close } = await signedIn(1);
    const article = page.getByRole('article').nth(1);
    const href = await article.getByRole('link', { name: 'Comments' }).getAttribute('href');
    await article.getByRole('button', { name: 'Post options' }).click();
    const save = page.getByRole('menuitem', { name: 'Save post' });
    if ((await save.count()) === 0) throw new Error('the seed has this post saved already; pick another');
    await save.click();
    await page.getByText('Bookmark added successfully').waitFor();

    await page.getByRole('link', { name: 'My profile' }).click();
    await page.getByRole('tab', { name: 'BOOKMARKED' }).click();
    await page.getByRole('tabpanel').locator(`article:has(a[href="${href}"])`).waitFor();
    await close();
  });

  test('a comment added on the post page raises the count on the feed card', async () => {
    const { page, errors, close } = await signedIn(1);
    const link = page.getByRole('article').first().getByRole('link', { name: 'Comments' });
    const href = await link.getAttribute('href');
    const before = await commentCount(link);
    await link.click();
    await page.getByRole('textbox', { name: 'Write a comment' }).fill('Great post! 🎉 https://example.com');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    // The form empties once the server has the comment (until then the text box holds the text).
    await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Write a comment"]')?.value === '');
    await page.locator('li', { hasText: 'Great post! 🎉' }).first().waitFor();

    await page.getByRole('link', { name: 'Feed' }).click();
    // The post page shows the same card: look inside the home feed's list.
    const card = page
      .getByRole('list', { name: 'Home feed' })
      .locator(`article:has(a[href="${href}"])`)
      .getByRole('link', { name: 'Comments' });
    await card.waitFor();
    expect(await commentCount(card)).toBe(before + 1);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('feed', () => {
  test('a new post appears at the top of Latest', async () => {
    const { page, errors, close } = await signedIn(1);
    const text = `Hello from the e2e suite ${Date.now()}`;
    const post = page.getByRole('button', { name: 'Post', exact: true });
    // The composer is one line, without its controls, until it is focused.
    expect(await post.count()).toBe(0);
    await page.getByRole('textbox', { name: "What's on your mind?" }).focus();
    expect(await post.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
    await post.click();
    await page.getByText('Post created successfully').waitFor();
    await page.getByRole('article').first().getByText(text).waitFor();
    expect(await page.getByRole('textbox', { name: "What's on your mind?" }).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Latest' }).getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await close();
  });

  test('following a suggested member removes them from the strip', async () => {
    const { page, close } = await signedIn(1);
    const strip = page.getByRole('region', { name: 'Suggested users' });
    const firstName = await strip.getByRole('link').first().textContent();
    await strip.getByRole('button', { name: 'Follow' }).first().click();
    await strip.getByRole('link', { name: firstName ?? '' }).waitFor({ state: 'detached' });
    await close();
  });

  test('explore loads two posts at a time as the sentinel scrolls into view, to the end', async () => {
    const { page, errors, close } = await signedIn(1);
    await page.getByRole('link', { name: 'Explore' }).click();
    // Home's cards stay on screen until Explore has rendered (the router changes pages in a
    // transition): look inside Explore's own list.
    const explore = page.getByRole('list', { name: 'Explore feed' });
    await explore.getByRole('article').first().waitFor();
    let seen = await explore.getByRole('article').count();
    expect(seen).toBe(2);
    for (let i = 0; i < 12 && !(await page.getByText("You're all caught up").count()); i++) {
      await page.getByTestId('feed-sentinel').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.waitForFunction(
        (n) => document.querySelectorAll('article').length > n || document.body.innerText.includes("You're all caught up"),
        seen,
      );
      seen = await page.getByRole('article').count();
    }
    await page.getByText("You're all caught up").waitFor();
    expect(seen).toBeGreaterThan(4);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('profile', () => {
  test("following from a profile updates both counts and the feed's suggestions", async () => {
    const { page, close } = await signedIn(1);
    await page.getByRole('region', { name: 'Suggested users' }).getByRole('link', { name: 'Sara Ahmed' }).waitFor();
    await page.goto(`${SHELL}/profile/saraahmed`);
    const followers = page.getByRole('button', { name: /Followers$/ });
    const before = Number((await followers.textContent())?.match(/\d+/)?.[0]);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    await page.getByRole('button', { name: `${before + 1} Followers` }).waitFor();

    await page.getByRole('link', { name: 'Feed' }).click();
    await page.getByRole('list', { name: 'Home feed' }).getByRole('article').first().waitFor();
    // The feed shows the lists it holds at once; the follow may still be on its way (the button
    // showed it at once): Sara leaves the suggestions when its answer replaces the members list.
    await page.getByRole('region', { name: 'Suggested users' }).getByRole('link', { name: 'Sara Ahmed' }).waitFor({ state: 'detached' });
    await close();
  });

  test('an edited profile survives a reload', async () => {
    const { page, errors, close } = await signedIn(2);
    await page.getByRole('link', { name: 'My profile' }).click();
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    const bio = `Edited by the e2e suite ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Bio' }).fill(bio);
    await dialog.getByRole('textbox', { name: 'Link' }).fill('https://meera.example.org');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Profile updated').waitFor();
    await page.reload();
    await page.getByText(bio).waitFor();
    expect(await page.getByRole('link', { name: /meera\.example\.org/ }).getAttribute('target')).toBe('_blank');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('mockman', () => {
  test('the default request answers 200 with the todos, even right after the page opens', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${SHELL}/mockman`);
    const response = page.getByRole('region', { name: 'Response' });
    await response.getByText('Response is undefined.').waitFor();
    await page.getByRole('button', { name: 'Send' }).click();
    await response.getByText('200').first().waitFor();
    await response.getByText('todos').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('invalid JSON in the body is refused and nothing is sent', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${SHELL}/mockman`);
    await page.getByRole('combobox', { name: 'Request type' }).selectOption('POST');
    await page.getByRole('textbox', { name: 'Body' }).fill('{"a":');
    await page.getByText('Error in JSON format').waitFor();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForTimeout(500);
    expect(await page.getByRole('region', { name: 'Response' }).getByText('Response is undefined.').count()).toBe(1);
    await context.close();
  });
});
