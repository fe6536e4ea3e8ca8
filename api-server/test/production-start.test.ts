/**
 * A new production server (NODE_ENV=production) on an empty database: no demo members, so no
 * published password signs anyone in; no signup gets a role, whatever its name; a member
 * moderates only between the operator's `role grant` and `role revoke` (src/role-command.ts).
 * And the settings production refuses. Runs on PGlite (npm test) and on PostgreSQL (npm run test:postgres).
 */
import { randomBytes } from 'node:crypto';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { createSeedDb } from '@social/mock-api/seed';
import { FAKE_BACKEND_TOKEN_SECRET } from '@social/mock-api/token-secret';
import { ConfigError, DEV_TOKEN_SECRET, loadConfig } from '../src/config';
import { migrate, openDatabase, type Database } from '../src/db';
import { runRoleCommand } from '../src/role-command';
import { resetToEmpty } from '../src/seed';
import { startApiServer, type RunningServer } from '../src/server';
import { send, workerPGlite } from './kit';

const SECRET = randomBytes(32).toString('hex');
const production = (env: NodeJS.ProcessEnv = {}) =>
  loadConfig({ NODE_ENV: 'production', API_TOKEN_SECRET: SECRET, DATABASE_URL: process.env.DATABASE_URL, ...env });

/** Every password published with the code: the demo's eight members (four of them on the login page). */
const PUBLISHED = createSeedDb().users.map((u) => ({ username: u.username, password: u.password }));

let database: Database;
let server: RunningServer;

beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  database = openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { pglite: await workerPGlite(), dataDir: 'memory://' });
  // A new database: the schema and nothing in it (the worker's PGlite and the test PostgreSQL hold other files' data).
  await migrate(database.db);
  await resetToEmpty(database.db);
  server = await startApiServer(
    {
      ...production({
        PORT: '0',
        HOST: '127.0.0.1',
        API_LOG_LEVEL: process.env.DEBUG_API_LOG ?? 'silent',
        API_AUTH_RATE_LIMIT: '1000',
        API_WRITE_RATE_LIMIT: '100000',
        API_READ_RATE_LIMIT: '100000',
      }),
    },
    { database },
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const signUp = async (username: string, firstName = 'Alice') => {
  const answer = await send(server.url, '/api/v2/auth/signup', {
    body: { username, password: 'Kq7vZ2pLm9xW', firstName, lastName: 'Example' },
  });
  expect(answer.status).toBe(201);
  return answer.json as { me: { _id: string; userHandler: string }; encodedToken: string };
};
const isModerator = async (token: string) => (await send(server.url, '/api/v2/me/roles', { token })).json;
const queueStatus = async (token: string) => (await send(server.url, '/api/v2/moderation/reports', { token })).status;

/** The role command as the operator runs it, with what it printed. */
async function role(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runRoleCommand(args, database.db, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('a new production server', () => {
  it('starts without the demo: GET /api/v2/meta says so, and no published password signs anyone in', async () => {
    expect(server.demo).toBe(false);
    expect(await send(server.url, '/api/v2/meta')).toMatchObject({ status: 200, json: { demo: false } });
    for (const credentials of PUBLISHED) {
      expect({ credentials, status: (await send(server.url, '/api/auth/login', { body: credentials })).status }).toEqual({
        credentials,
        status: 404,
      });
      expect((await send(server.url, '/api/v2/auth/login', { body: credentials })).status).toBe(404);
    }
    expect((await send(server.url, '/api/users')).json).toEqual({ users: [] });
  });

  it('gives no signup a role, not even with the demo moderator’s name or e-mail', async () => {
    const sara = await signUp(TEST_CREDENTIALS[3]!.username, 'Sara');
    const modalice = await signUp('modalice@evil.dev');
    expect(sara.me.userHandler).toBe('sara');
    const saraahmed = await signUp('saraahmed@evil.dev', 'Sara');
    expect(saraahmed.me.userHandler).toBe('saraahmed');
    for (const member of [sara, modalice, saraahmed]) {
      expect(await isModerator(member.encodedToken)).toEqual({ moderator: false });
      expect(await queueStatus(member.encodedToken)).toBe(403);
    }
    expect(await role('list')).toEqual({ code: 0, out: ['No member holds a role.'], err: [] });
  });

  it('makes a member a moderator from `role grant` until `role revoke`, by handle or e-mail, at once', async () => {
    const bob = await signUp('bob.operator@orbit.example', 'Bob');
    expect(await isModerator(bob.encodedToken)).toEqual({ moderator: false });

    const granted = await role('grant', 'moderator', '@bob.operator');
    expect(granted).toEqual({ code: 0, out: ['@bob.operator (Bob Example, bob.operator@orbit.example) is now a moderator.'], err: [] });
    expect(await isModerator(bob.encodedToken)).toEqual({ moderator: true });
    expect(await queueStatus(bob.encodedToken)).toBe(200);
    expect((await role('grant', 'moderator', 'BOB.OPERATOR@orbit.example')).out).toEqual([
      '@bob.operator (Bob Example, bob.operator@orbit.example) is already a moderator.',
    ]);
    const listed = await role('list', 'moderator');
    expect(listed.out).toEqual([
      expect.stringMatching(/^moderator\t@bob\.operator \(Bob Example, bob\.operator@orbit\.example\)\tsince \d{4}-/),
    ]);

    expect((await role('revoke', 'moderator', 'bob.operator@orbit.example')).out).toEqual([
      '@bob.operator (Bob Example, bob.operator@orbit.example) is no longer a moderator.',
    ]);
    expect(await isModerator(bob.encodedToken)).toEqual({ moderator: false });
    expect(await queueStatus(bob.encodedToken)).toBe(403);
    expect((await role('revoke', 'moderator', 'bob.operator')).out).toEqual([
      '@bob.operator (Bob Example, bob.operator@orbit.example) was not a moderator.',
    ]);
  });

  it('grants a role to a member only: nobody by that name yet, a later signup with it gets nothing', async () => {
    expect(await role('grant', 'moderator', 'carol')).toEqual({ code: 1, out: [], err: ['No member has the handle or e-mail "carol".'] });
    const carol = await signUp('carol@orbit.example', 'Carol');
    expect(await isModerator(carol.encodedToken)).toEqual({ moderator: false });

    // The role goes with the account: a new account with the same e-mail starts with none.
    expect((await role('grant', 'moderator', 'carol')).code).toBe(0);
    const deleted = await send(server.url, '/api/v2/me/delete', { token: carol.encodedToken, body: { password: 'Kq7vZ2pLm9xW' } });
    expect(deleted.status).toBe(200);
    const again = await signUp('carol@orbit.example', 'Carol');
    expect(await isModerator(again.encodedToken)).toEqual({ moderator: false });
    expect((await role('list')).out).toEqual(['No member holds a role.']);
  });

  it('answers a command it does not understand with its usage, changing nothing', async () => {
    for (const args of [[], ['promote', 'moderator', 'x'], ['grant', 'admin', 'x'], ['grant', 'moderator'], ['list', 'admin']]) {
      const answer = await role(...args);
      expect({ args, code: answer.code }).toEqual({ args, code: 2 });
      expect(answer.err.join('\n')).toContain('usage: npm run role -w api-server -- grant <role> <handle|e-mail>');
    }
  });
});

describe('production settings', () => {
  it('refuse the development token secret and the fake backend’s, which also sign device tokens', () => {
    expect(() => production({ API_TOKEN_SECRET: DEV_TOKEN_SECRET })).toThrow(ConfigError);
    expect(() => production({ API_TOKEN_SECRET: DEV_TOKEN_SECRET })).toThrow(/development secret/);
    expect(() => production({ API_TOKEN_SECRET: FAKE_BACKEND_TOKEN_SECRET })).toThrow(/development secret/);
    // Development keeps its default.
    expect(loadConfig({}).tokenSecret).toBe(DEV_TOKEN_SECRET);
  });

  it('start without the demo unless API_SEED=demo asks for it, and never grant its moderator', () => {
    expect(production()).toMatchObject({ seed: 'none' });
    expect(production({ API_SEED: 'demo' })).toMatchObject({ seed: 'demo', seedModerator: false });
    expect(loadConfig({})).toMatchObject({ seed: 'demo', seedModerator: true });
    expect(loadConfig({ API_SEED: 'none' })).toMatchObject({ seed: 'none' });
    expect(() => production({ API_SEED: 'yes' })).toThrow(/API_SEED must be "demo" or "none"/);
    expect(() => production({ API_SEED_POSTS: '1000' })).toThrow(/API_SEED=demo/);
  });

  it('refuse API_MODERATORS: a handle nobody holds yet would go to whoever signs up with it', () => {
    expect(() => production({ API_MODERATORS: 'modalice' })).toThrow(/npm run role -w api-server -- grant moderator/);
    expect(() => loadConfig({ API_MODERATORS: 'saraahmed' })).toThrow(ConfigError);
  });
});
