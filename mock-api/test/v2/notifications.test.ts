/**
 * v2 notifications and mentions (docs/notifications.md): GET /v2/notifications, GET
 * /v2/notifications/unread-count, POST /v2/notifications/read, and the writes that notify (likes,
 * comments, replies, mentions, follows, upvotes; v1's calls too). Runs on both backends.
 */
import { SERVER_ERRORS } from '../../src/contract';
import { V2_ERRORS, type NotificationV2 } from '../../src/contract-v2';
import { anonymous, expectError, raw, signIn, withTestServer, withToken, type Session } from '../helpers';
import { allPages, base64url } from './support';

withTestServer();

const list = async (s: Session, limit = 50): Promise<NotificationV2[]> =>
  (
    await allPages(
      (cursor) => s.api.v2.notifications.list({ limit, cursor }),
      (p) => p.notifications,
      limit,
    )
  ).items;
const unread = async (s: Session) => (await s.api.v2.notifications.unreadCount()).count;
const summary = (n: NotificationV2) => ({ kind: n.kind, actor: n.actor._id, actorCount: n.actorCount, read: n.read });

/** Four members, none following another, so follows notify from a clean start. */
async function members(): Promise<[Session, Session, Session, Session]> {
  const all = [await signIn(1), await signIn(2), await signIn(3), await signIn(4)] as const;
  for (const s of all)
    for (const other of all)
      if (s !== other && s.user.following.some((f) => f._id === other.user._id)) await s.api.v2.members.unfollow(other.user._id);
  return [...all];
}

