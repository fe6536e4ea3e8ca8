/** v2 account calls: change password, download my data, delete account (docs/account.md), on both backends. */
import { CLIENT_MESSAGES, SERVER_ERRORS, TEST_CREDENTIALS, type Post } from '../../src/contract';
import type { AccountExportV2 } from '../../src/contract-v2';
import { INPUT_MESSAGES, POST_IMAGES } from '../../src/server';
import { anonymous, expectError, raw, signIn, withTestServer, withToken } from '../helpers';
import { v1World } from './support';

withTestServer();
// activeMember() makes about 25 calls (scrypt hashing included on api-server): more than the default 5 s on a loaded machine.
jest.setTimeout(30_000);

const USER_1 = TEST_CREDENTIALS[0]!;

describe('POST /v2/me/password', () => {
  it('changes the password: the new one logs in, the old one does not, and every earlier session ends', async () => {
    const { token, user } = await signIn(1);
    const { token: otherDevice } = await signIn(1);
    const res = await raw('POST', '/v2/me/password', {
      headers: { authorization: token },
      body: JSON.stringify({ currentPassword: USER_1.password, newPassword: 'fresh-pass9' }),
    });
    expect(res.status).toBe(200);
    const { encodedToken } = res.json as { encodedToken: string };
    expect(Object.keys(res.json as object)).toEqual(['encodedToken']);
    // The caller goes on with the new token; every token issued before the change is refused.
    expect((await withToken(encodedToken).v2.me.get()).me._id).toBe(user._id);
    await expectError(withToken(token).v2.me.get(), 401, SERVER_ERRORS.badToken);
    await expectError(withToken(otherDevice).v2.posts.like('p11-chess'), 401, SERVER_ERRORS.badToken);
    await expectError(anonymous().v2.auth.login(USER_1), 401, SERVER_ERRORS.badCredentials);
    const again = await anonymous().v2.auth.login({ username: USER_1.username, password: 'fresh-pass9' });
    expect(again.me._id).toBe(user._id);
    expect((await withToken(again.encodedToken).v2.me.get()).me._id).toBe(user._id);
  });

  it.each([
    ['too short', 'abc1234'],
    ['too long', 'abcdefghij0123456789x'],
    ['without a digit', 'no-digits-here'],
  ])('refuses a new password %s with the spec’s message, changing nothing', async (_, newPassword) => {
    const { api, token } = await signIn(1);
    await expectError(api.v2.me.changePassword({ currentPassword: USER_1.password, newPassword }), 400, CLIENT_MESSAGES.passwordRule);
    expect((await withToken(token).v2.me.get()).me.username).toBe(USER_1.username);
    await anonymous().v2.auth.login(USER_1);
  });

  it('refuses a new password equal to the current one (400), changing nothing and ending no session', async () => {
    const { api, token } = await signIn(1);
    await expectError(
      api.v2.me.changePassword({ currentPassword: USER_1.password, newPassword: USER_1.password }),
      400,
      SERVER_ERRORS.samePassword,
    );
    expect((await withToken(token).v2.me.get()).me.username).toBe(USER_1.username);
    await anonymous().v2.auth.login(USER_1);
  });

  it('refuses a wrong current password (403), changing nothing and ending no session', async () => {
    const { api, token } = await signIn(1);
    await expectError(
      api.v2.me.changePassword({ currentPassword: 'not-it-123', newPassword: 'fresh-pass9' }),
      403,
      SERVER_ERRORS.wrongCurrentPassword,
    );
    await expectError(
      api.v2.me.changePassword({ currentPassword: '', newPassword: 'fresh-pass9' }),
      403,
      SERVER_ERRORS.wrongCurrentPassword,
    );
    expect((await withToken(token).v2.me.get()).me.username).toBe(USER_1.username);
    await anonymous().v2.auth.login(USER_1);
    await expectError(anonymous().v2.auth.login({ username: USER_1.username, password: 'fresh-pass9' }), 401, SERVER_ERRORS.badCredentials);
  });

  it('needs a token and both fields as text', async () => {
    await expectError(
      anonymous().v2.me.changePassword({ currentPassword: USER_1.password, newPassword: 'fresh-pass9' }),
      404,
      SERVER_ERRORS.userNotFound,
    );
    const { token } = await signIn(1);
    const res = await raw('POST', '/v2/me/password', {
      headers: { authorization: token },
      body: JSON.stringify({ newPassword: 'fresh-pass9' }),
    });
    expect({ status: res.status, json: res.json }).toEqual({
      status: 400,
      json: { errors: [INPUT_MESSAGES.notString('currentPassword')] },
    });
  });
});

