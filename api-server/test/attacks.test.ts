/**
 * Issue 41: what a hostile caller tried, as they would try it (loopback; addresses told apart
 * by X-Forwarded-For on an instance that trusts it).
 */
import http from 'node:http';
import { createApiClient } from '@social/mock-api/client';
import { LIMITS, SERVER_ERRORS, TEST_CREDENTIALS } from '@social/mock-api/contract';
import { INPUT_MESSAGES } from '@social/mock-api/rules';
import { RATE_LIMIT_MESSAGE } from '../src/app';
import { loadConfig } from '../src/config';
import { HTTP_MESSAGES } from '../src/http/messages';
import type { RunningServer } from '../src/server';
import { login, send, serverForFile, withInstance } from './kit';

jest.setTimeout(60_000);

let server: RunningServer;
serverForFile((started) => (server = started));

const [adarsh, meera] = TEST_CREDENTIALS as unknown as [{ username: string; password: string }, { username: string; password: string }];

const from = (address: string) => ({ 'X-Forwarded-For': address });

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {});

describe('logins (findings 1-3)', () => {
  it('judges at most the account limit of guesses sent at once from many addresses', async () => {
    await withInstance(
      server,
      { API_TRUST_PROXY: 'true', API_LOGIN_ACCOUNT_RATE_LIMIT: '5', API_AUTH_RATE_LIMIT: '1000' },
      async ({ url }) => {
        const guesses = Array.from({ length: 40 }, (_, i) =>
          send(url, '/api/auth/login', { body: { username: adarsh.username, password: `guess-${i}` }, headers: from(`10.0.0.${i % 5}`) }),
        );
        const statuses = (await Promise.all(guesses)).map((r) => r.status);
        expect(tally(statuses)).toEqual({ 401: 5, 429: 35 });
      },
    );
  });

  it("keeps the owner's way in: a device token from an earlier login passes the account's lock-out", async () => {
    await withInstance(
      server,
      { API_TRUST_PROXY: 'true', API_LOGIN_ACCOUNT_RATE_LIMIT: '3', API_AUTH_RATE_LIMIT: '1000' },
      async ({ url }) => {
        const first = await send(url, '/api/auth/login', { body: adarsh, headers: from('10.1.0.1') });
        expect(first.status).toBe(200);
        const device = first.headers.get('device-token');
        expect(device).toBeTruthy();
        // An attacker locks the account for everyone without a device token...
        for (let i = 0; i < 3; i += 1)
          expect(
            (await send(url, '/api/v2/auth/login', { body: { ...adarsh, password: 'wrong-1' }, headers: from('10.9.9.9') })).status,
          ).toBe(401);
        const anonymous = await send(url, '/api/auth/login', { body: adarsh, headers: from('10.1.0.1') });
        expect([anonymous.status, anonymous.json]).toEqual([429, { errors: [HTTP_MESSAGES.accountRateLimit] }]);
        expect(Number(anonymous.headers.get('retry-after'))).toBeGreaterThan(0);
        // ...but the owner's device gets in, on v1 and v2, and is given a new device token.
        const owner = await send(url, '/api/auth/login', { body: adarsh, headers: { ...from('10.1.0.1'), 'Device-Token': device! } });
        expect(owner.status).toBe(200);
        expect(owner.headers.get('device-token')).toBeTruthy();
        expect((await send(url, '/api/v2/auth/login', { body: adarsh, headers: { 'Device-Token': device! } })).status).toBe(200);
        // The token is for that account only, and a forged one is worth nothing.
        for (let i = 0; i < 3; i += 1) await send(url, '/api/auth/login', { body: { ...meera, password: 'wrong-1' } });
        expect((await send(url, '/api/auth/login', { body: meera, headers: { 'Device-Token': device! } })).status).toBe(429);
        expect((await send(url, '/api/auth/login', { body: adarsh, headers: { 'Device-Token': `${device!}x` } })).status).toBe(429);
        // A device that guesses wrong too often locks itself out (and only itself).
        for (let i = 0; i < 3; i += 1)
          expect(
            (await send(url, '/api/auth/login', { body: { ...adarsh, password: 'wrong-2' }, headers: { 'Device-Token': device! } })).status,
          ).toBe(401);
        expect((await send(url, '/api/auth/login', { body: adarsh, headers: { 'Device-Token': device! } })).status).toBe(429);
        expect(
          (await send(url, '/api/auth/login', { body: adarsh, headers: { 'Device-Token': owner.headers.get('device-token')! } })).status,
        ).toBe(200);
      },
    );
  });

  it("the typed client keeps each account's device token and sends it on the next login, v1 and v2", async () => {
    await withInstance(server, { API_LOGIN_ACCOUNT_RATE_LIMIT: '2', API_AUTH_RATE_LIMIT: '1000' }, async ({ url }) => {
      const kept = new Map<string, string>();
      const client = createApiClient({
        baseUrl: url,
        getToken: () => null,
        deviceTokens: { get: (account) => kept.get(account) ?? null, set: (account, token) => void kept.set(account, token) },
      });
      await client.auth.login(adarsh);
      const first = kept.get(adarsh.username);
      expect(first).toBeTruthy();
      for (let i = 0; i < 2; i += 1) await send(url, '/api/auth/login', { body: { ...adarsh, password: 'wrong-3' } });
      // Locked for clients without the token; this client's token lets it in, and it keeps the new one.
      expect((await send(url, '/api/auth/login', { body: adarsh })).status).toBe(429);
      await client.v2.auth.login(adarsh);
      expect(kept.get(adarsh.username)).not.toBe(first);
    });
  });

  it('does not count successful logins against the account', async () => {
    await withInstance(server, { API_LOGIN_ACCOUNT_RATE_LIMIT: '2', API_AUTH_RATE_LIMIT: '1000' }, async ({ url }) => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await send(url, '/api/auth/login', { body: adarsh })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
    });
  });

  it('counts v1 and v2 logins on one counter per address, and signups on another', async () => {
    await withInstance(server, { API_AUTH_RATE_LIMIT: '4', API_LOGIN_ACCOUNT_RATE_LIMIT: '100' }, async ({ url }) => {
      const logins = [];
      for (const path of ['/api/auth/login', '/api/v2/auth/login', '/api/auth/login', '/api/v2/auth/login', '/api/auth/login'])
        logins.push(await send(url, path, { body: adarsh }));
      expect(logins.map((r) => r.status)).toEqual([200, 200, 200, 200, 429]);
      expect(logins[4]!.json).toEqual({ errors: [RATE_LIMIT_MESSAGE] });
      const signups = [];
      for (const [i, path] of [
        '/api/auth/signup',
        '/api/v2/auth/signup',
        '/api/auth/signup',
        '/api/v2/auth/signup',
        '/api/v2/auth/signup',
      ].entries())
        signups.push(
          (await send(url, path, { body: { username: `new${i}@socialmfe.dev`, password: 'secret123', firstName: 'Nia', lastName: 'Rao' } }))
            .status,
        );
      expect(signups).toEqual([201, 201, 201, 201, 429]);
    });
  });
});

