/** The bench's member (test user 1) and their way in: the login form, as a member fills it. */
const CREDENTIALS = { username: 'adarsh@socialmfe.dev', password: 'adarsh123' };

/**
 * Opens `${baseUrl}/login` with the variant's URL switches as its query (`{ 'api-delay': 400 }`
 * → `?api-delay=400`, read by the fake backend at its start), fills and sends the form, then
 * waits for the first post (bounded: 60 s).
 */
async function logInAt(page, baseUrl, params = {}) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  await page.goto(`${baseUrl}/login${query ? `?${query}` : ''}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(CREDENTIALS.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(CREDENTIALS.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.locator('article').first().waitFor({ timeout: 60_000 });
}

module.exports = { CREDENTIALS, logInAt };
