/**
 * Whether a post's pictures move the page as they load (issue 54): the member posts four
 * pictures (their sizes given, as the composer sends them), then opens Home again while the
 * pictures arrive slowly (a local server answers each after PICTURE_DELAY_MS). Cumulative layout
 * shift from that load until every picture of the post has loaded. The goal is ≤ 0.01: the card
 * reserves each picture's room from its stored size.
 * Alone: `node tools/bench/run.js --skip-build-times --only pictures-layout-shift`.
 */
const http = require('node:http');
const { logInAt } = require('../member');
const { layoutShiftOf, watchLayoutShift } = require('../layout-shift');

/** How long the picture server waits before answering each picture. */
const PICTURE_DELAY_MS = 1500;
/** A 1×1 PNG: the card's room comes from the sizes the post stores, never from the bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const SIZES = [
  [4000, 3000],
  [3024, 4032],
  [2048, 2048],
  [1920, 1080],
];

let pictureServer = null;
/** The slow picture server (loopback, one per bench process; its socket does not keep the process alive). */
function slowPictures() {
  pictureServer ??= new Promise((resolve) => {
    const server = http.createServer((request, response) => {
      const timer = setTimeout(() => {
        response.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' });
        response.end(PNG);
      }, PICTURE_DELAY_MS);
      request.on('close', () => clearTimeout(timer));
    });
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      resolve(`http://127.0.0.1:${server.address().port}`);
    });
  });
  return pictureServer;
}

const variants = [375, 1280].map((width) => ({
  name: `a post with 4 pictures loading slowly, ${width} px wide`,
  params: { 'api-delay': 0 },
  width,
}));

module.exports = {
  id: 'pictures-layout-shift',
  variants,
  // The card is the same code in both builds: one build is enough.
  targets: ['federated'],
  labels: {
    layoutShift: ['layout shift, Home opened to its 4 pictures loaded (goal ≤ 0.01)', 'CLS'],
    shifts: ['layout shifts counted', ''],
  },

  async run({ openPage, baseUrl, params, variant }) {
    const origin = await slowPictures();
    const { page, close } = await openPage({ viewport: { width: variant.width, height: 800 } });
    try {
      await logInAt(page, baseUrl, params);
      const run = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const pictures = SIZES.map(([width, height], i) => ({ pic: `${origin}/${run}/${i}.png`, alt: `Picture ${i + 1}`, width, height }));
      const status = await page.evaluate(
        async (draft) => {
          const { token } = JSON.parse(localStorage.getItem('login-items'));
          const response = await fetch('/api/v2/posts', {
            method: 'POST',
            headers: { authorization: token, 'Content-Type': 'application/json' },
            body: JSON.stringify({ postData: draft }),
          });
          return response.status;
        },
        { content: 'Four pictures for the layout bench', pic: '', pictures },
      );
      if (status !== 201) throw new Error(`creating the post answered ${status}`);
      await watchLayoutShift(page);
      await page.reload();
      const card = page.getByRole('article').filter({ hasText: 'Four pictures for the layout bench' }).first();
      await card.waitFor({ timeout: 60_000 });
      await page.getByRole('status', { name: 'Loading' }).waitFor({ state: 'detached', timeout: 60_000 });
      // Until every picture of the post has arrived (the slow server answers after PICTURE_DELAY_MS).
      await card.evaluate(
        (article, from) =>
          new Promise((resolve) => {
            const check = () => {
              const images = [...article.querySelectorAll('img')].filter((img) => img.src.startsWith(from));
              if (images.length === 4 && images.every((img) => img.complete && img.naturalWidth > 0)) resolve();
              else requestAnimationFrame(check);
            };
            check();
          }),
        origin,
        { timeout: 60_000 },
      );
      const { cls, shifts } = await layoutShiftOf(page);
      if (process.env.BENCH_SHIFTS === '1') console.error(`${baseUrl} ${variant.name}: ${JSON.stringify(shifts)}`);
      return { layoutShift: cls, shifts: shifts.length };
    } finally {
      await close();
    }
  },
};