describe('password confirmations with a stolen token', () => {
  const changePassword = (
    url: string,
    token: string,
    currentPassword: string,
    headers: Record<string, string> = {},
    newPassword = 'fresh-pass9',
  ) => send(url, '/api/v2/me/password', { token, body: { currentPassword, newPassword }, headers });
  const deleteAccount = (url: string, token: string, password: string) => send(url, '/api/v2/me/delete', { token, body: { password } });

  it("judges at most the account's login limit of wrong current and delete passwords, and shares it with logins", async () => {
    await withInstance(server, { API_LOGIN_ACCOUNT_RATE_LIMIT: '3', API_AUTH_RATE_LIMIT: '1000' }, async ({ url, loginAs }) => {
      const stolen = await loginAs(1);
      expect((await changePassword(url, stolen, 'guess-1')).json).toEqual({ errors: [SERVER_ERRORS.wrongCurrentPassword] });
      expect((await deleteAccount(url, stolen, 'guess-2')).json).toEqual({ errors: [SERVER_ERRORS.wrongDeletePassword] });
      expect((await send(url, '/api/v2/auth/login', { body: { ...adarsh, password: 'guess-3' } })).status).toBe(401);
      // The limit is used up: the right password is not judged either, on any of the three calls.
      for (const locked of [
        await changePassword(url, stolen, adarsh.password),
        await deleteAccount(url, stolen, adarsh.password),
        await send(url, '/api/v2/auth/login', { body: adarsh }),
      ]) {
        expect([locked.status, locked.json]).toEqual([429, { errors: [HTTP_MESSAGES.accountRateLimit] }]);
        expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // Nothing was changed or deleted; another account is not affected.
      expect((await send(url, '/api/v2/me', { token: stolen })).status).toBe(200);
      expect((await changePassword(url, await loginAs(2), 'guess-1')).status).toBe(403);
    });
  });

  it('counts guesses sent at once before judging them', async () => {
    await withInstance(server, { API_LOGIN_ACCOUNT_RATE_LIMIT: '4', API_AUTH_RATE_LIMIT: '1000' }, async ({ url, loginAs }) => {
      const stolen = await loginAs(1);
      const guesses = Array.from({ length: 12 }, (_, i) =>
        i % 2 ? changePassword(url, stolen, `guess-${i}`) : deleteAccount(url, stolen, `guess-${i}`),
      );
      expect(tally((await Promise.all(guesses)).map((r) => r.status))).toEqual({ 403: 4, 429: 8 });
    });
  });

  it('gives back a right password, and keeps the owner’s device on its own counter', async () => {
    await withInstance(server, { API_LOGIN_ACCOUNT_RATE_LIMIT: '2', API_AUTH_RATE_LIMIT: '1000' }, async ({ url }) => {
      const first = await send(url, '/api/v2/auth/login', { body: adarsh });
      const device = first.headers.get('device-token')!;
      const token = (first.json as { encodedToken: string }).encodedToken;
      expect((await changePassword(url, token, 'guess-1')).status).toBe(403);
      // Under the limit the right password works, and its attempt is given back (no device token issued).
      const changed = await changePassword(url, token, adarsh.password);
      expect(changed.status).toBe(200);
      expect(changed.headers.get('device-token')).toBeNull();
      const fresh = (changed.json as { encodedToken: string }).encodedToken;
      expect((await changePassword(url, fresh, 'guess-2')).status).toBe(403);
      expect((await changePassword(url, fresh, 'fresh-pass9')).status).toBe(429);
      // The owner's device token counts its confirmations on the device's own counter.
      // (A new password, as the current one is refused as new: core/account.ts.)
      const owner = await changePassword(url, fresh, 'fresh-pass9', { 'Device-Token': device }, 'fresher-pass10');
      expect(owner.status).toBe(200);
    });
  });

  it("the typed client sends the account's device token with a password change and a deletion", async () => {
    await withInstance(server, { API_LOGIN_ACCOUNT_RATE_LIMIT: '2', API_AUTH_RATE_LIMIT: '1000' }, async ({ url }) => {
      const kept = new Map<string, string>();
      let token: string | null = null;
      const client = createApiClient({
        baseUrl: url,
        getToken: () => token,
        deviceTokens: { get: (account) => kept.get(account) ?? null, set: (account, value) => void kept.set(account, value) },
      });
      token = (await client.v2.auth.login(adarsh)).encodedToken;
      // A thief with a copy of the token uses up the account's limit.
      for (let i = 0; i < 2; i += 1) expect((await changePassword(url, token, `guess-${i}`)).status).toBe(403);
      expect((await changePassword(url, token, adarsh.password)).status).toBe(429);
      // The owner's own client still gets the change through, and then the deletion.
      token = (await client.v2.me.changePassword({ currentPassword: adarsh.password, newPassword: 'owner-pass9' }, adarsh.username))
        .encodedToken;
      await client.v2.me.deleteAccount('owner-pass9', adarsh.username);
      expect((await send(url, '/api/v2/me', { token })).status).toBe(404);
    });
  });
});

describe('writes (finding 4)', () => {
  it('gives each member one write budget across every changing route of v1 and v2', async () => {
    await withInstance(server, { API_WRITE_RATE_LIMIT: '6' }, async (instance) => {
      const token = await instance.loginAs(1);
      const other = await instance.loginAs(2);
      const writes = [
        ['/api/posts/like/p02-css', {}],
        ['/api/posts/dislike/p02-css', {}],
        ['/api/users/bookmark/p02-css', {}],
        ['/api/users/remove-bookmark/p02-css', {}],
        ['/api/v2/posts/like/p02-css', {}],
        ['/api/v2/posts/bookmark/p02-css', {}],
        ['/api/posts/like/p03-sketch', {}],
      ] as const;
      const statuses: number[] = [];
      for (const [path, body] of writes) statuses.push((await send(instance.url, path, { token, body })).status);
      expect(statuses.slice(0, 6).every((s) => s !== 429)).toBe(true);
      expect(statuses[6]).toBe(429);
      // Another member's budget is their own.
      expect((await send(instance.url, '/api/users/bookmark/p02-css', { token: other, body: {} })).status).not.toBe(429);
    });
  });
});

describe('deep JSON (finding 9)', () => {
  it('answers 400 to a body nested past the limit, with or without a token, before reading it further', async () => {
    const deep = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    const { encodedToken: token } = await login(server, 1);
    for (const [path, auth] of [
      ['/api/auth/login', undefined],
      ['/api/posts', token],
      ['/api/v2/posts', token],
    ] as const) {
      const answer = await send(server.url, path, { body: deep(4000), token: auth });
      expect([path, answer.status, answer.json]).toEqual([path, 400, { errors: [INPUT_MESSAGES.tooDeep] }]);
    }
    // Brackets inside strings are text, and a body within the limit is read as before.
    const nested = await send(server.url, '/api/posts', {
      token,
      body: `{"postData":{"content":"${'['.repeat(5000)}","pic":""},"x":${'['.repeat(LIMITS.maxJsonDepth - 2)}${']'.repeat(LIMITS.maxJsonDepth - 2)}}`,
    });
    expect(nested.status).toBe(201);
  });
});

/** GET with the headers exactly as given (fetch does not send a chosen Host). */
function getWithHost(base: string, path: string, host: string): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { headers: { Host: host } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) as unknown }));
    });
    request.on('error', reject);
  });
}

