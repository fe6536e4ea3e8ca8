/**
 * v2 reposts and quote posts (docs/api.md, "Reposts and quotes"): repost, undo repost, a post's
 * reposters, reposts in the home feed and a member's posts and activities, quotes as a field of
 * post creation, and their notifications. Runs on both backends.
 */
import { SERVER_ERRORS } from '../../src/contract';
import { V2_ERRORS, type NotificationV2, type PostV2 } from '../../src/contract-v2';
import { anonymous, expectError, raw, signIn, withTestServer, type Session } from '../helpers';
import { allPages, ids } from './support';

withTestServer();

/** Four members, none following another. */
async function members(): Promise<[Session, Session, Session, Session]> {
  const all = [await signIn(1), await signIn(2), await signIn(3), await signIn(4)] as const;
  for (const s of all)
    for (const other of all)
      if (s !== other && s.user.following.some((f) => f._id === other.user._id)) await s.api.v2.members.unfollow(other.user._id);
  return [...all];
}

/**
 * The clock (Date only; timers stay real), moved on by whole seconds from now, so one repost is
 * clearly newer than another on both backends (timestamps stop at seconds).
 */
function clock() {
  const all = [
    'hrtime',
    'nextTick',
    'performance',
    'queueMicrotask',
    'setImmediate',
    'clearImmediate',
    'setInterval',
    'clearInterval',
    'setTimeout',
    'clearTimeout',
  ] as const;
  jest.useFakeTimers({ doNotFake: [...all], now: Date.now() });
  return {
    tick() {
      jest.setSystemTime(Date.now() + 5000);
    },
  };
}

afterEach(() => jest.useRealTimers());

const every = async (read: (cursor: string | null) => Promise<{ posts: PostV2[]; nextCursor: string | null }>, limit: number) =>
  (await allPages(read, (p) => p.posts, limit)).items;

const notifications = async (s: Session): Promise<NotificationV2[]> =>
  (
    await allPages(
      (cursor) => s.api.v2.notifications.list({ limit: 50, cursor }),
      (p) => p.notifications,
      50,
    )
  ).items;

describe('POST /v2/posts/repost/{postId} and /v2/posts/undo-repost/{postId}', () => {
  it('reposts once (201) with the count and the caller’s `reposted`; twice is 400; undo (200) takes it back; undo again is 400', async () => {
    const [ada, meera] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'Worth passing on', pic: '' });
    expect(post.repostCount).toBe(0);
    expect(post.viewer).toEqual({ reaction: null, bookmarked: false, reposted: false });

    const made = await raw('POST', `/v2/posts/repost/${post._id}`, { headers: { authorization: meera.token } });
    expect(made.status).toBe(201);
    const reposted = (made.json as { post: PostV2 }).post;
    expect(reposted).toMatchObject({ _id: post._id, repostCount: 1, viewer: { reaction: null, bookmarked: false, reposted: true } });

    await expectError(meera.api.v2.posts.repost(post._id), 400, V2_ERRORS.alreadyReposted);
    expect((await anonymous().v2.posts.byId(post._id)).post.repostCount).toBe(1);
    expect((await ada.api.v2.posts.byId(post._id)).post.viewer?.reposted).toBe(false);

    const undone = await raw('POST', `/v2/posts/undo-repost/${post._id}`, { headers: { authorization: meera.token } });
    expect(undone.status).toBe(200);
    expect((undone.json as { post: PostV2 }).post).toMatchObject({ repostCount: 0, viewer: { reposted: false } });
    await expectError(meera.api.v2.posts.undoRepost(post._id), 400, V2_ERRORS.notReposted);
    expect((await anonymous().v2.posts.byId(post._id)).post.repostCount).toBe(0);
  });

  it('refuses an unknown post (404), a caller without a token (404 userNotFound), and a repost across a block (403)', async () => {
    const [ada, meera] = await members();
    await expectError(meera.api.v2.posts.repost('no-such-post'), 404, SERVER_ERRORS.postNotFound);
    await expectError(meera.api.v2.posts.undoRepost('no-such-post'), 404, SERVER_ERRORS.postNotFound);
    const { post } = await ada.api.v2.posts.create({ content: 'Mine to share', pic: '' });
    // Without a token: the spec's answer to a write without a member (as a like's).
    await expectError(anonymous().v2.posts.repost(post._id), 404, SERVER_ERRORS.userNotFound);
    await ada.api.v2.members.block(meera.user._id);
    await expectError(meera.api.v2.posts.repost(post._id), 403, SERVER_ERRORS.blockedByMember);
    expect((await anonymous().v2.posts.byId(post._id)).post.repostCount).toBe(0);
  });

  it('lets a member repost their own post, which notifies nobody', async () => {
    const [ada] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'My own, again', pic: '' });
    const { post: after } = await ada.api.v2.posts.repost(post._id);
    expect(after).toMatchObject({ repostCount: 1, viewer: { reposted: true } });
    expect(await notifications(ada)).toEqual([]);
  });
});