describe('notifications of likes, comments, replies, follows and upvotes', () => {
  it('groups the likes of one post, newest member first, and counts it once as unread', async () => {
    const [ada, meera, kabir, sara] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'Sunrise over the bay this morning', pic: '' });
    await meera.api.v2.posts.like(post._id);
    await kabir.api.v2.posts.like(post._id);
    await sara.api.v2.posts.like(post._id);
    const [only, ...rest] = await list(ada);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ kind: 'like', actorCount: 3, postId: post._id, commentId: null, read: false });
    expect(only!.actor).toMatchObject({ _id: sara.user._id, firstName: sara.user.firstName, userHandler: sara.user.userHandler });
    expect(only!.excerpt).toBe('Sunrise over the bay this morning');
    expect(await unread(ada)).toBe(1);
  });

  it('likes of one post at the same time make one group of them all, unread once, new or read before', async () => {
    const [ada, meera, kabir, sara] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'Liked all at once', pic: '' });
    await Promise.all([meera, kabir, sara].map((s) => s.api.v2.posts.like(post._id)));
    expect((await list(ada)).map((n) => ({ kind: n.kind, actorCount: n.actorCount, read: n.read }))).toEqual([
      { kind: 'like', actorCount: 3, read: false },
    ]);
    expect(await unread(ada)).toBe(1);
    // The group, read, stays with Sara in it; Meera and Kabir come back at the same time.
    await ada.api.v2.notifications.markRead();
    await Promise.all([meera, kabir].map((s) => s.api.v2.posts.dislike(post._id)));
    expect((await list(ada)).map((n) => ({ actorCount: n.actorCount, read: n.read }))).toEqual([{ actorCount: 1, read: true }]);
    await Promise.all([meera, kabir].map((s) => s.api.v2.posts.like(post._id)));
    expect((await list(ada)).map((n) => ({ actorCount: n.actorCount, read: n.read }))).toEqual([{ actorCount: 3, read: false }]);
    expect(await unread(ada)).toBe(1);
  });

  it('notifies a comment, a reply, an upvote and a follow, newest first; a group moves up when it changes', async () => {
    const [ada, meera, kabir] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'Which trail next weekend?', pic: '' });
    await meera.api.v2.posts.like(post._id);
    const { comment } = await kabir.api.v2.comments.add(post._id, 'The ridge trail, surely');
    const { comment: adaComment } = await ada.api.v2.comments.add(post._id, 'Ridge it is');
    await meera.api.v2.comments.reply(adaComment._id, 'Count me in');
    await kabir.api.v2.comments.upvote(adaComment._id);
    await meera.api.v2.members.follow(ada.user._id);
    expect((await list(ada)).map(summary)).toEqual([
      { kind: 'follow', actor: meera.user._id, actorCount: 1, read: false },
      { kind: 'upvote', actor: kabir.user._id, actorCount: 1, read: false },
      { kind: 'reply', actor: meera.user._id, actorCount: 1, read: false },
      { kind: 'comment', actor: kabir.user._id, actorCount: 1, read: false },
      { kind: 'like', actor: meera.user._id, actorCount: 1, read: false },
    ]);
    const byKind = Object.fromEntries((await list(ada)).map((n) => [n.kind, n]));
    expect(byKind.comment).toMatchObject({ postId: post._id, commentId: comment._id, excerpt: 'The ridge trail, surely' });
    expect(byKind.reply).toMatchObject({ postId: post._id, commentId: adaComment._id, excerpt: 'Count me in' });
    expect(byKind.upvote).toMatchObject({ commentId: adaComment._id, excerpt: 'Ridge it is' });
    expect(byKind.follow).toMatchObject({ postId: null, commentId: null, excerpt: '' });
    expect(await unread(ada)).toBe(5);
    // Kabir's like joins the like group: it moves to the top, and the count stays.
    await kabir.api.v2.posts.like(post._id);
    const [top] = await list(ada);
    expect(summary(top!)).toEqual({ kind: 'like', actor: kabir.user._id, actorCount: 2, read: false });
    expect(await unread(ada)).toBe(5);
  });

  it('notifies nobody of their own actions or of a dislike; a like turned dislike leaves its group', async () => {
    const [ada, meera, kabir] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'My own post', pic: '' });
    await ada.api.v2.posts.like(post._id);
    const { comment } = await ada.api.v2.comments.add(post._id, 'My own comment');
    await ada.api.v2.comments.reply(comment._id, 'My own reply');
    await ada.api.v2.comments.upvote(comment._id);
    await kabir.api.v2.posts.dislike(post._id);
    expect(await list(ada)).toEqual([]);
    expect(await unread(ada)).toBe(0);

    await meera.api.v2.posts.like(post._id);
    await kabir.api.v2.posts.like(post._id);
    await kabir.api.v2.posts.dislike(post._id);
    expect((await list(ada)).map(summary)).toEqual([{ kind: 'like', actor: meera.user._id, actorCount: 1, read: false }]);
    // The last member leaving takes the notification and its unread mark.
    await meera.api.v2.posts.dislike(post._id);
    expect(await list(ada)).toEqual([]);
    expect(await unread(ada)).toBe(0);
  });

  it('an upvote taken back and an unfollow leave their groups', async () => {
    const [ada, meera] = await members();
    const { post } = await meera.api.v2.posts.create({ content: 'Post', pic: '' });
    const { comment } = await ada.api.v2.comments.add(post._id, 'A comment by Ada');
    await meera.api.v2.comments.upvote(comment._id);
    await meera.api.v2.members.follow(ada.user._id);
    expect((await list(ada)).map((n) => n.kind)).toEqual(['follow', 'upvote']);
    await meera.api.v2.comments.upvote(comment._id);
    await meera.api.v2.members.unfollow(ada.user._id);
    expect(await list(ada)).toEqual([]);
    expect(await unread(ada)).toBe(0);
  });

  it("v1's calls notify like v2's, a reply added by a v1 comment edit too", async () => {
    const [ada, meera, kabir] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'Through the spec API', pic: '' });
    await meera.api.posts.like(post._id);
    await meera.api.comments.add(post._id, { content: 'A v1 comment' });
    await meera.api.users.follow(ada.user._id);
    expect((await list(ada)).map((n) => n.kind)).toEqual(['follow', 'comment', 'like']);
    const { comment } = await ada.api.v2.comments.add(post._id, 'Ada comments');
    const reply = { _id: 'v1-reply-1', user: kabir.user, content: `Replying, @${meera.user.userHandler}`, createdAt: comment.createdAt };
    await kabir.api.comments.edit(post._id, comment._id, { content: comment.content, replies: [reply] });
    expect((await list(ada)).map((n) => [n.kind, n.actor._id])[0]).toEqual(['reply', kabir.user._id]);
    expect((await list(meera)).map((n) => [n.kind, n.actor._id, n.commentId])).toEqual([['mention', kabir.user._id, comment._id]]);
  });
});