describe('the Host header (finding 10)', () => {
  it('never makes the origin of picture URLs: they name API_PUBLIC_URL, or the address the server listens on', async () => {
    const post = await getWithHost(server.url, '/api/v2/posts/p01-sunrise', 'evil.example');
    expect(post.status).toBe(200);
    expect((post.json as { post: { pic: string } }).post.pic).toMatch(new RegExp(`^${server.url}/api/images/`));
    const v1 = await getWithHost(server.url, '/api/posts/p01-sunrise', 'evil.example');
    expect(JSON.stringify(v1.json)).not.toContain('evil.example');
    await withInstance(server, { API_PUBLIC_URL: 'https://api.orbit.example/' }, async ({ url }) => {
      const configured = await getWithHost(url, '/api/v2/posts/p01-sunrise', 'evil.example');
      expect((configured.json as { post: { pic: string } }).post.pic).toMatch(/^https:\/\/api\.orbit\.example\/api\/images\//);
    });
  });
});

describe('public mode (finding 12)', () => {
  interface V1User {
    _id: string;
    username?: string;
    bookmarks?: string[];
  }
  const privateOf = (users: V1User[]) => users.filter((u) => 'username' in u || 'bookmarks' in u).map((u) => u._id);

  it("leaves other members' e-mails and bookmarks out of v1 answers; the member asking keeps their own", async () => {
    await withInstance(server, { API_PUBLIC_MODE: '1' }, async (instance) => {
      const anonymousUsers = (await send(instance.url, '/api/users')).json as { users: V1User[] };
      expect(anonymousUsers.users.length).toBeGreaterThan(2);
      expect(privateOf(anonymousUsers.users)).toEqual([]);
      expect(JSON.stringify(anonymousUsers)).not.toContain('@');
      const one = (await send(instance.url, '/api/users/id/u2-meera')).json as { user: V1User };
      expect(one.user).not.toHaveProperty('username');
      expect(one.user).not.toHaveProperty('bookmarks');
      const posts = (await send(instance.url, '/api/posts')).json as { posts: { userId: string; username?: string }[] };
      expect(posts.posts.filter((p) => 'username' in p)).toEqual([]);

      const login = await send(instance.url, '/api/auth/login', { body: adarsh });
      const me = (login.json as { foundUser: V1User; encodedToken: string }).foundUser;
      expect(me.username).toBe(adarsh.username);
      expect(me.bookmarks).toEqual(expect.any(Array));
      const token = (login.json as { encodedToken: string }).encodedToken;
      const asAdarsh = (await send(instance.url, '/api/users', { token })).json as { users: V1User[] };
      expect(privateOf(asAdarsh.users)).toEqual(['u1-adarsh']);
      const postsAsAdarsh = (await send(instance.url, '/api/posts', { token })).json as { posts: { userId: string; username?: string }[] };
      expect(new Set(postsAsAdarsh.posts.filter((p) => 'username' in p).map((p) => p.userId))).toEqual(new Set(['u1-adarsh']));
      const followed = (await send(instance.url, '/api/users/follow/u5-rohan', { token, body: {} })).json as {
        user: V1User;
        allUsers: V1User[];
      };
      expect(followed.user.username).toBe(adarsh.username);
      expect(privateOf(followed.allUsers)).toEqual(['u1-adarsh']);
    });
  });

  it('is on whenever NODE_ENV is production, and off by default elsewhere (the spec shapes)', async () => {
    expect(loadConfig({ NODE_ENV: 'production', API_TOKEN_SECRET: 'x'.repeat(32), API_PUBLIC_MODE: '0' }).publicMode).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).publicMode).toBe(false);
    const users = (await send(server.url, '/api/users')).json as { users: V1User[] };
    expect(privateOf(users.users)).toHaveLength(users.users.length);
  });
});