describe('the spec’s v1 API', () => {
  it('answers reposted and quoting posts with the fields it always had', async () => {
    const [ada, meera] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'Seen by v1 clients too', pic: '' });
    const before = (await anonymous().posts.byId(post._id)).post;
    await meera.api.v2.posts.repost(post._id);
    const { post: quote } = await meera.api.v2.posts.create({ content: 'A quote v1 sees as a post', pic: '', quoteOf: post._id });
    const after = (await anonymous().posts.byId(post._id)).post;
    expect(after).toEqual(before);
    expect(Object.keys((await anonymous().posts.byId(quote._id)).post).sort()).toEqual(Object.keys(before).sort());
  });
});

describe('GET /v2/posts/{postId}/reposters', () => {
  it('lists the reposters newest first, in pages, with the viewer’s follow flags; leaves out whom safety hides', async () => {
    const [ada, meera, kabir, sara] = await members();
    const time = clock();
    const { post } = await ada.api.v2.posts.create({ content: 'Pass it around', pic: '' });
    for (const s of [meera, kabir, sara]) {
      time.tick();
      await s.api.v2.posts.repost(post._id);
    }
    await ada.api.v2.members.follow(kabir.user._id);
    const reposters = await allPages(
      (cursor) => ada.api.v2.posts.reposters(post._id, { limit: 2, cursor }),
      (p) => p.members,
      2,
    );
    expect(ids(reposters.items)).toEqual([sara.user._id, kabir.user._id, meera.user._id]);
    expect(reposters.items.map((m) => m.viewerFollows)).toEqual([false, true, false]);
    expect(Object.keys(reposters.items[0]!)).not.toContain('username');

    await ada.api.v2.members.mute(sara.user._id, 0);
    expect(ids((await ada.api.v2.posts.reposters(post._id)).members)).toEqual([kabir.user._id, meera.user._id]);
    expect(ids((await anonymous().v2.posts.reposters(post._id)).members)).toEqual([sara.user._id, kabir.user._id, meera.user._id]);
  });

  it('is 404 for an unknown post and 400 for a cursor of another list', async () => {
    const [ada] = await members();
    await expectError(anonymous().v2.posts.reposters('no-such-post'), 404, SERVER_ERRORS.postNotFound);
    const { post } = await ada.api.v2.posts.create({ content: 'Nobody reposted this', pic: '' });
    expect(await anonymous().v2.posts.reposters(post._id)).toEqual({ members: [], nextCursor: null });
    const { nextCursor } = await anonymous().v2.feed.explore({ limit: 1 });
    await expectError(anonymous().v2.posts.reposters(post._id, { cursor: nextCursor }), 400, V2_ERRORS.badCursor);
  });
});

