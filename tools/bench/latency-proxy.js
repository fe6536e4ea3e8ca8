/**
 * A phone's round trip for the bench (tools/bench/scenarios/returning-member.js): an HTTP proxy
 * on loopback that sends each request on `rttMs` after it arrived. A browser context that uses
 * it (Playwright's `proxy` option, loopback not bypassed) pays the round trip on every request
 * that leaves the browser: the page's, the service worker's and the navigation preload's, which
 * `context.route` does not see. What never reaches the network (the in-browser backend, a cache)
 * pays nothing, as on a phone. Only latency: bandwidth is the machine's.
 */
const http = require('http');

/** Starts the proxy on 127.0.0.1 (a free port); `stop()` closes it and every connection. */
async function startLatencyProxy(rttMs) {
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    // A proxy's request line is the absolute URL; the bench only asks for http on loopback.
    let target;
    try {
      target = new URL(request.url);
    } catch {
      response.writeHead(400).end('a proxy request names an absolute URL');
      return;
    }
    if (target.protocol !== 'http:' || !['localhost', '127.0.0.1'].includes(target.hostname)) {
      response.writeHead(403).end('this proxy only forwards to loopback');
      return;
    }
    const timer = setTimeout(() => {
      const upstream = http.request(target, { method: request.method, headers: request.headers, agent }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      upstream.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(upstream);
    }, rttMs);
    response.on('close', () => clearTimeout(timer));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    /** Playwright's context option: every request through the proxy, loopback included. */
    proxy: { server: `http://127.0.0.1:${port}`, bypass: '<-loopback>' },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

module.exports = { startLatencyProxy };
