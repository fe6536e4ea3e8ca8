/**
 * Two password changes sent at once with the same current password (two tabs): only one is
 * made; the other answers 409 and is no wrong guess for the login guard. Both requests are held after checking the current password until both have checked it
 * (the slow scrypt step runs outside any transaction), so the race happens on every run.
 */
import { SERVER_ERRORS, TEST_CREDENTIALS } from '@social/mock-api/contract';
import type { RunningServer } from '../src/server';
import { send, serverForFile } from './kit';

/** While set, every password check waits for it after computing its result (see the mock below). */
const mockHold: { afterCheck?: () => Promise<void> } = {};

jest.mock('../src/passwords', () => {
  const actual = jest.requireActual<typeof import('../src/passwords')>('../src/passwords');
  return {
    ...actual,
    verifyPassword: async (password: string, stored: string) => {
      const matches = await actual.verifyPassword(password, stored);
      await mockHold.afterCheck?.();
      return matches;
    },
  };
});

jest.setTimeout(60_000);

let server: RunningServer;
serverForFile((started) => (server = started));

const member = TEST_CREDENTIALS[0]!;

/** Holds each password check until `count` checks have been made. */
function holdUntilChecked(count: number): void {
  let checked = 0;
  let releaseAll!: () => void;
  const released = new Promise<void>((resolve) => (releaseAll = resolve));
  mockHold.afterCheck = () => {
    checked += 1;
    if (checked === count) releaseAll();
    return released;
  };
}

afterEach(() => {
  delete mockHold.afterCheck;
});

it('makes one of two changes sent at once; the other answers 409, saying another change came first', async () => {
  const login = await send(server.url, '/api/v2/auth/login', { body: member });
  const token = (login.json as { encodedToken: string }).encodedToken;
  holdUntilChecked(2);
  const changes = await Promise.all(
    ['first-tab-1', 'second-tab-2'].map((newPassword) =>
      send(server.url, '/api/v2/me/password', { token, body: { currentPassword: member.password, newPassword } }),
    ),
  );
  delete mockHold.afterCheck;

  expect(changes.map((c) => c.status).sort()).toEqual([200, 409]);
  const lost = changes.find((c) => c.status === 409)!;
  expect(lost.json).toEqual({ errors: [SERVER_ERRORS.passwordChangedMeanwhile] });
  // The winner's new password and new session hold; the loser's password was never kept.
  const won = changes.findIndex((c) => c.status === 200);
  const [wonPassword, lostPassword] = won === 0 ? ['first-tab-1', 'second-tab-2'] : ['second-tab-2', 'first-tab-1'];
  const session = (changes[won]!.json as { encodedToken: string }).encodedToken;
  expect((await send(server.url, '/api/v2/me', { token: session })).status).toBe(200);
  expect((await send(server.url, '/api/v2/auth/login', { body: { username: member.username, password: wonPassword } })).status).toBe(200);
  expect((await send(server.url, '/api/v2/auth/login', { body: { username: member.username, password: lostPassword } })).status).toBe(401);
});

it('does not count the lost change as a wrong guess: the account keeps all its attempts for wrong logins', async () => {
  const login = await send(server.url, '/api/v2/auth/login', { body: member });
  const token = (login.json as { encodedToken: string }).encodedToken;
  holdUntilChecked(2);
  const changes = await Promise.all(
    ['first-tab-1', 'second-tab-2'].map((newPassword) =>
      send(server.url, '/api/v2/me/password', { token, body: { currentPassword: member.password, newPassword } }),
    ),
  );
  delete mockHold.afterCheck;
  const won = changes[0]!.status === 200 ? 'first-tab-1' : 'second-tab-2';
  // API_LOGIN_ACCOUNT_RATE_LIMIT (10) attempts: nine wrong logins and the right one, all judged.
  for (let i = 0; i < 9; i += 1)
    expect((await send(server.url, '/api/v2/auth/login', { body: { username: member.username, password: `wrong-${i}1` } })).status).toBe(
      401,
    );
  expect((await send(server.url, '/api/v2/auth/login', { body: { username: member.username, password: won } })).status).toBe(200);
});

it('refuses a new password equal to the current one (400), changing nothing and counting no guess', async () => {
  const login = await send(server.url, '/api/v2/auth/login', { body: member });
  const token = (login.json as { encodedToken: string }).encodedToken;
  const same = await send(server.url, '/api/v2/me/password', {
    token,
    body: { currentPassword: member.password, newPassword: member.password },
  });
  expect(same).toMatchObject({ status: 400, json: { errors: [SERVER_ERRORS.samePassword] } });
  expect((await send(server.url, '/api/v2/me', { token })).status).toBe(200);
});
