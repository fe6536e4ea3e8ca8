/** Settings (docs/account.md): change the password and delete the account, on the composed production build. */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logInAs, openPage, SHELL, testUser } from './support/browser';

/** Console errors other than the browser's line for each refusal the test provokes (wrong passwords, a deleted member). */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/^Failed to load resource: the server responded with a status of (401|403|404) /.test(e));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** From the own profile's "Settings" link, as a member gets there. */
async function openSettings(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'My profile' }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.waitForURL(`${SHELL}/settings`);
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
}

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test('a member changes their password: the rule applies, then only the new password logs in', async () => {
  // Each context has its own storage, so its own fake backend data.
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 3);
  await openSettings(page);
  await page.getByRole('textbox', { name: 'Current password' }).fill(testUser(3).password);
  await page.getByRole('textbox', { name: 'New password' }).fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page
    .getByRole('textbox', { name: 'New password', description: 'Password should be in 8 to 20 chars and should have one digit' })
    .waitFor();
  await page.getByRole('textbox', { name: 'New password' }).fill('new-secret-42');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Password changed').waitFor();
  // Still signed in here: a page that needs the session loads.
  await page.getByRole('link', { name: 'My profile' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${SHELL}/login`);

  await logIn(page, testUser(3).username, testUser(3).password);
  await page.getByRole('textbox', { name: 'Password', description: 'username or password is incorrect' }).waitFor();
  await logIn(page, testUser(3).username, 'new-secret-42');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  expect(unexpected(errors)).toEqual([]);
  await context.close();
});

test('a member deletes their account: confirmed with the password, signed out, and cannot log in again', async () => {
  const { page, context, errors } = await openPage(browser);
  await logInAs(page, 2);
  await openSettings(page);
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('textbox', { name: 'Password' }).fill('not-my-password1');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await dialog
    .getByRole('textbox', { name: 'Password', description: 'The password is not correct. Your account was not deleted.' })
    .waitFor();
  await dialog.getByRole('textbox', { name: 'Password' }).fill(testUser(2).password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();

  await page.waitForURL(`${SHELL}/login`);
  expect(await page.evaluate(() => localStorage.getItem('login-items'))).toBeNull();
  await logIn(page, testUser(2).username, testUser(2).password);
  await page.getByRole('textbox', { name: 'Password', description: 'username or password is incorrect' }).waitFor();
  // Another member no longer finds them.
  await logInAs(page, 1);
  await page.goto(`${SHELL}/profile/meeranair`);
  await page.getByRole('heading', { name: "This member doesn't exist" }).waitFor();
  expect(unexpected(errors)).toEqual([]);
  await context.close();
});
