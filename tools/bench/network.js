/**
 * What the page asks of the network, read from the DevTools protocol: JavaScript bytes on the
 * wire (compressed), requests, and the longest request chain.
 *
 * The chain is counted from timing, as an upper bound: request B follows request A when B was
 * sent after A had finished; the longest such sequence is the chain. Two corrections keep
 * localhost's 1-5 ms answers from chaining requests that do not wait on each other:
 * - a request the page's HTML names (a script or <link rel="preload">: initiator "parser")
 *   follows only the page, even if the preload scanner sent it after another had finished;
 * - requests one piece of code sends together (sent within SIBLING_MS of each other from the
 *   same call stack, or one differing only in the column of one call, as the chunks of one
 *   exposed module in `Promise.all([e(728), e(810)])`) are siblings at the same depth, even if
 *   the first one finished before the browser sent the second (up to 10 ms apart on a loaded
 *   machine). A request sent from a response's callback has another stack, so a real
 *   dependency is not merged this way.
 * The page itself is not counted (everything follows it), nor answers from the in-browser
 * fake backend (no network) or from a cache.
 */
const SIBLING_MS = 50;

/** Who sent a request: the page's HTML ('parser'), or the code (its call stack) that sent it. */
function initiatorOf(initiator) {
  if (initiator.type === 'parser' || initiator.type === 'preload') return 'parser';
  const frames = initiator.stack?.callFrames ?? [];
  return `${initiator.type} ${frames.map((f) => `${f.url}:${f.lineNumber}:${f.columnNumber}`).join(' ')}`;
}

/** Whether two requests were sent by the same code: call stacks equal but for one call's column. */
function sameSender(a, b) {
  if (a === 'parser' || b === 'parser') return false;
  const x = a.split(' ');
  const y = b.split(' ');
  // Without a stack (e.g. initiator "other") nothing says who sent it.
  if (x.length !== y.length || x.length < 2 || x[1] === '') return false;
  const differing = x.filter((frame, i) => frame !== y[i]);
  if (differing.length === 0) return true;
  if (differing.length > 1) return false;
  const i = x.indexOf(differing[0]);
  const line = (frame) => frame.slice(0, frame.lastIndexOf(':'));
  return line(x[i]) === line(y[i]);
}

/** data: and blob: addresses are read inside the page (the fake backend's pictures are blob: URLs), never sent. */
const isInPage = (url) => url.startsWith('data:') || url.startsWith('blob:');

async function trackNetwork(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.redirectResponse || requests.has(e.requestId)) return;
    // wallTime (ms since the epoch) lets figures be cut at a moment the page itself recorded.
    requests.set(e.requestId, {
      url: e.request.url,
      type: e.type,
      start: e.timestamp,
      wall: e.wallTime * 1000,
      end: null,
      bytes: 0,
      cached: false,
      initiator: initiatorOf(e.initiator),
    });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.type = e.type;
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) r.cached = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.end = e.timestamp;
  });
  /**
   * Counts the requests sent in [from, until) (ms since the epoch, e.g. performance.timeOrigin +
   * a performance.now() the page recorded), as they stand now: call it once they have finished.
   */
  function snapshot({ from = 0, until = Infinity } = {}) {
    const all = [...requests.values()]
      .filter((r) => r.wall >= from && r.wall < until)
      .filter((r) => r.type !== 'Document' && !r.cached && !r.url.endsWith('/favicon.ico') && !isInPage(r.url));
    const finished = all.filter((r) => r.end !== null);
    const scripts = finished.filter((r) => r.type === 'Script');
    // Longest chain: in order of start, each request extends the longest chain that had ended.
    const byStart = [...all].sort((a, b) => a.start - b.start);
    const depth = new Map();
    const previous = new Map();
    let last = null;
    for (const r of byStart) {
      let d = 1;
      const sibling = byStart.find((q) => depth.has(q) && (r.start - q.start) * 1000 <= SIBLING_MS && sameSender(q.initiator, r.initiator));
      if (sibling) {
        d = depth.get(sibling);
        if (previous.has(sibling)) previous.set(r, previous.get(sibling));
      } else if (r.initiator !== 'parser') {
        for (const [q, qd] of depth) {
          if (q.end !== null && q.end <= r.start && qd + 1 > d) {
            d = qd + 1;
            previous.set(r, q);
          }
        }
      }
      depth.set(r, d);
      if (!last || d > depth.get(last)) last = r;
    }
    // The requests of the longest chain, first to last (BENCH_CHAINS=1 prints them).
    const chainUrls = [];
    const t0 = byStart[0]?.start ?? 0;
    for (let r = last; r; r = previous.get(r))
      chainUrls.unshift(
        `${r.url} (${((r.start - t0) * 1000).toFixed(0)}–${r.end === null ? '…' : ((r.end - t0) * 1000).toFixed(0)} ms, ${r.initiator.slice(0, 120)})`,
      );
    return {
      jsKb: scripts.reduce((sum, r) => sum + r.bytes, 0) / 1024,
      requests: all.length,
      chain: chainUrls.length,
      chainUrls,
    };
  }
  return {
    snapshot,
    cdp,
  };
}

module.exports = { trackNetwork };
