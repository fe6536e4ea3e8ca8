/** v2 sessions and the signed-in member (login, signup, logout, me, profile edit) and v2 paths over HTTP. */
import { SERVER_ERRORS, TEST_CREDENTIALS, TEXT_LIMITS } from '../../src/contract';
import { API_V2_PREFIX, V2_ROUTES, type MeV2 } from '../../src/contract-v2';
import { INPUT_MESSAGES } from '../../src/server';
import { anonymous, expectError, raw, signIn, withTestServer, withToken } from '../helpers';
import { MEMBER_KEYS, v1World } from './support';

withTestServer();

const ME_KEYS = [...MEMBER_KEYS, 'username', 'bookmarkCount'].sort();

describe('POST /v2/auth/login and /v2/auth/signup', () => {
  it('login answers 200 { me, encodedToken }: me with my e-mail and counts', async () => {
    const res = await raw('POST', '/v2/auth/login', { body: JSON.stringify(TEST_CREDENTIALS[0]) });
    expect(res.status).toBe(200);
    const { me, encodedToken } = res.json as { me: MeV2; encodedToken: string };
    expect(Object.keys(res.json as object).sort()).toEqual(['encodedToken', 'me']);
    expect(Object.keys(me).sort()).toEqual(ME_KEYS);
    const { users, posts } = await v1World();
    const user = users.find((u) => u.username === TEST_CREDENTIALS[0]!.username)!;
    expect(me).toMatchObject({
      _id: user._id,
      username: user.username,
      bookmarkCount: user.bookmarks.length,
      followerCount: user.followers.length,
      followingCount: user.following.length,
      postCount: posts.filter((p) => p.userId === user._id).length,
    });
    expect((await withToken(encodedToken).v2.me.get()).me).toEqual(me);
  });

  it('login refuses like v1: unknown e-mail 404, wrong password 401', async () => {
    await expectError(anonymous().v2.auth.login({ username: 'nobody@x.dev', password: 'x' }), 404, SERVER_ERRORS.userNotFound);
    await expectError(
      anonymous().v2.auth.login({ username: TEST_CREDENTIALS[0]!.username, password: 'wrong' }),
      401,
      SERVER_ERRORS.badCredentials,
    );
  });

  it('signup answers 201 { me, encodedToken }; a taken e-mail is 422 usernameExists', async () => {
    const input = { username: 'new.member@x.dev', password: 'secret123', firstName: 'New', lastName: 'Member' };
    const res = await raw('POST', '/v2/auth/signup', { body: JSON.stringify(input) });
    expect(res.status).toBe(201);
    const { me } = res.json as { me: MeV2 };
    expect(me).toMatchObject({
      username: input.username,
      firstName: 'New',
      postCount: 0,
      followerCount: 0,
      followingCount: 0,
      bookmarkCount: 0,
    });
    expect((await anonymous().v2.members.byId(me._id)).member).toMatchObject({ _id: me._id, userHandler: me.userHandler });
    await expectError(anonymous().v2.auth.signup(input), 422, SERVER_ERRORS.usernameExists);
    // A handle never starts or ends with '.' or '-', so "@handle" in text always names all of it.
    const edges = await anonymous().v2.auth.signup({ ...input, username: '-zoe.q.@x.dev' });
    expect(edges.me.userHandler).toBe('zoe.q');
    const { post } = await withToken(edges.encodedToken).v2.posts.create({ content: 'Hi @zoe.q.', pic: '' });
    expect(post.mentions).toEqual(['zoe.q']);
    await expectError(
      anonymous().v2.auth.signup({ ...input, username: 'other@x.dev', firstName: '' }),
      400,
      INPUT_MESSAGES.empty('firstName'),
    );
  });

  it('logout revokes the token: every v2 call with it answers 401 badToken', async () => {
    const { token } = await signIn(3);
    const api = withToken(token).v2;
    expect(await api.auth.logout()).toEqual({});
    await expectError(api.me.get(), 401, SERVER_ERRORS.badToken);
    await expectError(api.posts.byId('p01-sunrise'), 401, SERVER_ERRORS.badToken);
    await expectError(api.posts.like('p01-sunrise'), 401, SERVER_ERRORS.badToken);
  });
});

