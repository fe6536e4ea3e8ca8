/**
 * Cumulative layout shift as the browser reports it (the Layout Instability API, the figure
 * behind Core Web Vitals' CLS): every shift not caused by the member's own input in the last
 * 500 ms, summed over the whole page's life (no session windows: the way from /login to the
 * first post is one page and a few seconds). Used by the bench (scenarios/first-load.js) and by
 * e2e/feed-layout.e2e.ts.
 */

/** Before the page loads: starts noting the page's layout shifts. */
function watchLayoutShift(page) {
  return page.addInitScript(() => {
    const shifts = (window.__layoutShifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          at: entry.startTime,
          // What moved, for a person reading a failure: tag.class and its top before → after.
          moved: (entry.sources ?? []).map(
            (s) =>
              `${s.node ? `${s.node.nodeName}.${s.node.className}` : '?'} ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The shifts noted so far (after the page's next two frames, so a shift of the frame just
 * rendered is reported) and their sum.
 */
async function layoutShiftOf(page) {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const shifts = window.__layoutShifts;
    return { cls: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
  });
}

module.exports = { layoutShiftOf, watchLayoutShift };
