/**
 * The in-browser backend as a member meets it across tabs (one browser context, two pages,
 * one backend in the service worker over IndexedDB): changes in one tab show in the other
 * without a reload and survive reloads; sessions end when the token expires; a browser that
 * refuses storage gets a clear message and keeps the login.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { LIMITS, SERVER_ERRORS } from '@social/mock-api/contract';
import { signToken } from '@social/mock-api/tokens';
import { launchBrowser, logInAs, openPage, openSecondTab, SHELL, untilInPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SESSION_ENDED = 'Your session has expired. Please log in again.';

/** The number a "Comments" link describes (the count shown beside it). */
async function commentCount(link: Locator): Promise<number> {
  return Number(await link.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent?.trim()));
}

const cardWith = (page: Page, text: string) => page.locator('article').filter({ hasText: text });

/** A posted comment's text on the post page (a paragraph, not the comment box, which may still hold it). */
const commentText = (page: Page, text: string) =>
  page
    .getByRole('region', { name: 'comment' })
    .getByRole('paragraph')
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

/** Waits until `seen` holds in the other tab; returns how long it took after the change (ms). */
async function seenWithin(seen: () => Promise<unknown>): Promise<number> {
  const start = Date.now();
  await seen();
  return Date.now() - start;
}

test('two tabs: a post, a like, a comment and a signup in one show in the other without a reload, and stay after reloads', async () => {
  const { page: a, context, errors } = await openPage(browser);
  await logInAs(a, 1);
  const b = await openSecondTab(context);
  const delays: Record<string, number> = {};

  // A post written in tab A.
  const text = `Written in tab A ${Date.now()}`;
  await a.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await a.getByRole('button', { name: 'Post', exact: true }).click();
  await a.getByText('Post created successfully').waitFor();
  // Tab B: the member's own post goes on top of its feed, never announced (issue 42).
  delays.post = await seenWithin(() => cardWith(b, text).waitFor());
  expect(await b.getByRole('button', { name: /new post/ }).count()).toBe(0);

  // A like in tab A.
  await cardWith(a, text).getByRole('button', { name: 'Like', exact: true }).click();
  await cardWith(a, text).locator('button[aria-label="Like"][aria-pressed="true"]').waitFor();
  delays.like = await seenWithin(() => cardWith(b, text).locator('button[aria-label="Like"][aria-pressed="true"]').waitFor());

  // A comment in tab A, on the post page.
  const href = await cardWith(a, text).getByRole('link', { name: 'Comments' }).getAttribute('href');
  await cardWith(a, text).getByRole('link', { name: 'Comments' }).click();
  await a.getByRole('textbox', { name: 'Write a comment' }).fill('Commented in tab A');
  await a.getByRole('button', { name: 'Post', exact: true }).click();
  await commentText(a, 'Commented in tab A').waitFor();
  const bCard = b.locator(`article:has(a[href="${href}"])`).getByRole('link', { name: 'Comments' });
  delays.comment = await seenWithin(() =>
    b.waitForFunction((h) => {
      const link = document.querySelector(`article a[href="${h}"][aria-describedby]`);
      return link && document.getElementById(link.getAttribute('aria-describedby') ?? '')?.textContent?.trim() === '1';
    }, href),
  );
  expect(await commentCount(bCard)).toBe(1);

  // Tab B makes its own change meanwhile: nothing of tab A's is lost.
  await cardWith(b, text).getByRole('link', { name: 'Comments' }).click();
  await b.getByRole('textbox', { name: 'Write a comment' }).fill('Commented in tab B');
  await b.getByRole('button', { name: 'Post', exact: true }).click();
  await commentText(b, 'Commented in tab B').waitFor();
  delays.commentBack = await seenWithin(() => commentText(a, 'Commented in tab B').waitFor());

  // A signup in tab A: tab B follows the new session, and its backend knows the new member.
  await a.getByRole('link', { name: 'My profile' }).click();
  await a.getByRole('button', { name: 'Logout' }).click();
  await a.waitForURL(/\/login$/);
  const email = `tabs.${Date.now()}@example.com`;
  await a.getByRole('link', { name: 'Sign up' }).click();
  await a.getByRole('textbox', { name: 'First name' }).fill('Tabby');
  await a.getByRole('textbox', { name: 'Last name' }).fill('Two');
  await a.getByRole('textbox', { name: 'Email' }).fill(email);
  await a.getByRole('textbox', { name: 'Password' }).fill('orbit2024');
  await a.getByRole('button', { name: 'Sign Up' }).click();
  await a.getByRole('link', { name: 'My profile' }).waitFor();
  delays.signup = await seenWithin(() =>
    untilInPage(
      b,
      "tab B's backend knows the new member",
      async (mail: string) => {
        const answer = await fetch('/api/users').then((r) => r.json() as Promise<{ users: { username: string }[] }>);
        return answer.users.some((u) => u.username === mail);
      },
      email,
    ),
  );

  // Everything is still there after reloading both tabs.
  await a.reload();
  await b.reload();
  for (const page of [a, b]) {
    await page.goto(`${SHELL}${href}`);
    await commentText(page, 'Commented in tab A').waitFor();
    await commentText(page, 'Commented in tab B').waitFor();
    await page.getByText(text).first().waitFor();
  }
  const post = await b.evaluate(
    async (h) =>
      (await fetch(`/api/posts/${h.split('/').pop()}`).then((r) => r.json())) as { post: { likes: { likedBy: { _id: string }[] } } },
    href!,
  );
  expect(post.post.likes.likedBy.map((u) => u._id)).toContain('u1-adarsh');
  const login = await b.evaluate(
    async (mail) =>
      (
        await fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: mail, password: 'orbit2024' }),
        })
      ).status,
    email,
  );
  expect(login).toBe(200);

  console.info(`two tabs: seen in the other tab after (ms) ${JSON.stringify(delays)}`);
  expect(errors).toEqual([]);
  await context.close();
});

