/** How the product loads: remotes found at run time, and /login not waiting for the fake backend. */
import type { Browser, Route } from 'playwright-core';
import { launchBrowser, openPage, SHELL, testUser } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('the remotes config is read at run time: a remote moved in remotes.json loads from its new address', async () => {
  const { page, context, errors } = await openPage(browser);
  // The same auth build, reached under another host name: only the served config says so.
  await page.route(`${SHELL}/remotes.json`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ auth: 'http://127.0.0.1:3001/mf-manifest.json' }),
    }),
  );
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(`${SHELL}/login`);
  await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
  expect(requested).toContain('http://127.0.0.1:3001/mf-manifest.json');
  expect(requested.some((url) => url.startsWith('http://127.0.0.1:3001/') && url.endsWith('.js'))).toBe(true);
  expect(requested.filter((url) => url.startsWith('http://localhost:3001/'))).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('a redeployed remote is picked up on the next load, without rebuilding the shell, with the product in the service worker', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${SHELL}/login`);
  await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
  // The service worker (registered once the page is idle) has the product; the next load goes through it.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The auth team deploys a new build: its remoteEntry.js (which names its chunks) changes.
  const entry = new URL('/remoteEntry.js', (await (await page.request.get(`${SHELL}/remotes.json`)).json()).auth).href;
  // Browsers must ask again on every load: the entry's name never changes from build to build.
  expect((await page.request.get(entry)).headers()['cache-control']).toBe('no-cache');
  // The worker fetches the entry (network first): route the context, which sees the worker's requests.
  await context.route(entry, async (route) => {
    try {
      const response = await route.fetch();
      await route.fulfill({ response, body: `${await response.text()}\nwindow.__authBuild = 'new';` });
    } catch {
      // The test is over: the worker was still caching the entries (it does once the page is idle).
    }
  });
  await page.reload();
  await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
  expect(await page.evaluate(() => (window as Window & { __authBuild?: string }).__authBuild)).toBe('new');
  expect(errors).toEqual([]);
  await context.close();
});

test('/login shows before the fake backend has loaded, and logging in waits for it', async () => {
  const { page, context, errors } = await openPage(browser);
  // Hold the fake backend's code (the service worker's file) back until the login form is on screen.
  const held: Route[] = [];
  let release = false;
  await context.route(/\/sw\.js$/, (route) => (release ? route.continue() : held.push(route)));
  await page.goto(`${SHELL}/login`);
  await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
  release = true;
  await Promise.all(held.map((route) => route.continue()));

  const { username, password } = testUser(1);
  await page.getByRole('textbox', { name: 'Email' }).fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.getByRole('article').first().waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test('a page that calls no API never loads the fake backend into the page', async () => {
  const { page, context, errors } = await openPage(browser);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(`${SHELL}/no/such/page`);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(requested.filter((url) => /\/mock-api\.[0-9a-f]+\.js$/.test(url))).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
