/** The bench's member (test user 1) and their way in: the login form, as a member fills it. */
const CREDENTIALS = { username: 'adarsh@socialmfe.dev', password: 'adarsh123' };

/**
 * Opens `${baseUrl}/login` with the variant's URL switches as its query (`{ 'api-delay': 400 }`
 * → `?api-delay=400`, read by the fake backend at its start), fills and sends the form as
 * `credentials` (default: test user 1), then waits for the first post (bounded: 60 s).
 */
async function logInAt(page, baseUrl, params = {}, credentials = CREDENTIALS) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  await page.goto(`${baseUrl}/login${query ? `?${query}` : ''}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(credentials.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.locator('article').first().waitFor({ timeout: 60_000 });
}

/**
 * Before the page loads: the page notes when 'Log In' appears, when it is clicked and when the
 * first post appears (performance.now(), from navigation start), so no polling delay is in the
 * figures. Read them with loginMarks() after logInAt().
 */
function watchLogin(page) {
  return page.addInitScript(() => {
    const marks = (window.__benchMarks = {});
    const logIn = () => [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Log In' && b.offsetParent !== null);
    new MutationObserver(() => {
      if (marks.loginVisible === undefined && logIn()) marks.loginVisible = performance.now();
      if (marks.click !== undefined && marks.firstPost === undefined && document.querySelector('article'))
        marks.firstPost = performance.now();
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener(
      'click',
      (event) => {
        if (marks.click === undefined && event.target instanceof Element && event.target.closest('button') === logIn())
          marks.click = performance.now();
      },
      true,
    );
  });
}

/** watchLogin()'s marks once the first post is noted, and the page's time origin (epoch ms). */
async function loginMarks(page) {
  await page.waitForFunction(() => window.__benchMarks.firstPost !== undefined);
  return page.evaluate(() => ({ origin: performance.timeOrigin, marks: window.__benchMarks }));
}

/**
 * The page's JS heap in MB: in use as the page sees it (performance.memory; precise with
 * Chromium's --enable-precise-memory-info), and after a full garbage collection (DevTools
 * protocol session `cdp`).
 */
async function heapFigures(page, cdp) {
  const heapBytes = await page.evaluate(() => (performance.memory ? performance.memory.usedJSHeapSize : 0));
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return { heapMb: heapBytes / 2 ** 20, heapAfterGcMb: usedSize / 2 ** 20 };
}

module.exports = { CREDENTIALS, heapFigures, logInAt, loginMarks, watchLogin };
