/** v2 members: lookups, counts, viewer fields, posts, activities, follow lists, follow/unfollow, suggestions, search. */
import { SERVER_ERRORS, type User } from '../../src/contract';
import { V2_ERRORS, type MemberV2 } from '../../src/contract-v2';
import { INPUT_MESSAGES } from '../../src/server';
import { anonymous, expectError, raw, signIn, withTestServer, withToken } from '../helpers';
import { allPages, ids, latestOrder, MEMBER_KEYS, v1World } from './support';

withTestServer();

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('GET /v2/members/{memberId} and /v2/members/handle/{userHandler}', () => {
  it('answers the member with stored counts, without e-mail or bookmarks', async () => {
    const { posts, users } = await v1World();
    for (const user of users) {
      const { member } = await anonymous().v2.members.byId(user._id);
      expect(Object.keys(member).sort()).toEqual([...MEMBER_KEYS].sort());
      expect(member).toMatchObject({
        _id: user._id,
        id: user.id,
        userHandler: user.userHandler,
        postCount: posts.filter((p) => p.userId === user._id).length,
        followerCount: user.followers.length,
        followingCount: user.following.length,
      });
      expect(JSON.stringify(member)).not.toContain(user.username);
      expect((await anonymous().v2.members.byHandle(user.userHandler.toUpperCase())).member).toEqual(member);
    }
  });

  it('adds viewerFollows and followsViewer with a token', async () => {
    const { api, user } = await signIn(1);
    const { users } = await v1World();
    for (const other of users) {
      const { member } = await api.v2.members.byId(other._id);
      expect(member.viewerFollows).toBe(user.following.some((u) => u._id === other._id));
      expect(member.followsViewer).toBe(other.following.some((u) => u._id === user._id));
    }
  });

  it('answers 404 memberNotFound for an unknown member', async () => {
    await expectError(anonymous().v2.members.byId('nobody'), 404, SERVER_ERRORS.memberNotFound);
    await expectError(anonymous().v2.members.byHandle('nobody'), 404, SERVER_ERRORS.memberNotFound);
    await expectError(anonymous().v2.members.posts('nobody'), 404, SERVER_ERRORS.memberNotFound);
    await expectError(anonymous().v2.members.activities('nobody'), 404, SERVER_ERRORS.memberNotFound);
    await expectError(anonymous().v2.members.followers('nobody'), 404, SERVER_ERRORS.memberNotFound);
    await expectError(anonymous().v2.members.following('nobody'), 404, SERVER_ERRORS.memberNotFound);
  });
});

describe("a member's posts and activities", () => {
  it('posts: theirs only, newest first, in pages', async () => {
    const { posts, users } = await v1World();
    for (const user of users.slice(0, 4)) {
      const { items } = await allPages(
        (cursor) => anonymous().v2.members.posts(user._id, { limit: 2, cursor }),
        (p) => p.posts,
        2,
      );
      expect(ids(items)).toEqual(ids(latestOrder(posts.filter((p) => p.userId === user._id))));
    }
  });

  it('activities: posts they wrote, liked, disliked, commented on or replied to, newest first', async () => {
    const { posts, users } = await v1World();
    for (const user of users) {
      const involved = posts.filter(
        (p) =>
          p.userId === user._id ||
          p.likes.likedBy.some((u) => u._id === user._id) ||
          p.likes.dislikedBy.some((u) => u._id === user._id) ||
          p.comments.some((c) => c.user._id === user._id || c.replies.some((r) => r.user._id === user._id)),
      );
      const { items } = await allPages(
        (cursor) => anonymous().v2.members.activities(user._id, { limit: 3, cursor }),
        (p) => p.posts,
        3,
      );
      expect(ids(items)).toEqual(ids(latestOrder(involved)));
    }
  });

  it('activities follow my reactions: a like adds the post, a dislike keeps it, a removed comment takes it out', async () => {
    const { api, user } = await signIn(1);
    const author = await signIn(2);
    const { post } = await author.api.v2.posts.create({ content: 'React to me', pic: '' });
    const mine = async () =>
      ids(
        (
          await allPages(
            (cursor) => anonymous().v2.members.activities(user._id, { limit: 50, cursor }),
            (p) => p.posts,
            50,
          )
        ).items,
      );
    expect(await mine()).not.toContain(post._id);
    await api.v2.posts.like(post._id);
    expect((await mine())[0]).toBe(post._id);
    await api.v2.posts.dislike(post._id);
    expect(await mine()).toContain(post._id);
    const other = await signIn(3);
    const { comment } = await api.v2.comments.add(post._id, 'Hi');
    await other.api.v2.comments.reply(comment._id, 'Hello');
    expect((await anonymous().v2.members.activities(other.user._id, { limit: 1 })).posts[0]!._id).toBe(post._id);
    await author.api.v2.comments.remove(comment._id);
    expect(
      ids(
        (
          await allPages(
            (cursor) => anonymous().v2.members.activities(other.user._id, { limit: 50, cursor }),
            (p) => p.posts,
            50,
          )
        ).items,
      ),
    ).not.toContain(post._id);
  });
});

