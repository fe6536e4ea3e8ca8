/**
 * What the api-server benches that run its production build share: start an instance on
 * loopback (DATABASE_URL from tools/postgres.js) and send it one JSON request.
 */
const { spawn } = require('child_process');
const http = require('http');
const path = require('path');

const root = path.resolve(__dirname, '..', '..');
const TIMEOUT_MS = 10_000;

/** api-server's build on 127.0.0.1:port, resolved once it listens (60 s at most). */
function startApi(port, env = {}) {
  const child = spawn(process.execPath, [path.join(root, 'api-server', 'dist', 'server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: process.env.DATABASE_URL,
      API_LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      API_WRITE_RATE_LIMIT: '1000000',
      API_READ_RATE_LIMIT: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('api-server did not start in 60 s')), 60_000);
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      if (out.includes('listening on')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('exit', (code) => reject(new Error(`api-server exited with ${code}: ${out}`)));
  });
}

/** One JSON request; resolves with the status and the parsed body. */
function request(port, method, pathname, body, token, timeoutMs = TIMEOUT_MS) {
  return new Promise((resolve, reject) => {
    const data = body ? JSON.stringify(body) : undefined;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: token } : {}),
          ...(data ? { 'Content-Length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode, body: text ? JSON.parse(text) : null }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${pathname} timed out`)));
    req.on('error', reject);
    req.end(data);
  });
}

/** The p-th percentile of sorted times (0 for none). */
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

/** Request count, p50, p99 and the longest of a list of times in ms, to 0.1 ms. */
function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (v) => Math.round(v * 10) / 10;
  return {
    requests: sorted.length,
    p50Ms: ms(percentile(sorted, 50)),
    p99Ms: ms(percentile(sorted, 99)),
    maxMs: ms(sorted[sorted.length - 1] ?? 0),
  };
}

module.exports = { request, startApi, summary };