/** A new member who wrote, reacted, commented, replied, upvoted, bookmarked and followed, and who is followed and bookmarked. */
async function activeMember() {
  const one = await signIn(1);
  const two = await signIn(2);
  const password = 'zed-pass-42';
  const signup = await anonymous().v2.auth.signup({ username: 'zed@x.dev', password, firstName: 'Zed', lastName: 'Quill' });
  const zed = { api: withToken(signup.encodedToken), me: signup.me, token: signup.encodedToken, password };
  const { post: onesPost } = await one.api.v2.posts.create({ content: 'One’s post', pic: '' });
  const { post: twosPost } = await two.api.v2.posts.create({ content: 'Two’s post', pic: '' });
  const { comment: onesComment } = await one.api.v2.comments.add(twosPost._id, 'One’s comment');
  const { post: zedsPost } = await zed.api.v2.posts.create({ content: 'Zed’s own post', pic: POST_IMAGES.mountains, picAlt: 'Hills' });
  const { post: zedsSecond } = await zed.api.v2.posts.create({ content: 'Zed again', pic: '' });
  const before = {
    onesPost: (await anonymous().v2.posts.byId(onesPost._id)).post,
    twosPost: (await anonymous().v2.posts.byId(twosPost._id)).post,
    one: (await one.api.v2.me.get()).me,
    two: (await two.api.v2.me.get()).me,
    onesComment: (await anonymous().v2.comments.ofPost(twosPost._id)).comments.find((c) => c._id === onesComment._id)!,
  };
  // Zed's doings on other members' things.
  await zed.api.v2.posts.like(onesPost._id);
  await zed.api.v2.posts.dislike(twosPost._id);
  const { comment: zedsComment } = await zed.api.v2.comments.add(onesPost._id, 'Zed was here');
  await zed.api.v2.comments.reply(onesComment._id, 'Zed replies');
  await zed.api.v2.comments.upvote(onesComment._id);
  await zed.api.v2.posts.bookmark(onesPost._id);
  await zed.api.v2.members.follow(one.user._id);
  // Other members' doings on Zed's things.
  await two.api.v2.members.follow(zed.me._id);
  await one.api.v2.posts.bookmark(zedsPost._id);
  await one.api.v2.posts.like(zedsPost._id);
  const { comment: onOwnPost } = await two.api.v2.comments.add(zedsPost._id, 'Two comments on Zed’s post');
  // One replies under Zed's comment: the reply goes with the comment.
  await one.api.v2.comments.reply(zedsComment._id, 'One answers Zed');
  return { one, two, zed, onesPost, twosPost, onesComment, zedsPost, zedsSecond, zedsComment, onOwnPost, before };
}

