import type { Browser } from 'playwright-core';
import { launchBrowser, logInAs, openPage, SHELL } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('a visitor is sent to /login, logs in with test credentials and lands where they were going', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${SHELL}/explore`);
  await page.waitForURL(`${SHELL}/login`);
  await page.getByRole('combobox', { name: 'Test credentials' }).selectOption({ label: 'Test user 1' });
  await page.getByRole('button', { name: 'Fill test credentials' }).click();
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(`${SHELL}/explore`);
  await page.getByRole('article').first().waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test('every route of the composed app shows its screen, with React loaded once', async () => {
  const { page, context, errors, reactRenderers } = await openPage(browser);
  await logInAs(page, 1);
  await page.getByRole('article').first().waitFor();

  await page.getByRole('link', { name: 'Explore' }).click();
  await page.waitForURL(`${SHELL}/explore`);
  await page.getByRole('article').first().waitFor();

  await page.getByRole('link', { name: 'My profile' }).click();
  await page.waitForURL(/\/profile\//);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('tab', { name: 'POSTS' }).waitFor();

  await page.getByRole('link', { name: 'Feed' }).click();
  await page.waitForURL(`${SHELL}/`);
  // The post page: open the first post through its comments link.
  await page
    .getByRole('article')
    .first()
    .getByRole('link', { name: /Comments/ })
    .click();
  await page.waitForURL(/\/post\//);
  await page.getByRole('textbox', { name: 'Write a comment' }).waitFor();

  await page.goto(`${SHELL}/mockman`);
  await page.getByRole('region', { name: 'Response' }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();

  await page.goto(`${SHELL}/no/such/page`);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await page.getByRole('link', { name: 'Go to the home feed' }).click();
  await page.getByRole('article').first().waitFor();

  expect(await reactRenderers()).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});

test('with the profile remote unreachable, its route says so with Retry and the other pages keep working', async () => {
  const { page, context } = await openPage(browser);
  // The context, not the page: the service worker fetches the remotes' files (page.route does not see those).
  await context.route('http://localhost:3004/**', (route) => route.abort('connectionrefused'));
  await logInAs(page, 1);
  await page.getByRole('article').first().waitFor();

  await page.getByRole('link', { name: 'My profile' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
  await alert.waitFor();
  expect(await alert.textContent()).toContain('The profile part of the site could not be loaded.');

  // The rest of the site still works.
  await page.getByRole('link', { name: 'Explore' }).click();
  await page.getByRole('article').first().waitFor();

  // Back online: Retry loads the profile.
  await context.unroute('http://localhost:3004/**');
  await page.getByRole('link', { name: 'My profile' }).click();
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('tab', { name: 'POSTS' }).waitFor();
  await context.close();
});

test('the theme switch changes the theme and is remembered across a reload', async () => {
  const { page, context } = await openPage(browser);
  await logInAs(page, 1);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  await page.reload();
  await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await context.close();
});

test('user search finds a member and opens their profile', async () => {
  const { page, context } = await openPage(browser);
  await logInAs(page, 1);
  await page.getByRole('button', { name: 'Search users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search users' });
  await dialog.getByRole('searchbox', { name: 'Search users' }).fill('zzzz-nobody');
  await dialog.getByText('No user to show').waitFor();
  await dialog.getByRole('searchbox', { name: 'Search users' }).fill('a');
  const first = dialog.getByRole('list').getByRole('button').first();
  await first.waitFor();
  await first.click();
  await page.waitForURL(/\/profile\//);
  expect(await page.getByRole('dialog', { name: 'Search users' }).count()).toBe(0);
  await context.close();
});

test('the site has a favicon, an installable web app manifest, a description, a real robots.txt and no page under /api', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${SHELL}/login`);
  await page.getByRole('button', { name: 'Log In' }).waitFor();
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/social network/);

  const favicon = await page.request.get(`${SHELL}/favicon.ico`);
  expect(favicon.status()).toBe(200);
  expect((await favicon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0])); // an ICO file, not the page

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(`${SHELL}${manifestHref}`)).json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Orbit', start_url: '/', display: 'standalone' });
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
    expect(icon).toBeDefined();
    const answer = await page.request.get(`${SHELL}${icon!.src}`);
    expect(answer.headers()['content-type']).toBe('image/png');
  }

  const robots = await page.request.get(`${SHELL}/robots.txt`);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toMatch(/^User-agent: \*$/m);

  // Asked outside the service worker (before it runs), /api/… is not the page: it fails.
  const early = await page.request.get(`${SHELL}/api/images/none`);
  expect(early.status()).toBe(404);
  expect(await early.text()).not.toContain('id="root"');
  expect(errors).toEqual([]);
  await context.close();
});

test('the skip link is out of sight until focused; on a small screen the brand shows its logo alone and keeps its name', async () => {
  for (const width of [1280, 400]) {
    const { page, context } = await openPage(browser, { width });
    await page.goto(`${SHELL}/mockman`);
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    const area = () => skip.evaluate((link) => link.getBoundingClientRect().width * link.getBoundingClientRect().height);
    await skip.waitFor({ state: 'attached' });
    expect(await area()).toBeLessThanOrEqual(1);
    await skip.focus();
    expect(await area()).toBeGreaterThan(100);
    const brand = page.getByRole('link', { name: 'Orbit', exact: true });
    expect(await brand.getAttribute('href')).toBe('/');
    expect(await brand.getByText('Orbit', { exact: true }).isVisible()).toBe(width > 600);
    await context.close();
  }
});