describe('reposts in the home feed, a member’s posts and activities', () => {
  it('home shows a post reposted by someone the member follows once, at the newest such repost, with who reposted it', async () => {
    const [ada, meera, kabir, sara] = await members();
    const time = clock();
    await ada.api.v2.members.follow(meera.user._id);
    await ada.api.v2.members.follow(kabir.user._id);
    const { post: saras } = await sara.api.v2.posts.create({ content: 'Sara, whom Ada does not follow', pic: '' });
    time.tick();
    const { post: meeras } = await meera.api.v2.posts.create({ content: 'Meera’s own', pic: '' });
    time.tick();
    await meera.api.v2.posts.repost(saras._id);
    time.tick();
    await kabir.api.v2.posts.repost(saras._id);
    time.tick();
    await sara.api.v2.posts.repost(meeras._id); // Sara is not followed by Ada: not a reason on Ada's home.

    for (const limit of [1, 2, 20]) {
      const home = await every((cursor) => ada.api.v2.feed.home({ limit, cursor }), limit);
      expect(ids(home).filter((id) => id === saras._id)).toHaveLength(1);
      expect(ids(home).filter((id) => id === meeras._id)).toHaveLength(1);
      const shown = home.find((p) => p._id === saras._id)!;
      expect(shown.repostedBy?.member).toMatchObject({
        _id: kabir.user._id,
        firstName: kabir.user.firstName,
        lastName: kabir.user.lastName,
      });
      expect(shown.repostCount).toBe(2);
      // Newest first: Kabir's repost is newer than Meera's post.
      expect(ids(home).indexOf(saras._id)).toBeLessThan(ids(home).indexOf(meeras._id));
      expect(home.find((p) => p._id === meeras._id)!.repostedBy).toBeUndefined();
    }

    // Kabir undoes his: Meera's repost is the reason now.
    await kabir.api.v2.posts.undoRepost(saras._id);
    const home = (await ada.api.v2.feed.home({ limit: 50 })).posts;
    expect(home.filter((p) => p._id === saras._id).map((p) => p.repostedBy?.member._id)).toEqual([meera.user._id]);
    // Nobody reposts any more: Sara's post leaves Ada's home (Ada neither follows her nor is followed by her).
    await meera.api.v2.posts.undoRepost(saras._id);
    expect(ids((await ada.api.v2.feed.home({ limit: 50 })).posts)).not.toContain(saras._id);
  });

  it('a post reposted by two followed members shows at the newer repost, in every page size, however far down the newer reposter’s reposts it is', async () => {
    const [ada, meera, kabir, sara] = await members();
    const time = clock();
    await ada.api.v2.members.follow(meera.user._id);
    await ada.api.v2.members.follow(kabir.user._id);
    const made = [];
    for (const content of ['Shared twice', 'Then this', 'And this', 'And last'])
      made.push((await sara.api.v2.posts.create({ content, pic: '' })).post);
    const [twice, ...later] = made;
    time.tick();
    await meera.api.v2.posts.repost(twice!._id);
    time.tick();
    await kabir.api.v2.posts.repost(twice!._id);
    // Kabir's newer reposts push his repost of `twice` past the first page, where Meera's older one would fit.
    for (const post of later) {
      time.tick();
      await kabir.api.v2.posts.repost(post._id);
    }
    const expected = [...later.reverse(), twice!].map((p) => p._id);
    for (const limit of [1, 3, 20]) {
      const home = await every((cursor) => ada.api.v2.feed.home({ limit, cursor }), limit);
      const shown = home.filter((p) => expected.includes(p._id));
      expect(shown.map((p) => p._id)).toEqual(expected);
      expect(shown.map((p) => p.repostedBy?.member._id)).toEqual(expected.map(() => kabir.user._id));
    }
  }, 30_000);

  it('a post the member already sees as itself shows once, at the repost, when someone they follow reposts it', async () => {
    const [ada, meera, kabir, sara] = await members();
    const time = clock();
    for (const s of [meera, kabir, sara]) await ada.api.v2.members.follow(s.user._id);
    const { post } = await ada.api.v2.posts.create({ content: 'Ada’s post, seen as itself', pic: '' });
    for (const s of [meera, kabir, sara]) {
      time.tick();
      await s.api.v2.posts.repost(post._id);
    }
    for (const limit of [1, 3]) {
      const home = await every((cursor) => ada.api.v2.feed.home({ limit, cursor }), limit);
      expect(home.filter((p) => p._id === post._id).map((p) => p.repostedBy?.member._id)).toEqual([sara.user._id]);
    }
    // Trending holds posts by score, without reposts.
    const trending = (await ada.api.v2.feed.home({ sort: 'trending', limit: 50 })).posts;
    expect(trending.every((p) => p.repostedBy === undefined)).toBe(true);
  });

  it('home leaves out a repost by a muted member and a reposted post whose author the member blocked', async () => {
    const [ada, meera, kabir, sara] = await members();
    await ada.api.v2.members.follow(meera.user._id);
    await ada.api.v2.members.follow(kabir.user._id);
    const { post } = await sara.api.v2.posts.create({ content: 'From someone Ada will block', pic: '' });
    const { post: kabirs } = await kabir.api.v2.posts.create({ content: 'Kabir writes', pic: '' });
    await meera.api.v2.posts.repost(post._id);
    await meera.api.v2.posts.repost(kabirs._id);
    expect(ids((await ada.api.v2.feed.home({ limit: 50 })).posts)).toEqual(expect.arrayContaining([post._id, kabirs._id]));
    await ada.api.v2.members.block(sara.user._id);
    expect(ids((await ada.api.v2.feed.home({ limit: 50 })).posts)).not.toContain(post._id);
    await ada.api.v2.members.mute(meera.user._id, 0);
    const home = (await ada.api.v2.feed.home({ limit: 50 })).posts;
    // Kabir's post stays, as itself: the muted member's repost is no reason any more.
    expect(home.filter((p) => p._id === kabirs._id).map((p) => p.repostedBy)).toEqual([undefined]);
  });

  it('a member’s posts show their reposts at the repost’s time; their activities list them', async () => {
    const [ada, meera] = await members();
    const time = clock();
    const { post: adas } = await ada.api.v2.posts.create({ content: 'Ada, first', pic: '' });
    time.tick();
    const { post: own } = await meera.api.v2.posts.create({ content: 'Meera, second', pic: '' });
    time.tick();
    await meera.api.v2.posts.repost(adas._id);
    time.tick();
    await meera.api.v2.posts.repost(own._id);
    const posts = await every((cursor) => anonymous().v2.members.posts(meera.user._id, { limit: 1, cursor }), 1);
    const mine = posts.filter((p) => [adas._id, own._id].includes(p._id));
    expect(mine.map((p) => [p._id, p.repostedBy?.member._id])).toEqual([
      [own._id, meera.user._id],
      [adas._id, meera.user._id],
    ]);
    expect(ids(posts).filter((id) => id === own._id)).toHaveLength(1);
    const activities = await every((cursor) => anonymous().v2.members.activities(meera.user._id, { limit: 5, cursor }), 5);
    expect(ids(activities)).toContain(adas._id);
    await meera.api.v2.posts.undoRepost(adas._id);
    expect(ids((await anonymous().v2.members.posts(meera.user._id, { limit: 50 })).posts)).not.toContain(adas._id);
    expect(ids((await anonymous().v2.members.activities(meera.user._id, { limit: 50 })).posts)).not.toContain(adas._id);
  });
});

