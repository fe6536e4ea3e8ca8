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

module.exports = { request, startApi };