test('an expired token (its lifetime over) sends the member to /login with a message', async () => {
  const { page, context } = await openPage(browser);
  await logInAs(page, 2);
  await page.getByRole('article').first().waitFor();
  // The backend runs in the service worker, on its own clock: the token is the one that ran out,
  // signed as the backend signs them, issued a lifetime and a minute ago.
  const expired = await page.evaluate(
    (token) => {
      const stored = JSON.parse(localStorage.getItem('login-items')!) as { token: string; user: { _id: string; username: string } };
      localStorage.setItem('login-items', JSON.stringify({ ...stored, token }));
      return stored.user.username;
    },
    signToken({ _id: 'u2-meera', username: 'meera@socialmfe.dev' }, Date.now() - LIMITS.tokenLifetimeMs - 60_000),
  );
  expect(expired).toBe('meera@socialmfe.dev');
  // The reload's first call with the token (GET /api/v2/me, shell/src/app/AppFrame.tsx) is
  // refused with 401, which signs the member out.
  await page.reload();
  await page.waitForURL(/\/login$/);
  await page.getByText(SESSION_ENDED).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('login-items'))).toBeNull();
  // Nor is Home's snapshot (shell/src/data/snapshot.ts) left for the next member of this browser.
  expect(await page.evaluate(() => localStorage.getItem('orbit-home-snapshot'))).toBeNull();
  await context.close();
});

test('storage refused: a clear message, nothing saved, and the member stays signed in', async () => {
  // The refusal is simulated by patching IndexedDB, which only a page can be: this context blocks
  // the service worker, so the backend runs in the page (its fallback; the same Backend code).
  const { page, context } = await openPage(browser, { serviceWorkers: 'block' });
  // Simulates a full disk: once the flag is set, every IndexedDB write is refused with QuotaExceededError.
  await context.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if ((window as unknown as { __refuseStorage?: boolean }).__refuseStorage)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  await logInAs(page, 3);
  await page.getByRole('article').first().waitFor();
  await page.evaluate(() => {
    (window as unknown as { __refuseStorage?: boolean }).__refuseStorage = true;
  });
  const text = `Refused by storage ${Date.now()}`;
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await page.getByText(SERVER_ERRORS.storageFull).waitFor();
  // The draft is kept to try again, and the member is still signed in, also after a reload.
  expect(await page.getByRole('textbox', { name: "What's on your mind?" }).inputValue()).toBe(text);
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.getByRole('article').first().waitFor();
  expect(await page.getByText(text).count()).toBe(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('login-items') ?? 'null')?.user?.username)).toBe('kabir@socialmfe.dev');
  await context.close();
});

/** In the page: a distinct photo (noise seeded by n) as a JPEG data URL of a few hundred KB. */
async function makePhotos(page: Page, from: number, count: number): Promise<string[]> {
  return page.evaluate(
    async ({ from: first, count: total }) => {
      const urls: string[] = [];
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const context = canvas.getContext('2d')!;
      for (let n = first; n < first + total; n += 1) {
        const pixels = context.createImageData(640, 480);
        let state = (n + 1) * 2654435761;
        for (let i = 0; i < pixels.data.length; i += 4) {
          state = (Math.imul(state, 1103515245) + 12345) >>> 0;
          pixels.data[i] = state >>> 24;
          pixels.data[i + 1] = (state >>> 16) & 255;
          pixels.data[i + 2] = (state >>> 8) & 255;
          pixels.data[i + 3] = 255;
        }
        context.putImageData(pixels, 0, 0);
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.92));
        urls.push(
          await new Promise<string>((resolve) => {
            const reader = new FileReader();
            reader.onload = () => resolve(String(reader.result));
            reader.readAsDataURL(blob);
          }),
        );
      }
      return urls;
    },
    { from, count },
  );
}