describe('when the cause goes', () => {
  it("deleting a post removes its notifications (its comments' too); deleting a comment or reply removes theirs", async () => {
    const [ada, meera, kabir] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'Soon gone', pic: '' });
    const { post: kept } = await ada.api.v2.posts.create({ content: 'Stays', pic: '' });
    await meera.api.v2.posts.like(post._id);
    const { comment } = await kabir.api.v2.comments.add(post._id, 'A comment');
    const { comment: adaComment } = await ada.api.v2.comments.add(kept._id, 'Mine');
    await meera.api.v2.comments.reply(adaComment._id, 'A reply');
    const { comment: onKept } = await kabir.api.v2.comments.add(kept._id, 'On the kept post');
    expect(await unread(ada)).toBe(4);
    await ada.api.v2.posts.remove(post._id);
    expect((await list(ada)).map((n) => n.kind)).toEqual(['comment', 'reply']);
    expect(await unread(ada)).toBe(2);
    await kabir.api.v2.comments.remove(onKept._id);
    const replyId = (await ada.api.v2.comments.ofPost(kept._id)).comments[0]!.replies[0]!._id;
    await meera.api.v2.comments.removeReply(adaComment._id, replyId);
    expect(await list(ada)).toEqual([]);
    expect(await unread(ada)).toBe(0);
    expect(comment._id).toBeTruthy();
  });
});

describe('an account deleted', () => {
  it('takes its member out of every notification; one nobody is left in goes, and the count follows', async () => {
    const [ada, meera] = await members();
    const password = 'zed-secret-1';
    const zed = await anonymous().v2.auth.signup({ username: 'zed@x.dev', password, firstName: 'Zed', lastName: 'Quill' });
    const zedApi = withToken(zed.encodedToken);
    const { post } = await ada.api.v2.posts.create({ content: 'Liked by two', pic: '' });
    await meera.api.v2.posts.like(post._id);
    await zedApi.v2.posts.like(post._id);
    await zedApi.v2.comments.add(post._id, 'Zed was here');
    await zedApi.v2.members.follow(ada.user._id);
    expect(await unread(ada)).toBe(3);
    await zedApi.v2.me.deleteAccount(password);
    expect((await list(ada)).map(summary)).toEqual([{ kind: 'like', actor: meera.user._id, actorCount: 1, read: false }]);
    expect(await unread(ada)).toBe(1);
  });

  it('takes the notifications about its posts and comments, by other members, and the count follows', async () => {
    const [ada, meera] = await members();
    const password = 'zed-secret-1';
    const zed = await anonymous().v2.auth.signup({ username: 'zed@x.dev', password, firstName: 'Zed', lastName: 'Quill' });
    const zedApi = withToken(zed.encodedToken);
    const { post } = await zedApi.v2.posts.create({ content: 'A post by Zed', pic: '' });
    const { comment } = await ada.api.v2.comments.add(post._id, 'Ada answers Zed');
    await meera.api.v2.comments.reply(comment._id, 'Meera answers Ada');
    await meera.api.v2.comments.upvote(comment._id);
    await meera.api.v2.comments.add(post._id, `Over to you, @${ada.user.userHandler}`);
    expect((await list(ada)).map((n) => n.kind)).toEqual(['mention', 'upvote', 'reply']);
    expect(await unread(ada)).toBe(3);
    await zedApi.v2.me.deleteAccount(password);
    expect(await list(ada)).toEqual([]);
    expect(await unread(ada)).toBe(0);
  });

  it("takes the notifications about its comments on other members' posts, the replies under them too", async () => {
    const [ada, meera, kabir] = await members();
    const password = 'zed-secret-1';
    const zed = await anonymous().v2.auth.signup({ username: 'zed@x.dev', password, firstName: 'Zed', lastName: 'Quill' });
    const { post } = await ada.api.v2.posts.create({ content: 'A post by Ada', pic: '' });
    const { comment } = await withToken(zed.encodedToken).v2.comments.add(post._id, 'Zed answers Ada');
    await meera.api.v2.comments.reply(comment._id, `Agreed, @${kabir.user.userHandler}`);
    expect((await list(kabir)).map((n) => [n.kind, n.commentId])).toEqual([['mention', comment._id]]);
    await withToken(zed.encodedToken).v2.me.deleteAccount(password);
    expect(await list(kabir)).toEqual([]);
    expect(await unread(kabir)).toBe(0);
  });
});