describe('GET /v2/me/export', () => {
  it('answers the member’s profile, posts, comments, replies, likes, bookmarks and follows, and nothing secret', async () => {
    const w = await activeMember();
    const { me } = await w.zed.api.v2.me.get();
    const res = await raw('GET', '/v2/me/export', { headers: { authorization: w.zed.token } });
    expect(res.status).toBe(200);
    const data = res.json as AccountExportV2;
    expect(Object.keys(data).sort()).toEqual(
      [
        'blocks',
        'bookmarks',
        'comments',
        'dislikes',
        'exportedAt',
        'follows',
        'followedTags',
        'format',
        'likes',
        'mutes',
        'postHistory',
        'posts',
        'profile',
        'replies',
        'reposts',
        'upvotes',
        'version',
      ].sort(),
    );
    expect(data).toMatchObject({ format: 'orbit-account-export', version: 1, blocks: [], mutes: [], followedTags: [] });
    expect(data.profile).toEqual({
      _id: me._id,
      id: me.id,
      username: 'zed@x.dev',
      firstName: 'Zed',
      lastName: 'Quill',
      userHandler: me.userHandler,
      pic: me.pic,
      bio: '',
      link: '',
      createdAt: me.createdAt,
      updatedAt: me.updatedAt,
    });
    // Oldest first; two posts of the same second by id.
    const oldestFirst = [w.zedsPost, w.zedsSecond].sort(
      (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a._id < b._id ? -1 : 1),
    );
    expect(data.posts.map((p) => p._id)).toEqual(oldestFirst.map((p) => p._id));
    expect(data.posts.find((p) => p._id === w.zedsPost._id)).toMatchObject({
      content: 'Zed’s own post',
      picAlt: 'Hills',
      pic: POST_IMAGES.mountains,
    });
    expect(data.posts.find((p) => p._id === w.zedsSecond._id)).toMatchObject({ content: 'Zed again', picAlt: '', pic: '' });
    expect(data.comments).toEqual([expect.objectContaining({ _id: w.zedsComment._id, postId: w.onesPost._id, content: 'Zed was here' })]);
    expect(data.replies).toEqual([
      expect.objectContaining({ commentId: w.onesComment._id, postId: w.twosPost._id, content: 'Zed replies' }),
    ]);
    expect(data.likes).toEqual([{ postId: w.onesPost._id }]);
    expect(data.dislikes).toEqual([{ postId: w.twosPost._id }]);
    expect(data.upvotes).toEqual([{ commentId: w.onesComment._id, postId: w.twosPost._id }]);
    expect(data.bookmarks).toEqual([{ postId: w.onesPost._id }]);
    expect(data.follows).toEqual({
      following: [{ memberId: w.one.user._id, userHandler: w.one.user.userHandler }],
      followers: [{ memberId: w.two.user._id, userHandler: w.two.user.userHandler }],
    });
    // Never a password or a hash, under any name.
    expect(res.text).not.toContain(w.zed.password);
    expect(res.text).not.toMatch(/password|scrypt|hash/i);
    // Other members' things are not in it: One's reply under Zed's comment, Two's comment on Zed's post.
    expect(res.text).not.toContain('One answers Zed');
    expect(res.text).not.toContain(w.onOwnPost._id);
  });

  it('holds the posts the member reposted, oldest repost first, and not an undone repost', async () => {
    const author = await signIn(1);
    const rita = await anonymous().v2.auth.signup({
      username: 'rita@x.dev',
      password: 'rita-pass-42',
      firstName: 'Rita',
      lastName: 'Rowe',
    });
    const api = withToken(rita.encodedToken);
    const { post: first } = await author.api.v2.posts.create({ content: 'First to share', pic: '' });
    const { post: second } = await author.api.v2.posts.create({ content: 'Second to share', pic: '' });
    const { post: undone } = await author.api.v2.posts.create({ content: 'Shared and taken back', pic: '' });
    await api.v2.posts.repost(second._id);
    await api.v2.posts.repost(undone._id);
    await api.v2.posts.repost(first._id);
    await api.v2.posts.undoRepost(undone._id);
    const { reposts } = await api.v2.me.exportData();
    // Reposts within one second share a time: then by post id.
    const expected = [
      { postId: second._id, at: Date.parse(reposts.find((r) => r.postId === second._id)?.repostedAt ?? '') },
      { postId: first._id, at: Date.parse(reposts.find((r) => r.postId === first._id)?.repostedAt ?? '') },
    ].sort((a, b) => a.at - b.at || (a.postId < b.postId ? -1 : 1));
    expect(reposts.map((r) => r.postId)).toEqual(expected.map((r) => r.postId));
    for (const r of expected) expect(Number.isNaN(r.at)).toBe(false);
    // Another member's export does not hold them.
    expect((await author.api.v2.me.exportData()).reposts.map((r) => r.postId)).not.toContain(first._id);
  });

  it('holds the tags the member follows, oldest follow first', async () => {
    const { api } = await signIn(3);
    await api.v2.tags.follow('Moss');
    await api.v2.tags.follow('ferns');
    const { followedTags } = await api.v2.me.exportData();
    // Follows within one second share a time: then by name.
    expect(followedTags.map((f) => f.tag).sort()).toEqual(['ferns', 'moss']);
    for (const f of followedTags) expect(Number.isNaN(Date.parse(f.followedAt))).toBe(false);
  });

  it('needs a token', async () => {
    await expectError(anonymous().v2.me.exportData(), 404, SERVER_ERRORS.userNotFound);
  });
});

