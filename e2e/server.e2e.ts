/**
 * Two members on the real server: the production build with its served config naming
 * api-server (as `npm run serve:server` does), two browser contexts as two members.
 * api-server runs from its build on 127.0.0.1:4010 with an in-memory database.
 */
import { spawn, spawnSync, type ChildProcess } from 'child_process';
import fs from 'fs';
import path from 'path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, logInAs, openPage, SHELL, pointShellAt } from './support/browser';

const root = path.resolve(__dirname, '..');
const API = 'http://127.0.0.1:4010';

/** The shell's chunks that hold the fake backend (MirageJS and its request interceptor, pretender). */
function fakeBackendChunks(): string[] {
  const dist = path.join(root, 'shell', 'dist');
  return fs
    .readdirSync(dist)
    .filter(
      (file) => file.endsWith('.js') && (file.startsWith('mock-api.') || /pretender/i.test(fs.readFileSync(path.join(dist, file), 'utf8'))),
    );
}

let browser: Browser;
let api: ChildProcess | undefined;

beforeAll(async () => {
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'api-server'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`api-server build failed: ${build.stderr}`);
  api = spawn(process.execPath, [path.join(root, 'api-server', 'dist', 'server.js')], {
    env: { ...process.env, PORT: '4010', HOST: '127.0.0.1', API_DATA_DIR: 'memory://', API_LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    api!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('listening on')) resolve();
    });
    api!.on('exit', (code) => reject(new Error(`api-server exited with ${code}: ${out}`)));
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  api?.kill('SIGTERM');
});

interface Member {
  page: Page;
  context: BrowserContext;
  errors: string[];
  /** Every URL the page requested. */
  requests: string[];
}

/** A member's own browser (separate storage) whose shell reads a config naming api-server. */
async function member(n: 1 | 2 | 3 | 4): Promise<Member> {
  const { page, context, errors } = await openPage(browser);
  await pointShellAt(context, API);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await logInAs(page, n);
  return { page, context, errors, requests };
}

/** Scrolls an infinite feed until an article with this text shows (bounded by the number of pages). */
async function scrollUntil(page: Page, text: string): Promise<Locator> {
  const article = page.getByRole('article').filter({ hasText: text });
  await page.getByRole('article').first().waitFor();
  for (let i = 0; i < 40 && (await article.count()) === 0; i += 1) {
    const sentinel = page.getByTestId('feed-sentinel');
    if ((await sentinel.count()) === 0) break;
    const before = await page.getByRole('article').count();
    await sentinel.scrollIntoViewIfNeeded();
    // More cards, the post itself, or the end of the feed.
    await page.waitForFunction(
      ({ n, wanted }) =>
        document.querySelectorAll('article').length > n ||
        !document.querySelector('[data-testid="feed-sentinel"]') ||
        [wanted, 'all caught up'].some((t) => document.body.textContent?.includes(t)),
      { n: before, wanted: text },
    );
  }
  await article.first().waitFor();
  return article.first();
}

test('A posts, B sees it on Explore, likes and comments; A sees both after a reload; A follows B and sees B on the home feed', async () => {
  const a = await member(1); // Adarsh, who does not follow Sara
  const b = await member(4); // Sara
  const stamp = Date.now();
  const fromA = `Hello from A on the real server ${stamp} 🌍`;
  const fromB = `Hello from B on the real server ${stamp} 🌙`;

  await a.page.getByRole('textbox', { name: "What's on your mind?" }).fill(fromA);
  await a.page.getByRole('button', { name: 'Post', exact: true }).click();
  await a.page.getByText('Post created successfully').waitFor();

  // B, in another browser, opens Explore and finds A's post among the newest (Trending lists only posts with a like or a comment).
  await b.page.goto(`${SHELL}/explore`);
  await b.page.getByRole('button', { name: 'Latest' }).click();
  const onExplore = await scrollUntil(b.page, fromA);
  await onExplore.getByRole('button', { name: 'Like', exact: true }).click();
  await onExplore.locator('button[aria-label="Like"][aria-pressed="true"]').waitFor();
  const href = await onExplore.getByRole('link', { name: 'Comments' }).getAttribute('href');
  await onExplore.getByRole('link', { name: 'Comments' }).click();
  await b.page.waitForURL(`${SHELL}${href}`);
  await b.page.getByRole('textbox', { name: 'Write a comment' }).fill('Nice one from B 👋');
  await b.page.getByRole('button', { name: 'Post', exact: true }).click();
  await b.page.getByText('Nice one from B 👋').waitFor();
  // And posts something of her own.
  await b.page.getByRole('link', { name: 'Feed' }).click();
  await b.page.getByRole('textbox', { name: "What's on your mind?" }).fill(fromB);
  await b.page.getByRole('button', { name: 'Post', exact: true }).click();
  await b.page.getByText('Post created successfully').waitFor();

  // A reloads the post: B's like and comment are there.
  await a.page.goto(`${SHELL}${href}`);
  const post = a.page.getByRole('article').filter({ hasText: fromA }).first();
  await post.waitFor();
  await a.page.getByText('Nice one from B 👋').waitFor();
  expect((await post.locator('.post-card__count').first().textContent())?.trim()).toBe('1');

  // A follows B; B's post is on A's home feed.
  await a.page.goto(`${SHELL}/profile/saraahmed`);
  await a.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await a.page.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();
  await a.page.goto(`${SHELL}/`);
  await a.page.getByRole('button', { name: 'Latest' }).click();
  await scrollUntil(a.page, fromB);

  const chunks = fakeBackendChunks();
  expect(chunks.length).toBeGreaterThan(0);
  for (const m of [a, b]) {
    // Every call went to api-server, and no chunk of the fake backend was downloaded.
    expect(m.requests.some((url) => url.startsWith(`${API}/api/`))).toBe(true);
    expect(m.requests.filter((url) => chunks.some((chunk) => url.endsWith(`/${chunk}`)))).toEqual([]);
    expect(m.errors).toEqual([]);
    await m.context.close();
  }
});