describe('read state', () => {
  it('reading the list leaves it unread; POST /read marks everything read and sets the count to 0', async () => {
    const [ada, meera, kabir] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'Read me', pic: '' });
    await meera.api.v2.posts.like(post._id);
    await kabir.api.v2.comments.add(post._id, 'Hello');
    await list(ada);
    expect(await unread(ada)).toBe(2);
    expect(await ada.api.v2.notifications.markRead()).toEqual({ count: 0 });
    expect(await unread(ada)).toBe(0);
    expect((await list(ada)).map((n) => n.read)).toEqual([true, true]);
    // A new member in a read group makes it unread again, at the top.
    await kabir.api.v2.posts.like(post._id);
    expect(await unread(ada)).toBe(1);
    expect((await list(ada)).map((n) => [n.kind, n.read])).toEqual([
      ['like', false],
      ['comment', true],
    ]);
    // A read notification that goes does not move the count.
    await kabir.api.v2.comments.remove((await ada.api.v2.comments.ofPost(post._id)).comments[0]!._id);
    expect(await unread(ada)).toBe(1);
  });
});

describe("another member's notifications", () => {
  it("each call answers only the caller's own; without a token it is refused", async () => {
    const [ada, meera] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'Private loop', pic: '' });
    await meera.api.v2.posts.like(post._id);
    expect(await list(meera)).toEqual([]);
    expect(await unread(meera)).toBe(0);
    await meera.api.v2.notifications.markRead();
    expect(await unread(ada)).toBe(1);
    for (const call of [
      anonymous().v2.notifications.list(),
      anonymous().v2.notifications.unreadCount(),
      anonymous().v2.notifications.markRead(),
    ])
      await expectError(call, 404, SERVER_ERRORS.userNotFound);
    await expectError(withToken('not.a.token').v2.notifications.unreadCount(), 401, SERVER_ERRORS.badToken);
  });
});

describe('pages', () => {
  it('pages newest first without repeats; bad limits and cursors are 400', async () => {
    const [ada, meera] = await members();
    const posts = [];
    for (const n of [1, 2, 3, 4, 5]) posts.push((await ada.api.v2.posts.create({ content: `Post ${n}`, pic: '' })).post);
    for (const post of posts) await meera.api.v2.posts.like(post._id);
    const items = await list(ada, 2);
    expect(items.map((n) => n.postId)).toEqual(posts.map((p) => p._id).reverse());
    for (const limit of ['0', '51', 'x', '-1'])
      expect(await rawList(ada, `limit=${limit}`)).toEqual({ status: 400, json: { errors: [V2_ERRORS.badLimit] } });
    for (const cursor of ['@@', base64url('["N","x"]'), base64url('["C",1]'), base64url('["N",1,2]'), base64url('["N",-1]')])
      expect(await rawList(ada, `cursor=${cursor}`)).toEqual({ status: 400, json: { errors: [V2_ERRORS.badCursor] } });
    const { nextCursor } = await ada.api.v2.notifications.list({ limit: 2 });
    await expectError(ada.api.v2.feed.home({ cursor: nextCursor }), 400, V2_ERRORS.badCursor);
  });
});

