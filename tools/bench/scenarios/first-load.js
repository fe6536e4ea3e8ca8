/**
 * A new member's way in: cold load of /login, log in, first post of the home feed, then a like.
 * Measured on the federated product and on the single bundle alike.
 */
const { heapFigures, logInAt, loginMarks, watchLogin } = require('../member');

module.exports = {
  id: 'first-load',
  variants: [
    { name: 'seed data, API delay 400 ms', params: { 'api-delay': 400 } },
    { name: 'seed data, API delay 0 ms', params: { 'api-delay': 0 } },
    { name: '1,000 posts, API delay 0 ms', params: { 'api-delay': 0, 'seed-posts': 1000 } },
  ],
  // /login is measured before the first API call, which is where the variants' parameters
  // (backend delay, generated posts) start to apply.
  sameInEveryVariant: ['loginVisibleMs', 'loginJsKb', 'loginRequests', 'loginChain'],
  labels: {
    loginVisibleMs: ['/login: navigation to "Log In" visible (cold)', 'ms'],
    loginJsKb: ['/login: JavaScript transferred (gzip)', 'KB'],
    loginRequests: ['/login: requests', ''],
    loginChain: ['/login: longest request chain', ''],
    loginToPostMs: ['"Log In" click to first post visible', 'ms'],
    clickRequests: ['click to first post: requests', ''],
    clickChain: ['click to first post: longest request chain', ''],
    feedJsKb: ['home feed: JavaScript transferred (gzip, total)', 'KB'],
    feedRequests: ['home feed: requests (total)', ''],
    heapMb: ['JS heap in use with the feed shown', 'MB'],
    heapAfterGcMb: ['JS heap after GC with the feed shown', 'MB'],
    reactCopies: ['copies of React loaded', ''],
    likeMs: ['"Like" click to new count on screen', 'ms'],
  },

  /** One fresh-context run; returns one number per label (null when not measurable). */
  async run({ openPage, baseUrl, params }) {
    const { page, net, close } = await openPage();
    await watchLogin(page);
    await logInAt(page, baseUrl, params);
    const { origin, marks } = await loginMarks(page);
    const atLogin = net.snapshot({ until: origin + marks.loginVisible });
    const afterClick = net.snapshot({ from: origin + marks.click, until: origin + marks.firstPost });
    const atFeed = net.snapshot({ until: origin + marks.firstPost });
    if (process.env.BENCH_CHAINS === '1') console.error(`chain before "Log In" (${baseUrl}): ${atLogin.chainUrls.join(' → ')}`);
    const loginVisibleMs = marks.loginVisible;
    const loginToPostMs = marks.firstPost - marks.click;

    const { heapMb, heapAfterGcMb } = await heapFigures(page, net.cdp);
    const reactCopies = await page.evaluate(() => window.__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size);

    // Like the first post that can still be liked; time from click to the new count on screen.
    const likeMs = await page.evaluate(async () => {
      const buttons = [...document.querySelectorAll('article button[aria-label="Like"]')].filter(
        (b) => b.getAttribute('aria-pressed') !== 'true' && !b.disabled,
      );
      const button = buttons[0];
      if (!button) return null;
      const article = button.closest('article');
      const before = article.innerText;
      const start = performance.now();
      button.click();
      return await new Promise((resolve) => {
        const check = () => (article.innerText !== before ? resolve(performance.now() - start) : requestAnimationFrame(check));
        // Checked first in a microtask (React may have rendered synchronously), then every frame.
        queueMicrotask(check);
        setTimeout(() => resolve(null), 10000);
      });
    });
    await close();
    return {
      loginVisibleMs,
      loginJsKb: atLogin.jsKb,
      loginRequests: atLogin.requests,
      loginChain: atLogin.chain,
      loginToPostMs,
      clickRequests: afterClick.requests,
      clickChain: afterClick.chain,
      feedJsKb: atFeed.jsKb,
      feedRequests: atFeed.requests,
      heapMb,
      heapAfterGcMb,
      reactCopies,
      likeMs,
    };
  },
};