describe('POST /v2/me/delete', () => {
  it('refuses a wrong password (403), deleting nothing', async () => {
    const w = await activeMember();
    await expectError(w.zed.api.v2.me.deleteAccount('wrong-pass-1'), 403, SERVER_ERRORS.wrongDeletePassword);
    await expectError(w.zed.api.v2.me.deleteAccount(''), 403, SERVER_ERRORS.wrongDeletePassword);
    expect((await w.zed.api.v2.me.get()).me).toMatchObject({ _id: w.zed.me._id, postCount: 2, followerCount: 1, followingCount: 1 });
    expect((await anonymous().v2.posts.byId(w.onesPost._id)).post.likeCount).toBe(w.before.onesPost.likeCount + 1);
  });

  it('deletes the member and everything that is theirs, corrects every count, and ends every session', async () => {
    const w = await activeMember();
    const { encodedToken: otherDevice } = await anonymous().v2.auth.login({ username: 'zed@x.dev', password: w.zed.password });
    const res = await raw('POST', '/v2/me/delete', {
      headers: { authorization: w.zed.token },
      body: JSON.stringify({ password: w.zed.password }),
    });
    expect({ status: res.status, json: res.json }).toEqual({ status: 200, json: {} });

    // Sessions end and logging in fails as for anyone unknown.
    for (const token of [w.zed.token, otherDevice]) await expectError(withToken(token).v2.me.get(), 404, SERVER_ERRORS.userNotFound);
    await expectError(anonymous().v2.auth.login({ username: 'zed@x.dev', password: w.zed.password }), 404, SERVER_ERRORS.userNotFound);
    await expectError(anonymous().v2.members.byId(w.zed.me._id), 404, SERVER_ERRORS.memberNotFound);
    await expectError(anonymous().v2.members.byHandle(w.zed.me.userHandler), 404, SERVER_ERRORS.memberNotFound);
    expect((await anonymous().v2.members.search('Quill')).members).toEqual([]);
    for (const post of [w.zedsPost, w.zedsSecond]) await expectError(anonymous().v2.posts.byId(post._id), 404, SERVER_ERRORS.postNotFound);
    await expectError(anonymous().v2.comments.ofPost(w.zedsPost._id), 404, SERVER_ERRORS.postNotFound);

    // Counts on other members' posts, comments and profiles are back to what they were before Zed.
    expect((await anonymous().v2.posts.byId(w.onesPost._id)).post).toMatchObject({
      likeCount: w.before.onesPost.likeCount,
      dislikeCount: w.before.onesPost.dislikeCount,
      commentCount: w.before.onesPost.commentCount,
    });
    expect((await anonymous().v2.posts.byId(w.twosPost._id)).post).toMatchObject({
      likeCount: w.before.twosPost.likeCount,
      dislikeCount: w.before.twosPost.dislikeCount,
      commentCount: w.before.twosPost.commentCount,
    });
    const { comments } = await anonymous().v2.comments.ofPost(w.twosPost._id);
    const onesComment = comments.find((c) => c._id === w.onesComment._id)!;
    expect(onesComment.upvoteCount).toBe(w.before.onesComment.upvoteCount);
    expect(onesComment.replies).toEqual(w.before.onesComment.replies);
    expect((await anonymous().v2.comments.ofPost(w.onesPost._id)).comments).toEqual([]);
    const one = (await w.one.api.v2.me.get()).me;
    const two = (await w.two.api.v2.me.get()).me;
    expect(one).toMatchObject({ followerCount: w.before.one.followerCount, bookmarkCount: w.before.one.bookmarkCount });
    expect(two).toMatchObject({ followingCount: w.before.two.followingCount });
    expect((await w.one.api.v2.me.bookmarks()).posts.map((p) => p._id)).not.toContain(w.zedsPost._id);

    // No answer of the spec's API names them: no post, comment, reply, reaction, upvote or follow.
    const { posts, users } = await v1World();
    const text = JSON.stringify({ posts, users });
    expect(text).not.toContain(w.zed.me._id);
    expect(text).not.toContain('Zed');
    expect(posts.find((p: Post) => p._id === w.onesPost._id)!.likes.likeCount).toBe(w.before.onesPost.likeCount);

    // The e-mail is free again; the handle is not (links to it in old text stay Zed's).
    const back = await anonymous().v2.auth.signup({ username: 'zed@x.dev', password: 'zed-again-1', firstName: 'Zed', lastName: 'Again' });
    expect(back.me).toMatchObject({ postCount: 0, followerCount: 0, followingCount: 0, bookmarkCount: 0 });
    expect(back.me.userHandler).not.toBe(w.zed.me.userHandler);
    await expectError(anonymous().v2.members.byHandle(w.zed.me.userHandler), 404, SERVER_ERRORS.memberNotFound);
  });

  it("a deleted moderator's handle goes to nobody: who signs up as that handle's e-mail does not moderate", async () => {
    const sara = await signIn(4);
    expect(await sara.api.v2.me.roles()).toEqual({ moderator: true });
    await sara.api.v2.me.deleteAccount(TEST_CREDENTIALS[3]!.password);
    // An e-mail whose local part is her handle: the handle a signup would get if it were free.
    const username = `${sara.user.userHandler}@elsewhere.example`;
    const newcomer = await anonymous().v2.auth.signup({ username, password: 'not-sara-1', firstName: 'Not', lastName: 'Sara' });
    expect(newcomer.me.userHandler).not.toBe(sara.user.userHandler);
    const session = withToken(newcomer.encodedToken);
    expect(await session.v2.me.roles()).toEqual({ moderator: false });
    await expectError(session.v2.moderation.reports(), 403, SERVER_ERRORS.notModerator);
  });

  it('needs a token and the password as text', async () => {
    await expectError(anonymous().v2.me.deleteAccount('whatever1'), 404, SERVER_ERRORS.userNotFound);
    const { token } = await signIn(4);
    const res = await raw('POST', '/v2/me/delete', { headers: { authorization: token }, body: '{}' });
    expect({ status: res.status, json: res.json }).toEqual({ status: 400, json: { errors: [INPUT_MESSAGES.notString('password')] } });
  });
});