/** The list with a query string the typed client would not build: its status and errors. */
const rawList = async (s: Session, query: string) => {
  const res = await raw('GET', `/v2/notifications?${query}`, { headers: { authorization: s.token } });
  return { status: res.status, json: res.json };
};

describe('mentions', () => {
  it('a post, comment or reply mentioning @handle notifies the member once; an edit notifies only new mentions', async () => {
    const [ada, meera, kabir, sara] = await members();
    const meeraHandle = meera.user.userHandler;
    const { post } = await ada.api.v2.posts.create({
      content: `Hello @${meeraHandle.toUpperCase()} and @${meeraHandle}, and @${ada.user.userHandler} and @nobody_here_at_all`,
      pic: '',
    });
    // Ada's own handle is a mention too (a link on screen), but notifies nobody.
    expect([...(post.mentions ?? [])].sort()).toEqual([meeraHandle, ada.user.userHandler].sort());
    expect((await list(meera)).map((n) => [n.kind, n.actor._id, n.postId, n.commentId])).toEqual([
      ['mention', ada.user._id, post._id, null],
    ]);
    expect(await list(ada)).toEqual([]);
    // Editing: Meera is mentioned already (not again), Kabir is new.
    const { post: edited } = await ada.api.v2.posts.edit(post._id, {
      content: `Now @${meeraHandle} and @${kabir.user.userHandler}`,
      pic: '',
    });
    expect([...(edited.mentions ?? [])].sort()).toEqual([meeraHandle, kabir.user.userHandler].sort());
    expect(await unread(meera)).toBe(1);
    expect((await list(meera)).length).toBe(1);
    expect((await list(kabir)).map((n) => n.kind)).toEqual(['mention']);
    // An edit that drops a mention takes its notification away.
    await ada.api.v2.posts.edit(post._id, { content: `Only @${kabir.user.userHandler} now`, pic: '' });
    expect(await list(meera)).toEqual([]);
    // Comments and replies.
    const { comment } = await sara.api.v2.comments.add(post._id, `@${meeraHandle} look`);
    expect(comment.mentions).toEqual([meeraHandle]);
    const { comment: withReply } = await kabir.api.v2.comments.reply(comment._id, `agreed @${meeraHandle}`);
    expect(withReply.replies[0]!.mentions).toEqual([meeraHandle]);
    expect((await list(meera)).map((n) => [n.kind, n.actor._id, n.commentId])).toEqual([
      ['mention', kabir.user._id, comment._id],
      ['mention', sara.user._id, comment._id],
    ]);
    expect((await ada.api.v2.posts.byId(post._id)).post.mentions).toEqual([kabir.user.userHandler]);
  });

  it('a comment or reply mentioning the member it answers notifies them once, as a comment or reply', async () => {
    const [ada, meera, kabir, sara] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'What should I read next?', pic: '' });
    const { comment } = await meera.api.v2.comments.add(post._id, `@${ada.user.userHandler} try Piranesi`);
    expect(comment.mentions).toEqual([ada.user.userHandler]);
    await kabir.api.v2.comments.reply(comment._id, `@${meera.user.userHandler} and @${sara.user.userHandler}, agreed`);
    expect((await list(ada)).map((n) => [n.kind, n.actor._id, n.commentId])).toEqual([['comment', meera.user._id, comment._id]]);
    expect((await list(meera)).map((n) => [n.kind, n.actor._id])).toEqual([['reply', kabir.user._id]]);
    // Another member mentioned in the same reply is notified of the mention.
    expect((await list(sara)).map((n) => [n.kind, n.actor._id])).toEqual([['mention', kabir.user._id]]);
    // An edit that drops the mention and puts it back changes nothing for the one it answers.
    await meera.api.v2.comments.edit(comment._id, 'Try Piranesi');
    await meera.api.v2.comments.edit(comment._id, `Try Piranesi, @${ada.user.userHandler}`);
    expect((await list(ada)).map((n) => n.kind)).toEqual(['comment']);
    expect(await unread(ada)).toBe(1);
  });
});

