/**
 * Offline on the in-browser backend (docs/offline.md): once the service worker has the product
 * (the shell's and the remotes' files, cached once the page was idle), the network can go:
 * a reload, logging in, posting, liking and commenting all work, and the page says it is offline.
 */
import { createHash } from 'crypto';
import fs from 'fs';
import path from 'path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage, SHELL, testUser, untilInPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const OFFLINE_LOCAL = 'You are offline. Everything keeps working on this device.';

/**
 * In the page: whether the service worker controls it and has cached the shell's page and script
 * and every remote's entry and exposed files (as sw.ts's cacheProduct does).
 */
async function isProductCached(): Promise<boolean> {
  if (!navigator.serviceWorker.controller) return false;
  const entries = await caches.open('orbit-entries');
  const chunks = await caches.open('orbit-chunks');
  const shell = await caches.open('orbit-shell');
  const mainScript = document.querySelector<HTMLScriptElement>('script[src*="main."]')?.src;
  if (!(await shell.match('/index.html')) || !mainScript || !(await chunks.match(mainScript))) return false;
  const stored = await entries.match('/remotes.json');
  if (!stored) return false;
  const config = (await stored.json()) as Record<string, unknown>;
  for (const [key, value] of Object.entries(config)) {
    if (key.startsWith('//') || typeof value !== 'string') continue;
    const manifestAnswer = await entries.match(value);
    if (!manifestAnswer || !(await entries.match(new URL('remoteEntry.js', value).href))) return false;
    const manifest = (await manifestAnswer.json()) as { exposes: { assets: { js: { sync: string[]; async: string[] } } }[] };
    for (const expose of manifest.exposes) {
      for (const file of [...expose.assets.js.sync, ...expose.assets.js.async])
        if (!(await chunks.match(new URL(file, value).href))) return false;
    }
  }
  return true;
}

/** In the page, before its script: its `orbit-sw:cache-product` message is not sent. */
function holdCaching(): void {
  const post = ServiceWorker.prototype.postMessage;
  ServiceWorker.prototype.postMessage = function (this: ServiceWorker, ...args: Parameters<ServiceWorker['postMessage']>) {
    if ((args[0] as { type?: string } | null)?.type === 'orbit-sw:cache-product') return;
    post.apply(this, args);
  } as ServiceWorker['postMessage'];
}

/**
 * Reloads a page of an offline context and keeps it offline. Chromium 150 gives the document a
 * service worker serves on a reload a fresh network state (`navigator.onLine` true again), and
 * playwright-core 1.65 sends its offline emulation only to new targets, so it is sent again to
 * the page's own session: what a member's browser with no network reports.
 */
