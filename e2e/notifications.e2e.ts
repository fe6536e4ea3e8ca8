/**
 * Notifications end to end on the in-browser backend (docs/notifications.md): member 1 is
 * signed in in one tab; another member likes their post from a second tab of the same browser
 * (through the API with their own token: the tabs share member 1's session). Member 1's bell
 * rises with no reload, the page lists "Meera Nair liked your post", and opening it marks it read.
 */
import type { Browser, Page } from 'playwright-core';
import { STORAGE_KEYS } from '@social/mock-api/contract';
import { launchBrowser, logInAs, openPage, SHELL, testUser } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A v2 call made in the page with a token of its own (the service worker's fake backend answers). */
function callAs<T>(page: Page, method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, token, body }) => {
      const response = await fetch(`/api/v2${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { method, path, token, body },
  ) as Promise<T>;
}

test("another member's like raises the bell at once; the page lists it and marks it read", async () => {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 1);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
  let loads = 0;
  page.on('load', () => (loads += 1));

  // Member 1's post, written through the page.
  const content = `Notify me ${Date.now()}`;
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(content);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await page.getByText('Post created successfully').first().waitFor();

  // Member 2, in a second tab, likes it.
  const other = await context.newPage();
  await other.goto(`${SHELL}/mockman`);
  const { encodedToken } = await callAs<{ encodedToken: string }>(other, 'POST', '/auth/login', null, testUser(2));
  const { posts } = await callAs<{ posts: { _id: string; content: string }[] }>(other, 'GET', '/feed/explore?limit=5', null);
  const post = posts.find((p) => p.content === content)!;
  await callAs(other, 'POST', `/posts/like/${post._id}`, encodedToken);

  // The bell of member 1's tab rises, with no reload.
  const bell = nav.getByRole('link', { name: 'Notifications, 1 unread' });
  await bell.waitFor();
  expect(await bell.textContent()).toContain('1');
  expect(loads).toBe(0);

  await bell.click();
  await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
  const item = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first();
  await item.getByRole('link', { name: 'Meera Nair liked your post' }).waitFor();
  expect(await item.textContent()).toContain(content);
  // Opening the page marked it read: the bell says so, and so does the server.
  await nav.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
  const myToken = await page.evaluate(
    (key) => (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { token?: string }).token ?? null,
    STORAGE_KEYS.loginItems,
  );
  expect(await callAs<{ count: number }>(page, 'GET', '/notifications/unread-count', myToken)).toEqual({ count: 0 });

  await item.getByRole('link', { name: 'Meera Nair liked your post' }).click();
  await page.getByRole('article').filter({ hasText: content }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
