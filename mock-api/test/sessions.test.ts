/**
 * Sessions end: logout revokes the token and tokens expire after LIMITS.tokenLifetimeMs.
 * Backend-agnostic (typed client and raw fetch only): the clock is moved with Date.now, which
 * any backend running in this process reads.
 */
import { LIMITS, SERVER_ERRORS, TEST_CREDENTIALS } from '../src/contract';
import { anonymous, expectError, raw, signIn, withTestServer, withToken } from './helpers';

withTestServer();

afterEach(() => jest.restoreAllMocks());

describe('logout', () => {
  it('answers 200 {} and the token then gets 401 badToken on every protected endpoint', async () => {
    const { api, token } = await signIn(1);
    await api.posts.like('p11-chess');
    expect(await api.auth.logout()).toEqual({});
    await expectError(api.posts.dislike('p11-chess'), 401, SERVER_ERRORS.badToken);
    await expectError(api.users.bookmarks(), 401, SERVER_ERRORS.badToken);
    await expectError(api.users.edit({ bio: 'after logout' }), 401, SERVER_ERRORS.badToken);
    await expectError(api.comments.add('p11-chess', { content: 'after logout' }), 401, SERVER_ERRORS.badToken);
    await expectError(api.auth.logout(), 401, SERVER_ERRORS.badToken);
    const res = await raw('POST', '/posts', {
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ postData: { content: 'x' } }),
    });
    expect(res.status).toBe(401);
    expect((await anonymous().users.byId('u1-adarsh')).user.bio).not.toBe('after logout');
  });

  it('revokes only that token: another session of the same member keeps working', async () => {
    const first = await signIn(1);
    const second = await signIn(1);
    expect(second.token).not.toBe(first.token);
    await first.api.auth.logout();
    await expect(second.api.users.bookmarks()).resolves.toEqual({ bookmarks: expect.any(Array) });
    // A fresh login works after logout.
    const again = await signIn(1);
    await expect(again.api.posts.like('p11-chess')).resolves.toBeDefined();
  });

  it('needs a token: none is 404 userNotFound, a forged one 401', async () => {
    await expectError(anonymous().auth.logout(), 404, SERVER_ERRORS.userNotFound);
    await expectError(withToken('a.b.c').auth.logout(), 401, SERVER_ERRORS.badToken);
  });
});

describe('token lifetime', () => {
  it(`a token works until ${LIMITS.tokenLifetimeMs / 86_400_000} days after login and answers 401 badToken afterwards`, async () => {
    const issued = Date.now();
    const { api } = await signIn(2);
    const clock = jest.spyOn(Date, 'now');
    clock.mockReturnValue(issued + LIMITS.tokenLifetimeMs - 60_000);
    await expect(api.users.bookmarks()).resolves.toEqual({ bookmarks: expect.any(Array) });
    clock.mockReturnValue(issued + LIMITS.tokenLifetimeMs + 1_000);
    await expectError(api.users.bookmarks(), 401, SERVER_ERRORS.badToken);
    await expectError(api.posts.like('p11-chess'), 401, SERVER_ERRORS.badToken);
    // Logging in again gives a token that works at the new time.
    const { encodedToken } = await anonymous().auth.login(TEST_CREDENTIALS[1]!);
    await expect(withToken(encodedToken).users.bookmarks()).resolves.toBeDefined();
  });

  it('a signup token expires the same way', async () => {
    const issued = Date.now();
    const { encodedToken } = await anonymous().auth.signup({
      username: 'expiry@x.dev',
      password: 'expiry123',
      firstName: 'E',
      lastName: 'X',
    });
    jest.spyOn(Date, 'now').mockReturnValue(issued + LIMITS.tokenLifetimeMs + 1_000);
    await expectError(withToken(encodedToken).users.bookmarks(), 401, SERVER_ERRORS.badToken);
  });
});