async function reloadOffline(page: Page, context: BrowserContext): Promise<void> {
  await page.reload();
  const session = await context.newCDPSession(page);
  // The session stays attached (closed with the context): detaching it ends its emulation.
  await session.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

/** Waits until the product is cached (bounded: 60 s; cacheProduct has no completion event). */
async function productCached(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await untilInPage(page, 'the service worker caches the remotes', isProductCached, undefined);
}

test('with the network off: reload, log in, post, like and comment all work, and the page says it is offline', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${SHELL}/login`);
  await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
  await productCached(page);

  await context.setOffline(true);
  await reloadOffline(page, context);
  await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
  await page.getByRole('status').filter({ hasText: OFFLINE_LOCAL }).waitFor();

  const { username, password } = testUser(1);
  await page.getByRole('textbox', { name: 'Email' }).fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.getByRole('article').first().waitFor();

  const text = `Written offline ${Date.now()}`;
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await page.getByText('Post created successfully').waitFor();
  const mine = page.getByRole('article').filter({ hasText: text });
  await mine.waitFor();

  await mine.getByRole('button', { name: 'Like', exact: true }).click();
  await mine.locator('button[aria-label="Like"][aria-pressed="true"]').waitFor();

  await mine.getByRole('link', { name: 'Comments' }).click();
  await page.getByRole('textbox', { name: 'Write a comment' }).fill('A comment with no network');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await page.locator('li', { hasText: 'A comment with no network' }).first().waitFor();

  // Still offline after another reload, and everything is still there.
  await reloadOffline(page, context);
  await page.locator('li', { hasText: 'A comment with no network' }).first().waitFor();
  await page.getByRole('status').filter({ hasText: OFFLINE_LOCAL }).waitFor();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

test("a returning load's page comes from the worker when it is this build's; a page another build kept is asked of the network", async () => {
  const { page, errors } = await openPage(browser);
  const logIn = page.getByRole('button', { name: 'Log In', exact: true });
  await page.goto(`${SHELL}/login`);
  await logIn.waitFor();
  await productCached(page);
  // The worker keeps a page under its build's revision (tools/sw/webpack.js: the SHA-256 of the file).
  const revision = createHash('sha256')
    .update(fs.readFileSync(path.resolve(__dirname, '..', 'shell', 'dist', 'index.html')))
    .digest('hex');
  const keptRevision = () =>
    page.evaluate(async () => (await (await caches.open('orbit-shell')).match('/index.html'))?.headers.get('x-orbit-revision') ?? null);
  expect(await keptRevision()).toBe(revision);
  // This page's loads do not ask the worker to cache the product again (it would keep the page
  // again at a moment of its own choosing): only the test changes what is kept.
  await page.addInitScript(holdCaching);

  const returning = await page.reload();
  expect(returning?.headers()['x-orbit-revision']).toBe(revision);
  await logIn.waitFor();
  // Every route of the app gets it, a member's handle with a dot too (an e-mail's local part);
  // a file of the origin is not the page.
  const profile = await page.goto(`${SHELL}/profile/jane.doe`);
  expect(profile?.headers()['x-orbit-revision']).toBe(revision);
  const robots = await page.goto(`${SHELL}/robots.txt`);
  expect(robots?.headers()['x-orbit-revision']).toBeUndefined();
  expect(await robots?.text()).toContain('User-agent');
  await page.goto(`${SHELL}/login`);
  await logIn.waitFor();

  // As after the shell was redeployed: the kept page is another build's, so the network's page is used…
  await page.evaluate(async () => {
    const shell = await caches.open('orbit-shell');
    const kept = (await shell.match('/index.html'))!;
    const headers = new Headers(kept.headers);
    headers.set('x-orbit-revision', 'another-build');
    await shell.put('/index.html', new Response(await kept.text(), { headers }));
  });
  const fromNetwork = await page.reload();
  expect(fromNetwork?.headers()['x-orbit-revision']).toBeUndefined();
  await logIn.waitFor();
  // …and once a page is idle the worker keeps its own build's page again.
  const next = await page.context().newPage();
  await next.goto(`${SHELL}/login`);
  await untilInPage(
    next,
    "the worker keeps its build's page again",
    async (expected) => (await (await caches.open('orbit-shell')).match('/index.html'))?.headers.get('x-orbit-revision') === expected,
    revision,
  );
  expect(errors).toEqual([]);
  await page.context().close();
}, 120_000);

test("a returning load asks the network for the entry files remotes.json names at the navigation, and the page's requests take those answers", async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${SHELL}/login`);
  await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
  await productCached(page);
  const config = await page.evaluate(async () => {
    const stored = await (await caches.open('orbit-entries')).match('/remotes.json');
    return (await stored!.json()) as Record<string, string>;
  });
  // Only the load's own requests from here: the page does not ask the worker to cache the product again.
  await page.addInitScript(holdCaching);
  const network: string[] = [];
  await context.route(
    (url) => /\/(remotes\.json|mf-manifest\.json|remoteEntry\.js)$/.test(url.pathname),
    async (route) => {
      network.push(route.request().url());
      await route.continue();
    },
  );
  await page.reload();
  await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();

  // /login never loads /mockman's remote: only the navigation's requests ask for its files.
  const deadline = Date.now() + 10_000;
  while (!network.includes(config.mockman!) && Date.now() < deadline) await page.waitForTimeout(50);
  expect(network).toContain(config.mockman);
  expect(network).toContain(new URL('remoteEntry.js', config.mockman).href);
  // The files the page asked for were fetched once: the page took the navigation's answers.
  expect(network.filter((url) => url === `${SHELL}/remotes.json`)).toHaveLength(1);
  expect(network.filter((url) => url === config.auth)).toHaveLength(1);
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);
