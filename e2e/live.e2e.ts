/**
 * Live events end to end (issue 23, docs/live.md), with no reloads:
 * - two tabs of one browser on the in-browser backend (its BroadcastChannel);
 * - two members, each in their own browser, on two api-server instances sharing one
 *   PostgreSQL (a throwaway server from tools/postgres.js on loopback): a write on instance A
 *   reaches the member on instance B through LISTEN/NOTIFY and the SSE stream, and so do B's
 *   own notifications (the bell's unread count) on B's ticket stream.
 */
import { spawn, spawnSync, type ChildProcess } from 'child_process';
import path from 'path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, logInAs, openPage, openSecondTab, pointShellAt } from './support/browser';

const root = path.resolve(__dirname, '..');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A card's like count as shown. */
const likeCount = async (card: Locator) => Number((await card.locator('.post-card__count').first().textContent())?.trim());

async function waitForLikes(card: Locator, count: number): Promise<void> {
  await card
    .locator('.post-card__count')
    .first()
    .filter({ hasText: new RegExp(`^\\s*${count}\\s*$`) })
    .waitFor();
}

async function createPost(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await page.getByText('Post created successfully').first().waitFor();
}

/** Watches the page's document for reloads (a navigation of the main frame). */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  return () => loads;
}

test("two tabs on the in-browser backend see each other's post, like and comment without a reload", async () => {
  const { page: a, context, errors } = await openPage(browser);
  await logInAs(a, 1);
  const b = await openSecondTab(context);
  const loadsOfB = countLoads(b);

  const text = `Live from tab A ${Date.now()}`;
  await createPost(a, text);
  // B: the member's own post goes on top, never announced (issue 42).
  const onB = b.getByRole('article').first();
  await onB.filter({ hasText: text }).waitFor();
  expect(await b.getByRole('button', { name: /new post/ }).count()).toBe(0);

  // A likes it: B's count follows.
  const onA = a.getByRole('article').filter({ hasText: text }).first();
  expect(await likeCount(onB)).toBe(0);
  await onA.getByRole('button', { name: 'Like', exact: true }).click();
  await waitForLikes(onB, 1);

  // B opens the post; A comments on it from its own post page; B sees the comment come in.
  await onB.getByRole('link', { name: 'Comments' }).click();
  await b.getByRole('textbox', { name: 'Write a comment' }).waitFor();
  await onA.getByRole('link', { name: 'Comments' }).click();
  await a.getByRole('textbox', { name: 'Write a comment' }).fill('A comment from tab A');
  await a.getByRole('button', { name: 'Post', exact: true }).click();
  await b.getByText('A comment from tab A').waitFor();
  await b.getByRole('heading', { name: '1 comment' }).waitFor();

  expect(loadsOfB()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

describe('two members on two api-server instances', () => {
  const PORTS = [4011, 4012];
  let postgres: ChildProcess | undefined;
  const servers: ChildProcess[] = [];

  /** Starts the throwaway PostgreSQL and answers its DATABASE_URL (the helper command waits on stdin). */
  async function startPostgres(): Promise<string> {
    postgres = spawn(
      process.execPath,
      [
        path.join(root, 'tools', 'postgres.js'),
        '--',
        process.execPath,
        '-e',
        "console.log('DATABASE_URL=' + process.env.DATABASE_URL); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));",
      ],
      { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    return new Promise((resolve, reject) => {
      let out = '';
      postgres!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /DATABASE_URL=(\S+)/.exec(out);
        if (found) resolve(found[1]!);
      });
      postgres!.on('exit', (code) => reject(new Error(`PostgreSQL helper exited with ${code}: ${out}`)));
    });
  }

  function startApi(port: number, databaseUrl: string): Promise<void> {
    const api = spawn(process.execPath, [path.join(root, 'api-server', 'dist', 'server.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        API_LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    servers.push(api);
    return new Promise<void>((resolve, reject) => {
      let out = '';
      api.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('listening on')) resolve();
      });
      api.on('exit', (code) => reject(new Error(`api-server exited with ${code}: ${out}`)));
    });
  }

  beforeAll(async () => {
    const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'api-server'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`api-server build failed: ${build.stderr}`);
    const databaseUrl = await startPostgres();
    // One after the other: the first migrates and seeds.
    for (const port of PORTS) await startApi(port, databaseUrl);
  }, 120_000);
  afterAll(async () => {
    for (const api of servers) {
      const exited = new Promise((resolve) => api.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    if (postgres) {
      const exited = new Promise((resolve) => postgres!.once('exit', resolve));
      postgres.stdin?.end();
      await exited;
    }
  });

  /** A member's own browser whose shell's config names instance `port`. */
  async function member(n: 1 | 2, port: number) {
    const { page, context, errors } = await openPage(browser);
    await pointShellAt(context, `http://127.0.0.1:${port}`);
    await logInAs(page, n);
    return { page, context, errors };
  }

  test('B posts on instance B: A on instance A sees it wait, then its like and comment reach B', async () => {
    const a = await member(1, PORTS[0]!); // Adarsh follows Meera
    const b = await member(2, PORTS[1]!); // Meera
    await a.page.getByRole('article').first().waitFor();
    const loadsOfA = countLoads(a.page);
    const loadsOfB = countLoads(b.page);
    const firstOnA = await a.page.getByRole('article').first().textContent();

    const text = `Live on two instances ${Date.now()}`;
    await createPost(b.page, text);
    const show = a.page.getByRole('button', { name: 'Show 1 new post' });
    await show.waitFor();
    expect(await a.page.getByRole('article').first().textContent()).toBe(firstOnA);
    await show.click();
    const onA = a.page.getByRole('article').first();
    await onA.filter({ hasText: text }).waitFor();

    // A likes it: B's own card counts it, with no reload.
    const onB = b.page.getByRole('article').filter({ hasText: text }).first();
    expect(await likeCount(onB)).toBe(0);
    await onA.getByRole('button', { name: 'Like', exact: true }).click();
    await waitForLikes(onB, 1);
    // B's bell rises: the like's notification is a private event on B's own (ticket) stream.
    const bBell = (name: string) => b.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
    await bBell('Notifications, 1 unread').waitFor();

    // B reads the post; A comments; the comment comes in on B's page.
    await onB.getByRole('link', { name: 'Comments' }).click();
    await b.page.getByRole('textbox', { name: 'Write a comment' }).waitFor();
    await onA.getByRole('link', { name: 'Comments' }).click();
    await a.page.getByRole('textbox', { name: 'Write a comment' }).fill('From instance A');
    await a.page.getByRole('button', { name: 'Post', exact: true }).click();
    await b.page.getByText('From instance A').waitFor();
    await bBell('Notifications, 2 unread').waitFor();

    expect(loadsOfA()).toBe(0);
    expect(loadsOfB()).toBe(0);
    for (const m of [a, b]) {
      expect(m.errors).toEqual([]);
      await m.context.close();
    }
  });
});
