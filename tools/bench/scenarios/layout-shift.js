/**
 * How much the page moves on a new member's way in (issue 42): cumulative layout shift from
 * opening /login to the first post on screen and the page-change spinner gone, at a phone's
 * and a desktop's width (Core Web Vitals: more than 0.1 "needs improvement"; the goal is 0.05).
 * The same check, as a test: e2e/feed-layout.e2e.ts.
 * Alone: `node tools/bench/run.js --skip-build-times --only layout-shift`.
 */
const { logInAt } = require('../member');
const { layoutShiftOf, watchLayoutShift } = require('../layout-shift');

const variants = [];
for (const delay of [400, 0]) {
  for (const width of [375, 1280]) {
    variants.push({ name: `seed data, API delay ${delay} ms, ${width} px wide`, params: { 'api-delay': delay }, width });
  }
}

module.exports = {
  id: 'layout-shift',
  variants,
  labels: {
    layoutShift: ['layout shift, /login opened to first post shown (goal ≤ 0.05)', 'CLS'],
    shifts: ['layout shifts counted', ''],
  },

  async run({ openPage, baseUrl, params, variant }) {
    const { page, close } = await openPage({ viewport: { width: variant.width, height: 800 } });
    try {
      await watchLayoutShift(page);
      await logInAt(page, baseUrl, params);
      // The 500 ms page-change spinner is part of the way in: measured until it has gone.
      await page.getByRole('status', { name: 'Loading' }).waitFor({ state: 'detached', timeout: 60_000 });
      const { cls, shifts } = await layoutShiftOf(page);
      if (process.env.BENCH_SHIFTS === '1') console.error(`${baseUrl} ${variant.name}: ${JSON.stringify(shifts)}`);
      return { layoutShift: cls, shifts: shifts.length };
    } finally {
      await close();
    }
  },
};
