/**
 * Like round trip against the in-browser fake backend: the time from sending
 * POST /api/posts/like (or /dislike) to having the parsed answer (every post), with the API
 * delay at 0, for the seed, 1,000 and 5,000 posts. The calls are made in the page with fetch,
 * as the apps' client makes them. The backend is the same code in both builds, so only the
 * federated one is measured. Alone: `node tools/bench/run.js --skip-build-times --only like-round-trip`.
 */
const CREDENTIALS = { username: 'adarsh@socialmfe.dev', password: 'adarsh123' };
const LIKES_PER_RUN = 20;

module.exports = {
  id: 'like-round-trip',
  targets: ['federated'],
  variants: [
    { name: 'seed data, API delay 0 ms (like round trip)', params: { 'api-delay': 0, 'reset-data': '' } },
    { name: '1,000 posts, API delay 0 ms (like round trip)', params: { 'api-delay': 0, 'seed-posts': 1000 } },
    { name: '5,000 posts, API delay 0 ms (like round trip)', params: { 'api-delay': 0, 'seed-posts': 5000 } },
  ],
  labels: { likeRoundTripMs: [`like: request sent to answer parsed (median of ${LIKES_PER_RUN} per run)`, 'ms'] },

  /** One fresh context: start the backend with the variant's data, then time the likes/dislikes; their median. */
  async run({ openPage, baseUrl, params }) {
    const { page, close } = await openPage();
    try {
      const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
      await page.goto(`${baseUrl}/login?${query}`);
      await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
      const likeRoundTripMs = await page.evaluate(
        async ({ credentials, likes }) => {
          const call = async (method, path, token) => {
            const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
            if (token) headers.authorization = token;
            const body = method === 'POST' ? JSON.stringify(path === '/auth/login' ? credentials : {}) : undefined;
            const response = await fetch(`/api${path}`, { method, headers, body });
            const text = await response.text();
            if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
            return JSON.parse(text);
          };
          // The shell starts the fake backend on the first API call: log in through the bus's
          // client path would wait for it; a plain fetch needs it started, which the login page's
          // prefetch does. Wait until /api answers JSON.
          for (;;) {
            const ready = await fetch('/api/test-todos')
              .then((r) => (r.headers.get('content-type') ?? '').includes('json'))
              .catch(() => false);
            if (ready) break;
            await new Promise((r) => setTimeout(r, 100));
          }
          const { encodedToken, foundUser } = await call('POST', '/auth/login');
          const { posts } = await call('GET', '/posts');
          const target = posts.find((p) => !p.likes.likedBy.some((u) => u._id === foundUser._id)) ?? posts[0];
          const times = [];
          for (let i = 0; i < likes; i += 1) {
            const start = performance.now();
            await call('POST', `/posts/${i % 2 === 0 ? 'like' : 'dislike'}/${encodeURIComponent(target._id)}`, encodedToken);
            times.push(performance.now() - start);
          }
          times.sort((a, b) => a - b);
          return times[Math.floor(times.length / 2)];
        },
        { credentials: CREDENTIALS, likes: LIKES_PER_RUN },
      );
      return { likeRoundTripMs };
    } finally {
      await close();
    }
  },
};