test('a photo chosen in tab A shows in tab B and after a reload, from /api/images/<id>, not inline in the answers', async () => {
  const { page: a, context, errors } = await openPage(browser);
  await logInAs(a, 4);
  const b = await context.newPage();
  await b.goto(`${SHELL}/`);
  await b.getByRole('article').first().waitFor();
  const [photo] = await makePhotos(a, 7, 1);
  const text = `A photo from tab A ${Date.now()}`;
  await a.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await a
    .getByLabel('Add photo or GIF')
    .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(photo!.split(',')[1]!, 'base64') });
  await a.getByRole('img', { name: 'Picture 1' }).waitFor();
  await a.getByRole('button', { name: 'Post', exact: true }).click();
  await a.getByText('Post created successfully').waitFor();
  for (const page of [a, b]) {
    const image = cardWith(page, text).getByRole('img', { name: / photo$/ });
    await image.waitFor();
    await page.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
      await image.elementHandle(),
    );
    // Served by the service worker's backend: one address in every tab and after reloads.
    expect(await image.getAttribute('src')).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
  }
  await b.reload();
  const reloaded = cardWith(b, text).getByRole('img', { name: / photo$/ });
  await reloaded.waitFor();
  await b.waitForFunction(
    (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 640,
    await reloaded.elementHandle(),
  );
  expect(errors).toEqual([]);
  await context.close();
});

test('200 photos of a few hundred KB each fit, all shown after a reload; the posts answer carries no image bytes', async () => {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 1);
  // The backend without its 400 ms delay (read when it starts, i.e. on this load).
  await page.goto(`${SHELL}/?api-delay=0`);
  await page.getByRole('article').first().waitFor();
  const started = Date.now();
  const sizes: number[] = [];
  for (let first = 0; first < 200; first += 20) {
    const photos = await makePhotos(page, first, 20);
    sizes.push(...photos.map((url) => Math.floor((url.length - url.indexOf(',') - 1) * 0.75)));
    const statuses = await page.evaluate(async (pics) => {
      const token = (JSON.parse(localStorage.getItem('login-items')!) as { token: string }).token;
      const out: number[] = [];
      for (const [i, pic] of pics.entries()) {
        const answer = await fetch('/api/posts', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', authorization: token },
          body: JSON.stringify({ postData: { content: `Photo ${i}`, pic } }),
        });
        out.push(answer.status);
      }
      return out;
    }, photos);
    expect(statuses.every((status) => status === 201)).toBe(true);
  }
  const stored = Date.now() - started;
  await page.reload();
  await page.getByRole('article').first().waitFor();
  const check = await page.evaluate(async () => {
    const text = await (await fetch('/api/posts')).text();
    const posts = (JSON.parse(text) as { posts: { content: string; pic: string }[] }).posts.filter((p) => p.content.startsWith('Photo '));
    const widths = await Promise.all(
      posts.map(async (post) => {
        const image = new Image();
        image.src = post.pic;
        await image.decode();
        return image.naturalWidth;
      }),
    );
    return {
      answerLength: text.length,
      count: posts.length,
      imageUrls: posts.filter((p) => /^\/api\/images\/[0-9a-f]{64}$/.test(p.pic)).length,
      distinct: new Set(posts.map((p) => p.pic)).size,
      widths,
    };
  });
  // The bytes are also served at /api/images/<SHA-256 of type, NUL, bytes>, as api-server serves them.
  // The probe of an unknown id below is answered 404 by the service worker, which Chromium logs
  // as a console error: the only one allowed.
  const errorsBeforeProbe = [...errors];
  const [first] = await makePhotos(page, 0, 1);
  const served = await page.evaluate(async (dataUrl) => {
    const bytes = Uint8Array.from(atob(dataUrl.split(',')[1]!), (c) => c.charCodeAt(0));
    const head = new TextEncoder().encode('image/jpeg\0');
    const named = new Uint8Array(head.length + bytes.length);
    named.set(head);
    named.set(bytes, head.length);
    const id = [...new Uint8Array(await crypto.subtle.digest('SHA-256', named))].map((b) => b.toString(16).padStart(2, '0')).join('');
    const answer = await fetch(`/api/images/${id}`);
    const got = new Uint8Array(await answer.arrayBuffer());
    const missing = await fetch(`/api/images/${'0'.repeat(64)}`);
    return {
      status: answer.status,
      type: answer.headers.get('content-type'),
      same: got.length === bytes.length && got.every((b, i) => b === bytes[i]),
      missing: missing.status,
    };
  }, first!);
  expect(served).toEqual({ status: 200, type: 'image/jpeg', same: true, missing: 404 });
  expect(check.count).toBe(200);
  expect(check.imageUrls).toBe(200);
  expect(check.distinct).toBe(200);
  expect(check.widths.every((width) => width === 640)).toBe(true);
  expect(check.answerLength).toBeLessThan(200_000);
  expect(Math.min(...sizes)).toBeGreaterThan(100 * 1024);
  console.info(
    `200 photos (${Math.round(Math.min(...sizes) / 1024)}-${Math.round(Math.max(...sizes) / 1024)} KB) stored in ${stored} ms; all shown after a reload in ${Date.now() - started - stored} ms; posts answer ${Math.round(check.answerLength / 1024)} KB`,
  );
  expect(errorsBeforeProbe).toEqual([]);
  expect(errors.slice(errorsBeforeProbe.length).every((error) => error.includes('status of 404'))).toBe(true);
  await context.close();
}, 300_000);
