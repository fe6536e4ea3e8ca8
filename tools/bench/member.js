/** The bench's member (test user 1) and their way in: the login form, as a member fills it. */
const CREDENTIALS = { username: 'adarsh@socialmfe.dev', password: 'adarsh123' };

/** Fills and sends /login's form (already on screen), then waits for the first post (bounded: 60 s). */
async function logInThroughForm(page) {
  await page.getByRole('textbox', { name: 'Email' }).fill(CREDENTIALS.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(CREDENTIALS.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.locator('article').first().waitFor({ timeout: 60_000 });
}

module.exports = { CREDENTIALS, logInThroughForm };
