import { LIMITS, SERVER_ERRORS, TEST_CREDENTIALS } from '../src/contract';
import { DEFAULT_AVATAR, SEED_USERS } from '../src/server';
import { anonymous, expectError, raw, withTestServer, withToken } from './helpers';

withTestServer();

describe('POST /auth/login', () => {
  it.each([1, 2, 3, 4])('logs in test user %i and answers foundUser and a token', async (n) => {
    const answer = await anonymous().auth.login(TEST_CREDENTIALS[n - 1]!);
    expect(answer.foundUser).toEqual(SEED_USERS[n - 1]);
    expect(answer.encodedToken.split('.')).toHaveLength(3);
    expect(answer.foundUser).not.toHaveProperty('password');
  });

  it('answers 200', async () => {
    const res = await raw('POST', '/auth/login', { body: JSON.stringify(TEST_CREDENTIALS[0]) });
    expect(res.status).toBe(200);
  });

  it('refuses an unknown username with 404', async () => {
    await expectError(anonymous().auth.login({ username: 'nobody@socialmfe.dev', password: 'whatever1' }), 404, SERVER_ERRORS.userNotFound);
  });

  it('refuses a wrong password with 401', async () => {
    await expectError(
      anonymous().auth.login({ username: TEST_CREDENTIALS[0]!.username, password: 'wrong-password1' }),
      401,
      SERVER_ERRORS.badCredentials,
    );
  });

  it('refuses a missing or ill-typed field with 400', async () => {
    expect((await raw('POST', '/auth/login', { body: '{}' })).status).toBe(400);
    expect((await raw('POST', '/auth/login', { body: JSON.stringify({ username: 5, password: 'x' }) })).status).toBe(400);
    expect((await raw('POST', '/auth/login', { body: 'not json' })).status).toBe(400);
  });
});

describe('POST /auth/signup', () => {
  const input = { username: 'new.member@example.com', password: 'secret123', firstName: 'New', lastName: 'Member' };

  it('creates a member with the defaults and answers 201 with createdUser and a working token', async () => {
    const res = await raw('POST', '/auth/signup', { body: JSON.stringify(input) });
    expect(res.status).toBe(201);
    const { createdUser, encodedToken } = res.json as { createdUser: Record<string, unknown>; encodedToken: string };
    expect(createdUser).toMatchObject({
      username: input.username,
      firstName: 'New',
      lastName: 'Member',
      userHandler: 'new.member',
      bio: '',
      link: '',
      pic: DEFAULT_AVATAR,
      followers: [],
      following: [],
      bookmarks: [],
    });
    expect(createdUser).not.toHaveProperty('password');
    expect(createdUser.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(typeof createdUser._id).toBe('string');
    expect(createdUser.id).toMatch(/^\d+$/);
    // The token works on a protected call, and the new member can log in.
    const bookmarks = await withToken(encodedToken).users.bookmarks();
    expect(bookmarks).toEqual({ bookmarks: [] });
    const login = await anonymous().auth.login({ username: input.username, password: input.password });
    expect(login.foundUser._id).toBe(createdUser._id);
    expect((await anonymous().users.all()).users).toHaveLength(SEED_USERS.length + 1);
  });

  it('refuses a username that exists with 422', async () => {
    await expectError(anonymous().auth.signup({ ...input, username: TEST_CREDENTIALS[1]!.username }), 422, SERVER_ERRORS.usernameExists);
    await anonymous().auth.signup(input);
    await expectError(anonymous().auth.signup(input), 422, SERVER_ERRORS.usernameExists);
    expect((await anonymous().users.all()).users).toHaveLength(SEED_USERS.length + 1);
  });

  it('makes the handle unique by appending a number', async () => {
    const a = await anonymous().auth.signup({ ...input, username: 'twin@a.example' });
    const b = await anonymous().auth.signup({ ...input, username: 'twin@b.example' });
    const c = await anonymous().auth.signup({ ...input, username: 'twin@c.example' });
    expect([a.createdUser.userHandler, b.createdUser.userHandler, c.createdUser.userHandler]).toEqual(['twin', 'twin1', 'twin2']);
  });

  it('refuses missing or ill-typed fields with 400 and creates nothing', async () => {
    for (const body of [
      {},
      { ...input, username: undefined },
      { ...input, password: 12345678 },
      { ...input, firstName: ['x'] },
      { ...input, lastName: '   ' },
      { ...input, link: 'javascript:alert(1)' },
      { ...input, pic: 'data:text/html,<script>1</script>' },
    ]) {
      const res = await raw('POST', '/auth/signup', { body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      expect((res.json as { errors: string[] }).errors).toHaveLength(1);
    }
    expect((await anonymous().users.all()).users).toHaveLength(SEED_USERS.length);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await raw('POST', '/auth/signup', { body: JSON.stringify({ ...input, bio: 'x'.repeat(LIMITS.maxBodyBytes + 10) }) });
    expect(res.status).toBe(413);
  });
});
