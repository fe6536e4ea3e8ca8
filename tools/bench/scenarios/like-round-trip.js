/**
 * Like round trip against the in-browser fake backend: the time from sending a like (or
 * dislike) to having the parsed answer, with the API delay at 0, for the seed, 1,000 and 5,000
 * posts, on both APIs: the spec's (POST /api/posts/like/{id}, answered with every post) and the
 * product's own (POST /api/v2/posts/like/{id}, answered with the one post). The calls are made in
 * the page with fetch, as the apps' client makes them. The backend is the same code in both
 * builds, so only the federated one is measured.
 * Alone: `node tools/bench/run.js --skip-build-times --only like-round-trip`.
 */
const { CREDENTIALS, logInAt } = require('../member');
const LIKES_PER_RUN = 20;

module.exports = {
  id: 'like-round-trip',
  targets: ['federated'],
  variants: [
    { name: 'seed data, API delay 0 ms (like round trip)', params: { 'api-delay': 0, 'reset-data': '' } },
    { name: '1,000 posts, API delay 0 ms (like round trip)', params: { 'api-delay': 0, 'seed-posts': 1000 } },
    { name: '5,000 posts, API delay 0 ms (like round trip)', params: { 'api-delay': 0, 'seed-posts': 5000 } },
  ],
  labels: {
    likeRoundTripMs: [`like (spec API, every post): request sent to answer parsed (median of ${LIKES_PER_RUN} per run)`, 'ms'],
    likeRoundTripV2Ms: [`like (/api/v2, one post): request sent to answer parsed (median of ${LIKES_PER_RUN} per run)`, 'ms'],
  },

  /** One fresh context: start the backend with the variant's data, then time the likes/dislikes; their median. */
  async run({ openPage, baseUrl, params }) {
    const { page, close } = await openPage();
    try {
      // The shell starts the fake backend with the first API call, and /login makes none (the
      // feed's data needs a token): log in as a member would, then wait for the feed.
      await logInAt(page, baseUrl, params);
      const figures = await page.evaluate(
        async ({ credentials, likes }) => {
          const call = async (method, path, token) => {
            const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
            if (token) headers.authorization = token;
            const body = method === 'POST' ? JSON.stringify(path.endsWith('/auth/login') ? credentials : {}) : undefined;
            const response = await fetch(`/api${path}`, { method, headers, body });
            const text = await response.text();
            if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
            return JSON.parse(text);
          };
          const { encodedToken, foundUser } = await call('POST', '/auth/login');
          const { posts } = await call('GET', '/posts');
          const target = posts.find((p) => !p.likes.likedBy.some((u) => u._id === foundUser._id)) ?? posts[0];
          const median = async (prefix) => {
            const times = [];
            for (let i = 0; i < likes; i += 1) {
              const start = performance.now();
              await call('POST', `${prefix}/posts/${i % 2 === 0 ? 'like' : 'dislike'}/${encodeURIComponent(target._id)}`, encodedToken);
              times.push(performance.now() - start);
            }
            times.sort((a, b) => a - b);
            return times[Math.floor(times.length / 2)];
          };
          // An even number of calls each: the post ends disliked, so the next series starts with a like.
          return { likeRoundTripMs: await median(''), likeRoundTripV2Ms: await median('/v2') };
        },
        { credentials: CREDENTIALS, likes: LIKES_PER_RUN },
      );
      return figures;
    } finally {
      await close();
    }
  },
};