describe('GET and POST /v2/me', () => {
  it('needs a token (404 userNotFound)', async () => {
    await expectError(anonymous().v2.me.get(), 404, SERVER_ERRORS.userNotFound);
    await expectError(anonymous().v2.me.edit({ bio: 'x' }), 404, SERVER_ERRORS.userNotFound);
  });

  it('edits my profile with v1’s rules and answers 201 { me }', async () => {
    const { token, user } = await signIn(2);
    const res = await raw('POST', '/v2/me', {
      headers: { authorization: token },
      body: JSON.stringify({ userData: { bio: 'New bio', link: 'https://me.example', username: 'hijack@x.dev' } }),
    });
    expect(res.status).toBe(201);
    expect((res.json as { me: MeV2 }).me).toMatchObject({ bio: 'New bio', link: 'https://me.example', username: user.username });
    const api = withToken(token).v2;
    await expectError(api.me.edit({ link: 'javascript:alert(1)' }), 400, INPUT_MESSAGES.linkFormat);
    await expectError(api.me.edit({ firstName: '' }), 400, INPUT_MESSAGES.empty('firstName'));
    expect((await anonymous().users.byId(user._id)).user).toMatchObject({ bio: 'New bio', link: 'https://me.example' });
  });

  it('first and last name change through v2 POST /me and v1 /users/edit alike', async () => {
    const { api, user } = await signIn(3);
    expect((await api.v2.me.edit({ firstName: 'Ada', lastName: 'Lovelace' })).me).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect((await anonymous().users.byId(user._id)).user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect((await api.users.edit({ firstName: 'Grace', lastName: 'Hopper' })).user).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect((await api.v2.me.get()).me).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    await expectError(api.v2.me.edit({ lastName: '' }), 400, INPUT_MESSAGES.empty('lastName'));
    await expectError(
      api.v2.me.edit({ lastName: 'x'.repeat(TEXT_LIMITS.name + 1) }),
      400,
      INPUT_MESSAGES.tooLong('lastName', TEXT_LIMITS.name),
    );
  });

  it('a new name shows on my posts at once', async () => {
    const { api, user } = await signIn(1);
    const { post } = await api.v2.posts.create({ content: 'Signed', pic: '' });
    await api.v2.me.edit({ firstName: 'Renamed' });
    expect((await anonymous().v2.posts.byId(post._id)).post.author).toMatchObject({ _id: user._id, firstName: 'Renamed' });
  });

  it('a new picture shows at once in every answer that shows the member', async () => {
    const adarsh = await signIn(1);
    const meera = await signIn(2);
    const { post } = await adarsh.api.v2.posts.create({ content: 'Who changes their picture?', pic: '' });
    const { comment } = await meera.api.v2.comments.add(post._id, 'Me, soon');
    await meera.api.v2.comments.reply(comment._id, 'And my reply shows it');
    const { me } = await meera.api.v2.me.edit({ pic: 'data:image/png;base64,iVBORw0KGgo=' });
    const { post: mine } = await meera.api.v2.posts.create({ content: 'After the change', pic: '' });
    const picOf = (items: readonly { _id: string; pic: string }[]) => items.find((m) => m._id === me._id)?.pic;

    expect(me.pic).not.toBe('');
    const [shown] = (await anonymous().v2.comments.ofPost(post._id)).comments;
    expect(shown!.user.pic).toBe(me.pic);
    expect(shown!.replies.map((r) => r.user.pic)).toEqual([me.pic]);
    expect((await anonymous().v2.posts.byId('p03-sketch')).post.author.pic).toBe(me.pic);
    expect(mine.author.pic).toBe(me.pic);
    expect(picOf((await adarsh.api.v2.members.followers(adarsh.user._id)).members)).toBe(me.pic);
    expect(picOf((await adarsh.api.v2.members.search('meera')).members)).toBe(me.pic);
    expect((await adarsh.api.v2.members.byId(me._id)).member.pic).toBe(me.pic);
    const notified = (await adarsh.api.v2.notifications.list()).notifications.filter((n) => n.actor._id === me._id);
    expect(notified.length).toBeGreaterThan(0);
    expect(notified.map((n) => n.actor.pic)).toEqual(notified.map(() => me.pic));
  });
});

describe('v2 paths over HTTP', () => {
  it('every v2 route answers (not 404 "no endpoint") and another method answers 405 with Allow', async () => {
    for (const [method, path] of Object.values(V2_ROUTES)) {
      const concrete = path.replace(/:[A-Za-z]+/g, 'x');
      const res = await fetch(`${API_V2_PREFIX}${concrete}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: method === 'GET' ? undefined : '{}',
      });
      // A route that exists answers with its own refusal, never the fallback's "no endpoint".
      const text = await res.text();
      expect({ path, text }).not.toEqual({ path, text: expect.stringContaining('No API endpoint') });
      expect(res.status).not.toBe(405);
    }
    const res = await fetch('/api/v2/feed/explore', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await res.json()).toEqual({ errors: [SERVER_ERRORS.methodNotAllowed] });
    const like = await fetch('/api/v2/posts/like/p01-sunrise', { method: 'GET' });
    expect(like.status).toBe(405);
    expect(like.headers.get('allow')).toBe('POST, OPTIONS');
  });
});
