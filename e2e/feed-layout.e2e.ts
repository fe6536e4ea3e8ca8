/**
 * The home feed's layout (issue 42). It does not jump on the way in: cumulative layout shift from opening
 * /login to the first post on screen and the page-change spinner gone, at a phone's and a
 * desktop's width, on the production build with the in-browser backend. Core Web Vitals call
 * more than 0.1 "needs improvement"; the goal is 0.05. `npm run bench` reports the same figure.
 * Home's first screen reaches the first post (issue 56): at a phone's 375 × 667 and a laptop's
 * 1280 × 800 the composer is one line and the first post's header is on screen. "Show N new
 * posts" floats over the feed's top and keeps no empty band for itself, and the suggested-users
 * strip is a carousel a member can see scrolls and can scroll by keyboard.
 */
import type { Browser } from 'playwright-core';
import { layoutShiftOf, watchLayoutShift } from '../tools/bench/layout-shift';
import { launchBrowser, logInAs, openPage, SHELL, testUser } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([375, 1280])('at %i px', (width) => {
  test.each(['light', 'dark'] as const)('logging in to the first post moves nothing on screen (%s theme)', async (theme) => {
    const { page, context, errors } = await openPage(browser, { width, theme });
    await watchLayoutShift(page);
    await page.goto(`${SHELL}/login`);
    // Typed as a member types, then sent: the feed's code and data start with the click.
    await page.getByRole('textbox', { name: 'Email' }).fill(testUser(1).username);
    await page.getByRole('textbox', { name: 'Password' }).fill(testUser(1).password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByRole('article').first().waitFor();
    await page.getByRole('status', { name: 'Loading' }).waitFor({ state: 'detached' });
    const { cls, shifts } = await layoutShiftOf(page);
    // Over the goal, the message lists the shifts: what moved, and from where to where.
    expect(cls <= 0.05 ? 'at most 0.05' : { cls, shifts }).toBe('at most 0.05');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the suggestions strip says it scrolls, and the keyboard scrolls it to its last card, shown whole', async () => {
    const { page, context, errors } = await openPage(browser, { width });
    await logInAs(page, 1);
    const strip = page.getByRole('region', { name: 'Suggested users' });
    await strip.waitFor();
    const list = strip.getByRole('list');
    const previous = strip.getByRole('button', { name: 'Previous suggestions' });
    const next = strip.getByRole('button', { name: 'Next suggestions' });
    // More cards than fit: Next says so (and the end side fades); Previous has nothing yet.
    expect(await next.isEnabled()).toBe(true);
    expect(await previous.isDisabled()).toBe(true);
    expect(await list.evaluate((el) => getComputedStyle(el).maskImage)).toContain('gradient');
    // By keyboard: Next until the end.
    await next.focus();
    for (let press = 0; press < 10 && (await next.isEnabled()); press += 1) {
      const before = await list.evaluate((el) => el.scrollLeft);
      await page.keyboard.press('Enter');
      await page.waitForFunction(([el, left]) => (el as HTMLElement).scrollLeft > (left as number), [
        await list.elementHandle(),
        before,
      ] as const);
      // The smooth scroll has ended: the position holds over two frames (bounded: 200 checks).
      for (let check = 0; check < 200; check += 1) {
        const still = await list.evaluate(
          (el) =>
            new Promise<boolean>((resolve) => {
              const at = el.scrollLeft;
              requestAnimationFrame(() => requestAnimationFrame(() => resolve(el.scrollLeft === at)));
            }),
        );
        if (still) break;
      }
    }
    expect(await next.isDisabled()).toBe(true);
    expect(await previous.isEnabled()).toBe(true);
    // The last card is inside the strip, with room to spare, not cut at its edge.
    const [last, box] = await Promise.all([list.getByRole('listitem').last().boundingBox(), list.boundingBox()]);
    expect(last!.x + last!.width).toBeLessThanOrEqual(box!.x + box!.width - 8);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('Home shows the start of the first post without scrolling, under a one-line composer', async () => {
    const height = width === 375 ? 667 : 800;
    const { page, context, errors } = await openPage(browser, { width, height });
    await logInAs(page, 1);
    const first = page.getByRole('article').first();
    await first.waitFor();
    await page.getByRole('status', { name: 'Loading' }).waitFor({ state: 'detached' });
    const composer = page.getByRole('textbox', { name: "What's on your mind?" });
    const folded = await composer.boundingBox();
    // One line: the text box is shorter than two lines of text and its controls are not shown.
    expect(folded!.height).toBeLessThan(50);
    expect(await page.getByRole('button', { name: 'Post', exact: true }).count()).toBe(0);
    // The first post's header (its author's avatar and name) and its first line are on screen.
    const card = await first.boundingBox();
    expect(card!.y + 110).toBeLessThanOrEqual(height);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The strip is still whole on that screen: every visible card's Follow button is inside it.
    const follow = page.getByRole('region', { name: 'Suggested users' }).getByRole('button', { name: 'Follow' }).first();
    const followBox = await follow.boundingBox();
    expect(followBox!.y + followBox!.height).toBeLessThanOrEqual(card!.y);
    // Focused, it opens to write in, with its controls.
    await composer.focus();
    expect((await composer.boundingBox())!.height).toBeGreaterThan(80);
    expect(await page.getByRole('button', { name: 'Post', exact: true }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('"Show 1 new post" floats over the feed: no empty band before it comes, nothing moves when it does', async () => {
    const { page, context, errors } = await openPage(browser, { width });
    await logInAs(page, 1);
    const first = page.getByRole('article').first();
    await first.waitFor();
    await page.getByRole('status', { name: 'Loading' }).waitFor({ state: 'detached' });
    const toolbar = page.getByRole('group', { name: 'Feed order' });
    const [cardBefore, switchBox] = await Promise.all([first.boundingBox(), toolbar.boundingBox()]);
    // Between the toolbar and the first card: the page's own gap (16 px, 12 px on a phone), no slot.
    expect(cardBefore!.y - (switchBox!.y + switchBox!.height)).toBeLessThanOrEqual(16);
    // Meera (whom test user 1 follows) posts, through the same in-browser backend.
    await page.evaluate(async (meera) => {
      const json = { 'content-type': 'application/json' };
      const login = await fetch('/api/auth/login', { method: 'POST', headers: json, body: JSON.stringify(meera) });
      const { encodedToken } = (await login.json()) as { encodedToken: string };
      await fetch('/api/v2/posts', {
        method: 'POST',
        headers: { ...json, authorization: encodedToken },
        body: JSON.stringify({ postData: { content: 'Meera, live', pic: '' } }),
      });
    }, testUser(2));
    const button = page.getByRole('button', { name: 'Show 1 new post' });
    await button.waitFor();
    const [shown, card] = await Promise.all([button.boundingBox(), first.boundingBox()]);
    expect(card).toEqual(cardBefore);
    // Over the top of the feed, under the toolbar's controls, which it leaves uncovered.
    expect(shown!.y).toBeGreaterThanOrEqual(switchBox!.y + switchBox!.height);
    expect(shown!.y).toBeLessThan(card!.y + 40);
    // Scrolled down the feed, it stays in view under the nav bar.
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY >= 1000);
    const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    const floating = await button.boundingBox();
    expect(floating!.y).toBeGreaterThanOrEqual(nav!.y + nav!.height);
    expect(floating!.y + floating!.height).toBeLessThanOrEqual(900);
    await button.click();
    await page.getByText('Meera, live').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
