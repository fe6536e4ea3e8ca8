/** Passwords, tokens and sessions, CORS, size and rate limits, and logs without secrets. */
import { Writable } from 'node:stream';
import { LIMITS, SERVER_ERRORS, TEST_CREDENTIALS } from '@social/mock-api/contract';
import { ConfigError, loadConfig } from '../src/config';
import { one, rows, sql } from '../src/db';
import { RATE_LIMIT_MESSAGE } from '../src/app';
import { signToken } from '../src/tokens';
import type { RunningServer } from '../src/server';
import { clientFor, failure, login, startTestServer } from './kit';

describe('with one server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server.close());

  it('stores passwords as salted scrypt hashes, never as given', async () => {
    const hashes = await rows(server.database.db, sql<{ password_hash: string }>`select password_hash from members`);
    expect(hashes.length).toBe(8);
    for (const { password_hash } of hashes) expect(password_hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(new Set(hashes.map((h) => h.password_hash)).size).toBe(8);
    expect(JSON.stringify(hashes)).not.toContain(TEST_CREDENTIALS[0]!.password);
  });

  it('logout revokes the token: 200 {}, then 401 badToken everywhere; a new login works', async () => {
    const { api, encodedToken } = await login(server, 1);
    expect(await api.auth.logout()).toEqual({});
    for (const call of [api.users.bookmarks(), api.posts.like('p11-chess'), api.users.edit({ bio: 'x' }), api.auth.logout()]) {
      expect(await failure(call)).toEqual({ status: 401, errors: [SERVER_ERRORS.badToken] });
    }
    const row = await one(
      server.database.db,
      sql<{ n: number }>`select count(*)::int as n from sessions where token_hash = ${encodedToken}`,
    );
    expect(row?.n).toBe(0); // only a hash of the token is stored
    const again = await login(server, 1);
    expect(again.encodedToken).not.toBe(encodedToken);
    await again.api.users.bookmarks();
  });

  it('refuses a token 7 days after issue, and a signed token that was never issued', async () => {
    const { foundUser } = await login(server, 2);
    const old = signToken(foundUser, Date.now() - LIMITS.tokenLifetimeMs - 1000);
    expect(await failure(clientFor(server, old).users.bookmarks())).toEqual({ status: 401, errors: [SERVER_ERRORS.badToken] });
    const neverIssued = signToken(foundUser);
    expect(await failure(clientFor(server, neverIssued).users.bookmarks())).toEqual({ status: 401, errors: [SERVER_ERRORS.badToken] });
  });

  it('allows the configured origins only (CORS)', async () => {
    const allowed = await fetch(`${server.url}/api/posts`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(allowed.status).toBeLessThan(300);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const other = await fetch(`${server.url}/api/posts`, { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a body over the limit with 413 before reading it all', async () => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'x'.repeat(LIMITS.maxBodyBytes + 1),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ errors: [expect.stringContaining('too large')] });
  });
});

it('limits login and signup attempts per address (429), shared by every instance through the database', async () => {
  const server = await startTestServer({ env: { API_AUTH_RATE_LIMIT: '3' } });
  try {
    const attempt = () => clientFor(server).auth.login({ username: TEST_CREDENTIALS[0]!.username, password: 'wrong-password1' });
    for (let i = 0; i < 3; i += 1) expect((await failure(attempt())).status).toBe(401);
    expect(await failure(attempt())).toEqual({ status: 429, errors: [RATE_LIMIT_MESSAGE] });
    expect(await failure(clientFor(server).auth.login(TEST_CREDENTIALS[0]!))).toEqual({ status: 429, errors: [RATE_LIMIT_MESSAGE] });
    // A made-up X-Forwarded-For does not buy new attempts (no proxy is trusted unless configured).
    const spoofed = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.9' },
      body: JSON.stringify(TEST_CREDENTIALS[0]),
    });
    expect(spoofed.status).toBe(429);
    // Other endpoints are not limited.
    await clientFor(server).posts.all();
    const stored = await rows(server.database.db, sql<{ hits: number }>`select hits from rate_limits`);
    expect(stored.map((r) => r.hits)).toContain(6);
  } finally {
    await server.close();
  }
}, 60_000);

it('writes no password, token or authorization header to its log', async () => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const server = await startTestServer({ env: { API_LOG_LEVEL: 'info' }, logStream });
  try {
    const { api, encodedToken } = await login(server, 1);
    await api.users.bookmarks();
    await failure(clientFor(server).auth.login({ username: TEST_CREDENTIALS[1]!.username, password: 'not-her-password1' }));
    await api.auth.logout();
    const log = lines.join('');
    expect(log).toContain('/api/auth/login'); // requests are logged…
    expect(log).not.toContain(encodedToken); // …but no secret is
    expect(log).not.toContain(TEST_CREDENTIALS[0]!.password);
    expect(log).not.toContain('not-her-password1');
    expect(log.toLowerCase()).not.toContain('authorization');
  } finally {
    await server.close();
  }
}, 60_000);

describe('configuration', () => {
  it('refuses to start in production without a signing secret, and never allows the test reset there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', API_TOKEN_SECRET: 'short' })).toThrow(/32 characters/);
    expect(() => loadConfig({ NODE_ENV: 'production', API_TOKEN_SECRET: 'x'.repeat(40), API_ALLOW_RESET: '1' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production', API_TOKEN_SECRET: 'x'.repeat(40) }).tokenSecret).toBe('x'.repeat(40));
  });

  it('defaults to the product origins and loopback in development', () => {
    const config = loadConfig({});
    expect(config.corsOrigins).toContain('http://localhost:3000');
    expect(config.corsOrigins).toContain('http://localhost:3005');
    expect(config.host).toBe('127.0.0.1');
    expect(loadConfig({ API_CORS_ORIGINS: 'https://orbit.example, https://www.orbit.example' }).corsOrigins).toEqual([
      'https://orbit.example',
      'https://www.orbit.example',
    ]);
  });
});
