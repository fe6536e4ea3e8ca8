import { LIMITS, SERVER_ERRORS, type User } from '../src/contract';
import { INPUT_MESSAGES, SEED_USERS } from '../src/server';
import { anonymous, expectError, raw, signIn, withTestServer } from './helpers';

withTestServer();

const summaryIds = (list: { _id: string }[]) => list.map((u) => u._id).sort();

describe('GET /users', () => {
  it('answers every member without passwords', async () => {
    const { users } = await anonymous().users.all();
    expect(users).toEqual(SEED_USERS);
    expect(JSON.stringify(users)).not.toContain('password');
  });
});

describe('GET /users/id/{userId} and /users/handler/{userHandler}', () => {
  it('answers the member', async () => {
    const target = SEED_USERS[2]!;
    expect((await anonymous().users.byId(target._id)).user).toEqual(target);
    expect((await anonymous().users.byHandler(target.userHandler)).user).toEqual(target);
  });

  it('answers 404 memberNotFound for unknown ids and handles', async () => {
    await expectError(anonymous().users.byId('nope'), 404, SERVER_ERRORS.memberNotFound);
    await expectError(anonymous().users.byHandler('nope'), 404, SERVER_ERRORS.memberNotFound);
  });
});

describe('POST /users/edit', () => {
  it('changes bio, link, pic and names, answers 201 with the user', async () => {
    const { api, user } = await signIn(1);
    const pic = 'data:image/png;base64,iVBORw0KGgo=';
    const res = await api.users.edit({ bio: 'New bio 🎉', link: 'https://new.example.com', pic, firstName: 'Ada' });
    expect(res.user).toMatchObject({ _id: user._id, bio: 'New bio 🎉', link: 'https://new.example.com', pic, firstName: 'Ada' });
    expect((await anonymous().users.byId(user._id)).user.bio).toBe('New bio 🎉');
    // The new picture shows in nested lists too (followers of someone user 1 follows).
    const meera = (await anonymous().users.byId(SEED_USERS[1]!._id)).user;
    expect(meera.followers.find((f) => f._id === user._id)?.pic).toBe(pic);
    const status = await raw('POST', '/users/edit', {
      body: JSON.stringify({ userData: { bio: 'x' } }),
      headers: { authorization: (await signIn(2)).token },
    });
    expect(status.status).toBe(201);
  });

  it('ignores fields a member may not change', async () => {
    const { token, user } = await signIn(1);
    const res = await raw('POST', '/users/edit', {
      headers: { authorization: token },
      body: JSON.stringify({ userData: { username: 'evil@x.dev', password: 'hacked123', _id: 'x', followers: [], bio: 'ok' } }),
    });
    expect(res.status).toBe(201);
    const after = (await anonymous().users.byId(user._id)).user;
    expect(after).toMatchObject({ username: user.username, _id: user._id, bio: 'ok' });
    expect(after.followers).toEqual(user.followers);
  });

  it('refuses bad input with 400/413 and changes nothing', async () => {
    const { token, user } = await signIn(1);
    const cases: [unknown, number, string][] = [
      [{}, 400, INPUT_MESSAGES.missingObject('userData')],
      [{ userData: 'x' }, 400, INPUT_MESSAGES.missingObject('userData')],
      [{ userData: { bio: 5 } }, 400, INPUT_MESSAGES.notString('bio')],
      [{ userData: { bio: 'fine', link: 'ftp://x' } }, 400, INPUT_MESSAGES.linkFormat],
      [{ userData: { pic: 'data:application/pdf;base64,AAAA' } }, 400, INPUT_MESSAGES.imageType],
      [
        { userData: { pic: `data:image/png;base64,${'A'.repeat(Math.ceil((LIMITS.maxImageBytes * 4) / 3) + 8)}` } },
        413,
        INPUT_MESSAGES.imageTooLarge,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await raw('POST', '/users/edit', { headers: { authorization: token }, body: JSON.stringify(body) });
      expect({ status: res.status, json: res.json }).toEqual({ status, json: { errors: [message] } });
    }
    expect((await anonymous().users.byId(user._id)).user).toEqual(user);
  });

  it('needs a token', async () => {
    await expectError(anonymous().users.edit({ bio: 'x' }), 404, SERVER_ERRORS.userNotFound);
  });
});

describe('bookmarks', () => {
  it('GET /users/bookmark answers the caller bookmarks', async () => {
    const { api, user } = await signIn(1);
    expect(await api.users.bookmarks()).toEqual({ bookmarks: user.bookmarks });
    expect(user.bookmarks.length).toBeGreaterThan(0);
  });

  it('adds and removes a bookmark (200), refusing duplicates and absent ones', async () => {
    const { api, token } = await signIn(3);
    const added = await raw('POST', '/users/bookmark/p04-hike', { headers: { authorization: token } });
    expect(added).toMatchObject({ status: 200, json: { bookmarks: ['p04-hike'] } });
    await expectError(api.users.bookmark('p04-hike'), 400, SERVER_ERRORS.alreadyBookmarked);
    expect((await api.users.removeBookmark('p04-hike')).bookmarks).toEqual([]);
    await expectError(api.users.removeBookmark('p04-hike'), 400, SERVER_ERRORS.notBookmarked);
  });

  it('answers 404 postNotFound for unknown posts', async () => {
    const { api } = await signIn(3);
    await expectError(api.users.bookmark('nope'), 404, SERVER_ERRORS.postNotFound);
    await expectError(api.users.removeBookmark('nope'), 404, SERVER_ERRORS.postNotFound);
  });

  it('needs a token', async () => {
    await expectError(anonymous().users.bookmark('p04-hike'), 404, SERVER_ERRORS.userNotFound);
    await expectError(anonymous().users.removeBookmark('p04-hike'), 404, SERVER_ERRORS.userNotFound);
  });
});

describe('follow and unfollow', () => {
  const find = (users: User[], id: string) => users.find((u) => u._id === id)!;

  it('follow updates both sides and answers 200 with user and allUsers', async () => {
    const { user, token } = await signIn(1);
    const target = SEED_USERS[4]!; // Rohan, not followed by user 1
    expect(summaryIds(user.following)).not.toContain(target._id);
    const res = await raw('POST', `/users/follow/${target._id}`, { headers: { authorization: token } });
    expect(res.status).toBe(200);
    const { user: me, allUsers } = res.json as { user: User; allUsers: User[] };
    expect(summaryIds(me.following)).toContain(target._id);
    expect(summaryIds(find(allUsers, target._id).followers)).toContain(user._id);
    expect(allUsers).toHaveLength(SEED_USERS.length);
    expect(JSON.stringify(res.json)).not.toContain('password');
  });

  it('refuses following twice, unfollowing a non-followed member and following yourself', async () => {
    const { api, user } = await signIn(1);
    await expectError(api.users.follow(SEED_USERS[1]!._id), 400, SERVER_ERRORS.alreadyFollowing);
    await expectError(api.users.unfollow(SEED_USERS[4]!._id), 400, SERVER_ERRORS.notFollowing);
    await expectError(api.users.follow(user._id), 400, INPUT_MESSAGES.followSelf);
    await expectError(api.users.unfollow(user._id), 400, INPUT_MESSAGES.followSelf);
  });

  it('unfollow updates both sides', async () => {
    const { api, user } = await signIn(1);
    const target = SEED_USERS[1]!;
    const { user: me, allUsers } = await api.users.unfollow(target._id);
    expect(summaryIds(me.following)).not.toContain(target._id);
    expect(summaryIds(find(allUsers, target._id).followers)).not.toContain(user._id);
  });

  it('answers 404 memberNotFound for an unknown target and 404 userNotFound without a token', async () => {
    const { api } = await signIn(1);
    await expectError(api.users.follow('nope'), 404, SERVER_ERRORS.memberNotFound);
    await expectError(api.users.unfollow('nope'), 404, SERVER_ERRORS.memberNotFound);
    await expectError(anonymous().users.follow(SEED_USERS[4]!._id), 404, SERVER_ERRORS.userNotFound);
    await expectError(anonymous().users.unfollow(SEED_USERS[1]!._id), 404, SERVER_ERRORS.userNotFound);
  });
});
