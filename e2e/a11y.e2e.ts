import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logInAs, openPage, SHELL } from './support/browser';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

const axePath = require.resolve('axe-core/axe.min.js');

/** Serious and critical axe-core violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['dark', 'light'] as const)('%s theme', (theme) => {
  test('signed-out pages: /login, /signup, /mockman', async () => {
    const { page, context, errors } = await openPage(browser, { theme });
    const found: Record<string, string[]> = {};
    await page.goto(`${SHELL}/login`);
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    found['/login'] = await seriousViolations(page);
    await page.goto(`${SHELL}/signup`);
    await page.getByRole('button', { name: 'Sign Up' }).waitFor();
    found['/signup'] = await seriousViolations(page);
    await page.goto(`${SHELL}/mockman`);
    await page.getByRole('region', { name: 'Response' }).waitFor();
    found['/mockman'] = await seriousViolations(page);
    expect(found).toEqual({ '/login': [], '/signup': [], '/mockman': [] });
    expect(errors).toEqual([]);
    await context.close();
  });

  test('signed-in pages: /, /explore, a profile, a post page, /mockman', async () => {
    const { page, context, errors } = await openPage(browser, { theme });
    await logInAs(page, 1);
    const found: Record<string, string[]> = {};
    await page.getByRole('article').first().waitFor();
    found['/'] = await seriousViolations(page);

    await page.getByRole('link', { name: 'Explore' }).click();
    await page.getByRole('list', { name: 'Explore feed' }).getByRole('article').first().waitFor();
    found['/explore'] = await seriousViolations(page);

    await page.getByRole('link', { name: 'My profile' }).click();
    await page.getByRole('tab', { name: 'POSTS' }).waitFor();
    await page.getByRole('article').first().waitFor();
    found.profile = await seriousViolations(page);

    await page.getByRole('link', { name: 'Feed' }).click();
    await page.getByRole('list', { name: 'Home feed' }).getByRole('article').first().getByRole('link', { name: /Comments/ }).click();
    await page.getByRole('textbox', { name: 'Write a comment' }).waitFor();
    found.post = await seriousViolations(page);

    await page.goto(`${SHELL}/mockman`);
    await page.getByRole('region', { name: 'Response' }).waitFor();
    found['/mockman (signed in)'] = await seriousViolations(page);

    expect(found).toEqual({ '/': [], '/explore': [], profile: [], post: [], '/mockman (signed in)': [] });
    expect(errors).toEqual([]);
    await context.close();
  });
});
