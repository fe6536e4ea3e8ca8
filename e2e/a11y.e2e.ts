import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logInAs, openPage, SHELL } from './support/browser';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

const axePath = require.resolve('axe-core/axe.min.js');

/** Every axe-core violation on the page as it is now (any impact: axe should find nothing). */
async function violationsNow(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Sends GET /api/posts in the tester and waits for the answer's tree. */
async function showPostsAnswer(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Endpoint' }).fill('/api/posts');
  await page.getByRole('button', { name: 'Send' }).click();
  const response = page.getByRole('region', { name: 'Response' });
  await response.getByText('200 OK', { exact: true }).waitFor();
  await response.locator('.react-json-view').first().waitFor();
  await response.getByText('headers', { exact: true }).waitFor();
}

/** The answer shown in the "standard" colour scheme (react-json-view's own white box, SPEC §2). */
async function standardSchemeViolations(page: Page): Promise<string[]> {
  await page.getByRole('combobox', { name: 'Colour scheme' }).selectOption('standard');
  await page.getByRole('region', { name: 'Response' }).locator('.react-json-view').first().waitFor();
  const found = await violationsNow(page);
  await page.getByRole('combobox', { name: 'Colour scheme' }).selectOption('app');
  return found;
}

describe.each([
  ['dark', 1280],
  ['light', 1280],
  ['dark', 375],
  ['light', 375],
] as const)('%s theme, %i px wide', (theme, width) => {
  test('signed-out pages: /login, /signup, /mockman', async () => {
    const { page, context, errors } = await openPage(browser, { theme, width });
    const found: Record<string, string[]> = {};
    await page.goto(`${SHELL}/login`);
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    found['/login'] = await violationsNow(page);
    await page.goto(`${SHELL}/signup`);
    await page.getByRole('button', { name: 'Sign Up' }).waitFor();
    found['/signup'] = await violationsNow(page);
    await page.goto(`${SHELL}/mockman`);
    await page.getByRole('region', { name: 'Response' }).waitFor();
    found['/mockman'] = await violationsNow(page);
    await showPostsAnswer(page);
    found['/mockman with an answer'] = await violationsNow(page);
    found['/mockman, "standard" scheme'] = await standardSchemeViolations(page);
    expect(found).toEqual({
      '/login': [],
      '/signup': [],
      '/mockman': [],
      '/mockman with an answer': [],
      '/mockman, "standard" scheme': [],
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  test('signed-in pages: /, /explore, two profiles and their dialogs, post pages (picture, reply menu), /mockman, page not found', async () => {
    const { page, context, errors } = await openPage(browser, { theme, width });
    await logInAs(page, 1);
    const found: Record<string, string[]> = {};
    await page.getByRole('article').first().waitFor();
    found['/'] = await violationsNow(page);
    await page.getByRole('button', { name: 'Search users' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('a');
    await page.getByRole('dialog', { name: 'Search users' }).getByRole('button').nth(1).waitFor();
    found['search'] = await violationsNow(page);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Explore' }).click();
    await page.getByRole('list', { name: 'Explore feed' }).getByRole('article').first().waitFor();
    found['/explore'] = await violationsNow(page);

    await page.getByRole('link', { name: 'My profile' }).click();
    await page.getByRole('tab', { name: 'POSTS' }).waitFor();
    await page.getByRole('article').first().waitFor();
    found.profile = await violationsNow(page);
    // The profile's dialogs: followers, edit profile, and a post's edit and delete.
    await page.getByRole('button', { name: /Followers$/ }).click();
    await page.getByRole('dialog', { name: 'Followers' }).waitFor();
    found['followers dialog'] = await violationsNow(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Followers' }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByRole('dialog', { name: 'Edit profile' }).waitFor();
    found['edit profile dialog'] = await violationsNow(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Edit profile' }).waitFor({ state: 'hidden' });
    for (const [item, dialog] of [
      ['Edit post', 'Edit post'],
      ['Delete post', 'Delete post?'],
    ] as const) {
      await page.getByRole('article').first().getByRole('button', { name: 'Post options' }).click();
      await page.getByRole('menuitem', { name: item }).click();
      await page.getByRole('dialog', { name: dialog }).waitFor();
      found[`${dialog} dialog`] = await violationsNow(page);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: dialog }).waitFor({ state: 'hidden' });
    }

    // Another member's profile, and its Following dialog.
    await page.goto(`${SHELL}/profile/saraahmed`);
    await page.getByRole('heading', { level: 1, name: 'Sara Ahmed' }).waitFor();
    await page.getByRole('article').first().waitFor();
    found["another member's profile"] = await violationsNow(page);
    await page.getByRole('button', { name: /^\d+ Following$/ }).click();
    await page.getByRole('dialog', { name: 'Following' }).getByRole('link').first().waitFor();
    found['following dialog'] = await violationsNow(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Following' }).waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'Feed' }).click();
    await page
      .getByRole('list', { name: 'Home feed' })
      .getByRole('article')
      .first()
      .getByRole('link', { name: /Comments/ })
      .click();
    await page.getByRole('textbox', { name: 'Write a comment' }).waitFor();
    found.post = await violationsNow(page);

    // A post picture opened at full size (Sara's sunrise, from the seed).
    await page.goto(`${SHELL}/post/p01-sunrise`);
    await page.getByRole('button', { name: 'Sara Ahmed photo (open full size)' }).click();
    await page.getByRole('dialog', { name: 'Sara Ahmed photo' }).getByRole('img').waitFor();
    found['full-size picture dialog'] = await violationsNow(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Sara Ahmed photo' }).waitFor({ state: 'hidden' });

    // The author menu of my own reply (Adarsh's reply on his CSS post), and its delete dialog.
    await page.goto(`${SHELL}/post/p02-css`);
    const reply = page.locator('.post-reply').filter({ hasText: 'Ooh, example please?' });
    await reply.getByRole('button', { name: 'Reply options' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).waitFor();
    found['reply options menu'] = await violationsNow(page);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete reply?' }).waitFor();
    found['Delete reply? dialog'] = await violationsNow(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Delete reply?' }).waitFor({ state: 'hidden' });

    await page.goto(`${SHELL}/mockman`);
    await page.getByRole('region', { name: 'Response' }).waitFor();
    found['/mockman (signed in)'] = await violationsNow(page);
    await showPostsAnswer(page);
    found['/mockman with an answer (signed in)'] = await violationsNow(page);
    found['/mockman, "standard" scheme (signed in)'] = await standardSchemeViolations(page);

    await page.goto(`${SHELL}/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    found['page not found'] = await violationsNow(page);

    expect(found).toEqual({
      '/': [],
      search: [],
      '/explore': [],
      profile: [],
      'followers dialog': [],
      'edit profile dialog': [],
      'Edit post dialog': [],
      'Delete post? dialog': [],
      "another member's profile": [],
      'following dialog': [],
      post: [],
      'full-size picture dialog': [],
      'reply options menu': [],
      'Delete reply? dialog': [],
      '/mockman (signed in)': [],
      '/mockman with an answer (signed in)': [],
      '/mockman, "standard" scheme (signed in)': [],
      'page not found': [],
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
