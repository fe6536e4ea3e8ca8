/** Headless Debian Chromium through playwright-core, and the steps every e2e test shares. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../tools/chromium';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';

/** The shell's address; E2E_SHELL points a run at builds served elsewhere. */
export const SHELL = process.env.E2E_SHELL ?? 'http://localhost:3000';

/** Chromium as every tool launches it (tools/chromium.js). */
export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
  /** How many React DOM renderers registered (1 when React is loaded once). */
  reactRenderers: () => Promise<number>;
}

/** A fresh context (empty storage) whose page records console errors and counts React copies. */
export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; theme?: 'dark' | 'light'; fastBackend?: boolean; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<TrackedPage> {
  // serviceWorkers 'block': no service worker, so the fake backend runs in the page (its fallback).
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  await context.addInitScript((theme) => {
    // A stand-in for the React DevTools hook: every React DOM copy registers itself here.
    const renderers = new Map<number, unknown>();
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      isDisabled: false,
      supportsFiber: true,
      renderers,
      inject(renderer: unknown) {
        const id = renderers.size + 1;
        renderers.set(id, renderer);
        return id;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
    if (theme) window.localStorage.setItem('theme', theme);
  }, options.theme ?? null);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return {
    page,
    context,
    errors,
    reactRenderers: () =>
      page.evaluate(
        () =>
          (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__
            .renderers.size,
      ),
  };
}

/** A second tab of the same browser (same storage, same backend), on home with its feed shown. */
export async function openSecondTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${SHELL}/`);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.getByRole('article').first().waitFor();
  return page;
}

/**
 * Makes the context's shell read a config naming this API server, as `npm run serve:server`
 * serves it. A request whose page or service worker went away before the answer (a navigation)
 * has nobody waiting for it, so its answer is dropped.
 */
export async function pointShellAt(context: BrowserContext, apiBaseUrl: string): Promise<void> {
  await context.route('**/remotes.json', async (route) => {
    try {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), apiBaseUrl } });
    } catch (error) {
      if (!/disposed|closed/i.test(String(error))) throw error;
    }
  });
}

/** Logs in with test credential set n (1..4) through the login page's own controls. */
export async function logInAs(page: Page, n: 1 | 2 | 3 | 4 = 1): Promise<void> {
  await page.goto(`${SHELL}/login`);
  await page.getByRole('combobox', { name: 'Test credentials' }).selectOption({ label: `Test user ${n}` });
  await page.getByRole('button', { name: 'Fill test credentials' }).click();
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

export const testUser = (n: 1 | 2 | 3 | 4) => TEST_CREDENTIALS[n - 1]!;

/**
 * Waits until `check` (an async test run in the page, e.g. a fetch or a Cache read) answers
 * true, polling every 250 ms, at most `timeoutMs`. Not page.waitForFunction: it takes the
 * Promise an async predicate returns as truthy and stops at once.
 */
export async function untilInPage<A>(
  page: Page,
  what: string,
  check: (arg: A) => Promise<boolean>,
  arg: A,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // Playwright types the argument as its serialized form (Unboxed<A>), which a plain A is.
  while (!(await page.evaluate(check as (arg: unknown) => Promise<boolean>, arg))) {
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs / 1000} s: ${what}`);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 250)));
  }
}
