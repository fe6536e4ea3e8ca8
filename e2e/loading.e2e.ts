/** How the product loads: remotes found at run time, /login not waiting for the fake backend nor loading remotes it does not show. */
import type { Browser, Route } from 'playwright-core';
import { launchBrowser, logInAs, openPage, SHELL, testUser } from './support/browser';

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

test('a returning member sees Home as they left it before the feed answers; logging out forgets it', async () => {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 1);
  const firstPost = page.getByRole('article').first();
  await firstPost.waitFor();
  const seen = await firstPost.getByRole('link', { name: 'Comments' }).getAttribute('href');

  // The next visit, with every answer of the fake backend 3 s away: when did the first post show,
  // and when did Home's answer come?
  await page.addInitScript(() => {
    const marks = window as unknown as { __firstPostAt?: number; __homeAnsweredAt?: number };
    new MutationObserver((_, observer) => {
      if (document.querySelector('article')) {
        marks.__firstPostAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[])
        if (entry.name.includes('/api/v2/feed/home')) marks.__homeAnsweredAt = entry.responseEnd;
    }).observe({ type: 'resource', buffered: true });
  });
  await page.goto(`${SHELL}/?api-delay=3000`);
  await page.waitForFunction(() => (window as unknown as { __homeAnsweredAt?: number }).__homeAnsweredAt !== undefined, null, {
    timeout: 30_000,
  });
  const { firstPostAt, homeAnsweredAt } = await page.evaluate(() => {
    const marks = window as unknown as { __firstPostAt?: number; __homeAnsweredAt?: number };
    return { firstPostAt: marks.__firstPostAt, homeAnsweredAt: marks.__homeAnsweredAt };
  });
  expect(firstPostAt).toBeDefined();
  expect(firstPostAt!).toBeLessThan(homeAnsweredAt!);
  expect(await page.getByRole('article').first().getByRole('link', { name: 'Comments' }).getAttribute('href')).toBe(seen);

  // Logging out leaves nothing of it behind.
  await page.getByRole('link', { name: 'My profile' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${SHELL}/login`);
  expect(await page.evaluate(() => localStorage.getItem('orbit-home-snapshot'))).toBeNull();
  expect(errors).toEqual([]);
  await context.close();
}, 60_000);

test("a signed-in page's HTML starts the shell's data-layer chunks beside main.js; a signed-out page does not", async () => {
  const { page, context, errors } = await openPage(browser);
  // The shell's own scripts the boot script preloads (remotes' are on other origins).
  const shellPreloads = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')]
        .map((link) => new URL(link.href))
        .filter((url) => url.origin === location.origin)
        .map((url) => url.pathname),
    );
  await page.goto(`${SHELL}/login`);
  await page.getByRole('button', { name: 'Log In' }).waitFor();
  expect(await shellPreloads()).toEqual([]);

  await logInAs(page, 1);
  await page.getByRole('article').first().waitFor();
  await page.reload();
  await page.getByRole('article').first().waitFor();
  const preloaded = await shellPreloads();
  // Exactly the chunks the shell's manifest gives its data layer and TanStack Query.
  const manifest = (await (await page.request.get(`${SHELL}/mf-manifest.json`)).json()) as {
    shared: { name: string; assets: { js: { sync: string[] } } }[];
  };
  const dataLayer = manifest.shared
    .filter((shared) => shared.name === '@social/shell/data' || shared.name === '@tanstack/react-query')
    .flatMap((shared) => shared.assets.js.sync.map((file) => `/${file}`));
  expect([...preloaded].sort()).toEqual([...new Set(dataLayer)].sort());
  expect(errors).toEqual([]);
  await context.close();
}, 60_000);

test("a returning member's pictures wait for the backend when the service worker is gone: none is answered with the page", async () => {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 1);
  await page.getByRole('article').first().waitFor();
  // As after the browser dropped the worker: Home's snapshot shows before anything can serve /api.
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
  });
  const pageAnswers: string[] = [];
  page.on('response', (response) => {
    const html = (response.headers()['content-type'] ?? '').includes('text/html');
    if (new URL(response.url()).pathname.startsWith('/api/') && html) pageAnswers.push(response.url());
  });
  await page.goto(`${SHELL}/`);
  // Every picture on Home ends up drawn, from the backend.
  const pictures = page.locator('main img[src^="/api/images/"]');
  await pictures.first().waitFor();
  await page.waitForFunction(() => {
    const images = [...document.querySelectorAll<HTMLImageElement>('main img[src^="/api/images/"]')].filter(
      (image) => image.loading !== 'lazy',
    );
    return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0);
  });
  expect(pageAnswers).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}, 60_000);

test("/login loads none of the notifications remote's code; /notifications loads it", async () => {
  const { page, context, errors } = await openPage(browser);
  const remotes = (await (await page.request.get(`${SHELL}/remotes.json`)).json()) as Record<string, string>;
  const notifications = new URL(remotes.notifications!).origin;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(`${SHELL}/login`);
  await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
  // The page has booted once its service worker is active (registered when the page is idle).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  expect(requested.some((url) => url.startsWith(`${SHELL}/`))).toBe(true);
  expect(requested.filter((url) => url.startsWith(`${notifications}/`))).toEqual([]);

  await logInAs(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Notifications/ })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
  expect(requested.some((url) => url.startsWith(`${notifications}/`) && url.endsWith('.js'))).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});