describe('follow, unfollow and the follow lists', () => {
  it('follow answers 200 { me, member } with both new counts; the lists show the newest follow first', async () => {
    const { token, user } = await signIn(1);
    const { users } = await v1World();
    const me = users.find((u) => u._id === user._id)!;
    const target = users.find((u) => u._id !== me._id && !me.following.some((f) => f._id === u._id))!;
    const res = await raw('POST', `/v2/members/follow/${target._id}`, { headers: { authorization: token } });
    expect(res.status).toBe(200);
    const answer = res.json as { me: MemberV2 & { username: string }; member: MemberV2 };
    expect(Object.keys(answer).sort()).toEqual(['me', 'member']);
    expect(answer.me).toMatchObject({ _id: me._id, username: me.username, followingCount: me.following.length + 1 });
    expect(answer.member).toMatchObject({ _id: target._id, followerCount: target.followers.length + 1, viewerFollows: true });
    const api = withToken(token).v2;
    expect((await api.members.following(me._id, { limit: 1 })).members[0]!._id).toBe(target._id);
    expect((await api.members.followers(target._id, { limit: 1 })).members[0]!._id).toBe(me._id);
    // Every follow, paged, equals the spec's lists.
    const following = await allPages(
      (cursor) => api.members.following(me._id, { limit: 1, cursor }),
      (p) => p.members,
      1,
    );
    expect(ids(following.items).sort()).toEqual([...ids(me.following), target._id].sort());
    const followers = await allPages(
      (cursor) => api.members.followers(target._id, { limit: 2, cursor }),
      (p) => p.members,
      2,
    );
    expect(ids(followers.items).sort()).toEqual([...ids(target.followers), me._id].sort());
    for (const member of following.items)
      expect(Object.keys(member).sort()).toEqual([...MEMBER_KEYS, 'viewerFollows', 'followsViewer'].sort());

    const undone = await api.members.unfollow(target._id);
    expect(undone.me.followingCount).toBe(me.following.length);
    expect(undone.member).toMatchObject({ followerCount: target.followers.length, viewerFollows: false });
  });

  it('refuses a second follow, an unfollow of someone not followed, myself, and unknown members', async () => {
    const { api, user } = await signIn(2);
    const { users } = await v1World();
    const me = users.find((u) => u._id === user._id)!;
    const followed = me.following[0]!;
    const notFollowed = users.find((u) => u._id !== me._id && !me.following.some((f) => f._id === u._id))!;
    await expectError(api.v2.members.follow(followed._id), 400, SERVER_ERRORS.alreadyFollowing);
    await expectError(api.v2.members.unfollow(notFollowed._id), 400, SERVER_ERRORS.notFollowing);
    await expectError(api.v2.members.follow(me._id), 400, INPUT_MESSAGES.followSelf);
    await expectError(api.v2.members.unfollow(me._id), 400, INPUT_MESSAGES.followSelf);
    await expectError(api.v2.members.follow('nobody'), 404, SERVER_ERRORS.memberNotFound);
    await expectError(anonymous().v2.members.follow(notFollowed._id), 404, SERVER_ERRORS.userNotFound);
  });
});

describe('GET /v2/members/suggested', () => {
  const newestFirst = (users: User[]) =>
    [...users].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || byText(b._id, a._id));

  it('every member other than me whom I do not follow, newest member first; a follow takes one out', async () => {
    const { api, user } = await signIn(1);
    const { users } = await v1World();
    const me = users.find((u) => u._id === user._id)!;
    const expected = newestFirst(users.filter((u) => u._id !== me._id && !me.following.some((f) => f._id === u._id)));
    const { items } = await allPages(
      (cursor) => api.v2.members.suggested({ limit: 1, cursor }),
      (p) => p.members,
      1,
    );
    expect(ids(items)).toEqual(ids(expected));
    if (expected[0]) {
      await api.v2.members.follow(expected[0]._id);
      expect(ids((await api.v2.members.suggested()).members)).toEqual(ids(expected.slice(1)));
    }
  });

  it('needs a member (404 userNotFound)', async () => {
    await expectError(anonymous().v2.members.suggested(), 404, SERVER_ERRORS.userNotFound);
  });
});