describe('blocks and mutes (docs/safety.md)', () => {
  it('a member the recipient blocked or mutes notifies nobody, a mention of the blocker neither; unmuting restores', async () => {
    const [ada, meera, kabir] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'Quiet, please', pic: '' });
    await ada.api.v2.members.mute(kabir.user._id, 0);
    await kabir.api.v2.posts.like(post._id);
    await ada.api.v2.members.block(meera.user._id);
    await meera.api.v2.posts.create({ content: `Hello @${ada.user.userHandler}`, pic: '' });
    expect(await list(ada)).toEqual([]);
    expect(await unread(ada)).toBe(0);

    await ada.api.v2.members.unmute(kabir.user._id);
    await kabir.api.v2.posts.dislike(post._id);
    await kabir.api.v2.posts.like(post._id);
    expect((await list(ada)).map(summary)).toEqual([{ kind: 'like', actor: kabir.user._id, actorCount: 1, read: false }]);
    expect(await unread(ada)).toBe(1);
  });

  it("a block takes each member out of the other's notifications, a mute out of the muter's; undoing brings none back", async () => {
    const [ada, meera, kabir, sara] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'Before the falling-out', pic: '' });
    await meera.api.v2.posts.like(post._id);
    await kabir.api.v2.posts.like(post._id);
    await meera.api.v2.members.follow(ada.user._id);
    await sara.api.v2.members.follow(ada.user._id);
    await meera.api.v2.comments.add(post._id, 'Lovely');
    await ada.api.v2.posts.create({ content: `Thanks @${meera.user.userHandler}`, pic: '' });
    expect(await unread(ada)).toBe(3);
    expect((await list(meera)).map((n) => n.kind)).toEqual(['mention']);

    await ada.api.v2.members.block(meera.user._id);
    expect((await list(ada)).map(summary)).toEqual([
      { kind: 'follow', actor: sara.user._id, actorCount: 1, read: false },
      { kind: 'like', actor: kabir.user._id, actorCount: 1, read: false },
    ]);
    expect(await unread(ada)).toBe(2);
    expect(await list(meera)).toEqual([]);
    expect(await unread(meera)).toBe(0);

    await ada.api.v2.members.mute(kabir.user._id, 0);
    expect((await list(ada)).map(summary)).toEqual([{ kind: 'follow', actor: sara.user._id, actorCount: 1, read: false }]);
    expect(await unread(ada)).toBe(1);
    // Sara's own notifications are hers: a block or mute between others changes none of them.
    await ada.api.v2.members.unblock(meera.user._id);
    await ada.api.v2.members.unmute(kabir.user._id);
    expect((await list(ada)).map((n) => n.actor._id)).toEqual([sara.user._id]);
    expect(await list(meera)).toEqual([]);
  });

  it('a mention by a member who blocked the recipient notifies nobody either: their lists hide each other', async () => {
    const [ada, meera] = await members();
    await meera.api.v2.members.block(ada.user._id);
    await meera.api.v2.posts.create({ content: `Still talking about @${ada.user.userHandler}`, pic: '' });
    expect(await list(ada)).toEqual([]);
    expect(await unread(ada)).toBe(0);
  });
});