describe('notifications of reposts', () => {
  it('groups the reposts of one post like likes; undoing one takes the member out; a muted member’s notifies nobody', async () => {
    const [ada, meera, kabir, sara] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'Repost me, friends', pic: '' });
    await meera.api.v2.posts.repost(post._id);
    await kabir.api.v2.posts.repost(post._id);
    const [group, ...rest] = await notifications(ada);
    expect(rest).toEqual([]);
    expect(group).toMatchObject({ kind: 'repost', actorCount: 2, postId: post._id, commentId: null, read: false });
    expect(group!.actor._id).toBe(kabir.user._id);
    expect(group!.excerpt).toBe('Repost me, friends');

    await kabir.api.v2.posts.undoRepost(post._id);
    expect((await notifications(ada)).map((n) => [n.kind, n.actor._id, n.actorCount])).toEqual([['repost', meera.user._id, 1]]);
    await meera.api.v2.posts.undoRepost(post._id);
    expect(await notifications(ada)).toEqual([]);
    expect((await ada.api.v2.notifications.unreadCount()).count).toBe(0);

    await ada.api.v2.members.mute(sara.user._id, 0);
    await sara.api.v2.posts.repost(post._id);
    expect(await notifications(ada)).toEqual([]);
  });
});

describe('quote posts (POST /v2/posts with `quoteOf`)', () => {
  it('stores the quoted post and shows it nested: author, text, picture; notifies its author once per quote with the quote’s text', async () => {
    const [ada, meera] = await members();
    const { post: original } = await ada.api.v2.posts.create({ content: 'The original thought', pic: '' });
    const { post: quote } = await meera.api.v2.posts.create({ content: 'So true, and here is why', pic: '', quoteOf: original._id });
    expect(quote.quote).toEqual({
      _id: original._id,
      available: true,
      author: original.author,
      content: 'The original thought',
      pic: '',
      picAlt: '',
      createdAt: original.createdAt,
      quoteOf: null,
    });
    expect((await anonymous().v2.posts.byId(quote._id)).post.quote).toEqual(quote.quote);
    expect((await anonymous().v2.posts.byId(original._id)).post.quote).toBeUndefined();
    const [only, ...rest] = await notifications(ada);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ kind: 'quote', actor: { _id: meera.user._id }, actorCount: 1, postId: quote._id });
    expect(only!.excerpt).toBe('So true, and here is why');
    await meera.api.v2.posts.create({ content: 'And once more', pic: '', quoteOf: original._id });
    expect((await notifications(ada)).map((n) => n.kind)).toEqual(['quote', 'quote']);
  });

  it('refuses a quote of an unknown post, of a post hidden from the author, and a quoteOf that is no id (400)', async () => {
    const [ada, meera] = await members();
    const { post } = await ada.api.v2.posts.create({ content: 'Soon muted', pic: '' });
    const before = (await meera.api.v2.me.get()).me.postCount;
    await expectError(
      meera.api.v2.posts.create({ content: 'Quoting nothing', pic: '', quoteOf: 'no-such-post' }),
      400,
      V2_ERRORS.quoteUnavailable,
    );
    await meera.api.v2.members.mute(ada.user._id, 0);
    await expectError(
      meera.api.v2.posts.create({ content: 'Quoting a muted one', pic: '', quoteOf: post._id }),
      400,
      V2_ERRORS.quoteUnavailable,
    );
    const bad = await raw('POST', '/v2/posts', {
      headers: { authorization: meera.token },
      body: JSON.stringify({ postData: { content: 'Bad', pic: '', quoteOf: 42 } }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ errors: [V2_ERRORS.badQuoteOf] });
    expect((await meera.api.v2.me.get()).me.postCount).toBe(before);
  });

  it('a quote of a deleted or hidden post says it is no longer available and stays; a quote of a quote names the inner one only', async () => {
    const [ada, meera, kabir] = await members();
    const { post: original } = await ada.api.v2.posts.create({ content: 'Going away soon', pic: '' });
    const { post: quote } = await meera.api.v2.posts.create({ content: 'Quoting Ada', pic: '', quoteOf: original._id });
    const { post: outer } = await kabir.api.v2.posts.create({ content: 'Quoting Meera quoting Ada', pic: '', quoteOf: quote._id });
    expect(outer.quote).toMatchObject({ _id: quote._id, available: true, content: 'Quoting Ada', quoteOf: original._id });

    await kabir.api.v2.members.block(ada.user._id);
    expect((await kabir.api.v2.posts.byId(quote._id)).post.quote).toEqual({ _id: original._id, available: false });
    expect((await anonymous().v2.posts.byId(quote._id)).post.quote).toMatchObject({ available: true });

    await ada.api.v2.posts.remove(original._id);
    const { post: after } = await anonymous().v2.posts.byId(quote._id);
    expect(after).toMatchObject({ content: 'Quoting Ada', quote: { _id: original._id, available: false } });
  });
});
