/**
 * What the page asks of the network, read from the DevTools protocol: JavaScript bytes on the
 * wire (compressed), requests, and the longest request chain.
 *
 * The chain is counted from timing, as an upper bound: request B follows request A when B was
 * sent after A had finished; the longest such sequence is the chain. The page itself is not
 * counted (everything follows it), nor answers from the in-browser fake backend (no network)
 * or from a cache.
 */
async function trackNetwork(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.redirectResponse || requests.has(e.requestId)) return;
    // wallTime (ms since the epoch) lets figures be cut at a moment the page itself recorded.
    requests.set(e.requestId, { url: e.request.url, type: e.type, start: e.timestamp, wall: e.wallTime * 1000, end: null, bytes: 0, cached: false });
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
      .filter((r) => r.type !== 'Document' && !r.cached && !r.url.endsWith('/favicon.ico') && !r.url.startsWith('data:'));
    const finished = all.filter((r) => r.end !== null);
    const scripts = finished.filter((r) => r.type === 'Script');
    // Longest chain: in order of start, each request extends the longest chain that had ended.
    const byStart = [...all].sort((a, b) => a.start - b.start);
    const depth = new Map();
    let longest = 0;
    for (const r of byStart) {
      let d = 1;
      for (const [q, qd] of depth) if (q.end !== null && q.end <= r.start && qd + 1 > d) d = qd + 1;
      depth.set(r, d);
      longest = Math.max(longest, d);
    }
    return {
      jsKb: scripts.reduce((sum, r) => sum + r.bytes, 0) / 1024,
      requests: all.length,
      chain: longest,
    };
  }
  return {
    snapshot,
    cdp,
  };
}

module.exports = { trackNetwork };