describe('GET /v2/members/search', () => {
  const matches = (users: User[], q: string) => {
    const needle = q.toLowerCase();
    return users
      .filter((u) => [u.firstName, u.lastName, u.userHandler].some((field) => field.toLowerCase().includes(needle)))
      .sort((a, b) => byText(a.userHandler, b.userHandler));
  };

  it('matches a case-insensitive part of the first name, last name or handle, ordered by handle', async () => {
    const { users } = await v1World();
    const sample = users[3]!;
    for (const q of [sample.firstName.slice(1, 4).toUpperCase(), sample.lastName.slice(0, 3).toLowerCase(), sample.userHandler, 'a', 'e']) {
      const { items } = await allPages(
        (cursor) => anonymous().v2.members.search(q, { limit: 2, cursor }),
        (p) => p.members,
        2,
      );
      expect(ids(items)).toEqual(ids(matches(users, q)));
    }
    expect(await anonymous().v2.members.search('zzzz-no-such-member')).toEqual({ members: [], nextCursor: null });
  });

  it('a first and last name together, in either order, find the member; each field keeps its substring rule', async () => {
    const { users } = await v1World();
    const sample = users[3]!;
    const [first, last] = [sample.firstName, sample.lastName];
    // The spec's rule on each field, or a part of "first last" or "last first" (spaces as one).
    const fullNameMatches = (q: string) => {
      const needle = q.trim().toLowerCase();
      const spaced = needle.replace(/\s+/g, ' ');
      return users
        .filter((u) => {
          const [f, l] = [u.firstName.toLowerCase(), u.lastName.toLowerCase()];
          return (
            [f, l, u.userHandler.toLowerCase()].some((field) => field.includes(needle)) ||
            `${f} ${l}`.includes(spaced) ||
            `${l} ${f}`.includes(spaced)
          );
        })
        .sort((a, b) => byText(a.userHandler, b.userHandler));
    };
    for (const q of [
      `${first} ${last}`,
      `${last} ${first}`,
      `  ${first.toUpperCase()}   ${last.toLowerCase()} `,
      `${first.slice(1)} ${last.slice(0, 2)}`,
    ]) {
      const { items } = await allPages(
        (cursor) => anonymous().v2.members.search(q, { limit: 1, cursor }),
        (p) => p.members,
        1,
      );
      expect(ids(items)).toContain(sample._id);
      expect(ids(items)).toEqual(ids(fullNameMatches(q)));
    }
    // A first name with another member's last name is nobody's full name.
    const other = users.find(
      (u) => u.lastName.toLowerCase() !== last.toLowerCase() && !`${first} ${u.lastName}`.toLowerCase().includes(last.toLowerCase()),
    )!;
    const mixed = `${first} ${other.lastName}`;
    expect(ids((await anonymous().v2.members.search(mixed)).members)).toEqual(ids(fullNameMatches(mixed)));
    expect(ids((await anonymous().v2.members.search(mixed)).members)).not.toContain(sample._id);
    // After '@', the handle only: a full name is not a handle.
    expect((await anonymous().v2.members.search(`@${first} ${last}`)).members).toEqual([]);
  });

  it("a leading '@' matches the handle only", async () => {
    const { users } = await v1World();
    const sample = users[0]!;
    const { members } = await anonymous().v2.members.search(`@${sample.userHandler.toUpperCase()}`);
    expect(ids(members)).toEqual(
      ids(
        users
          .filter((u) => u.userHandler.toLowerCase().includes(sample.userHandler.toLowerCase()))
          .sort((a, b) => byText(a.userHandler, b.userHandler)),
      ),
    );
    // A first name that is in no handle finds nobody after '@'.
    const { encodedToken } = await anonymous().v2.auth.signup({
      username: 'qx@x.dev',
      password: 'secret123',
      firstName: 'Zyxwv',
      lastName: 'Member',
    });
    expect(ids((await anonymous().v2.members.search('zyxwv')).members)).toHaveLength(1);
    expect((await withToken(encodedToken).v2.members.search('@zyxwv')).members).toEqual([]);
  });

  it("an empty query, or '@' alone, answers 400 emptySearch", async () => {
    for (const q of ['', '   ', '@']) {
      const res = await raw('GET', `/v2/members/search?q=${encodeURIComponent(q)}`);
      expect(res).toMatchObject({ status: 400, json: { errors: [V2_ERRORS.emptySearch] } });
    }
    expect(await raw('GET', '/v2/members/search')).toMatchObject({ status: 400, json: { errors: [V2_ERRORS.emptySearch] } });
  });

  it('a query given twice answers 400 emptySearch: one text is searched, not the last of several', async () => {
    expect(await raw('GET', '/v2/members/search?q=sara&q=ahmed')).toMatchObject({ status: 400, json: { errors: [V2_ERRORS.emptySearch] } });
  });

  it('answers public members; with a token they carry viewerFollows', async () => {
    const { members } = await anonymous().v2.members.search('a');
    for (const member of members) expect(Object.keys(member).sort()).toEqual([...MEMBER_KEYS].sort());
    const { api } = await signIn(1);
    for (const member of (await api.v2.members.search('a')).members) expect(typeof member.viewerFollows).toBe('boolean');
  });
});
