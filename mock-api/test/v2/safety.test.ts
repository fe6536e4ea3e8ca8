/**
 * v2 safety calls (docs/safety.md) on both backends: block (follows end, lists hide, every
 * interaction refused on v1 and v2), mute (with its end), reports and the moderators' queue.
 * Seed: test user 1 (Adarsh) and 2 (Meera) follow each other; 4 (Sara) moderates.
 */
import { SERVER_ERRORS } from '../../src/contract';
import { MUTE_DURATIONS, V2_ERRORS, type PostV2 } from '../../src/contract-v2';
import { BroadcastChannel as NodeBroadcastChannel } from 'worker_threads';
import { anonymous, expectError, recordLive, signIn, withTestServer, type Session } from '../helpers';
import { ids } from './support';

// jsdom has no BroadcastChannel; Node's delivers between the channels of one process, as a browser does between pages.
const globals = globalThis as { BroadcastChannel?: unknown };
globals.BroadcastChannel ??= NodeBroadcastChannel;

withTestServer();
jest.setTimeout(30_000);

const ADARSH = 'u1-adarsh';
const MEERA = 'u2-meera';
const KABIR = 'u3-kabir';
const ROHAN = 'u5-rohan';
/** Adarsh's posts and comments, and a comment by Lena on his post. */
const ADARSH_POST = 'p09-launch';
const ADARSH_POST_2 = 'p02-css';
const LENA_COMMENT_ON_ADARSH = 'c02-1';
/** Meera's post, with Kabir's comment (and Meera's reply under it). */
const MEERA_POST = 'p03-sketch';
const KABIR_POST = 'p04-hike';

/** Every post of a paged list (bounded). */
async function everyPost(page: (cursor: string | null) => Promise<{ posts: PostV2[]; nextCursor: string | null }>): Promise<PostV2[]> {
  const out: PostV2[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i += 1) {
    const answer = await page(cursor);
    out.push(...answer.posts);
    if (answer.nextCursor === null) return out;
    cursor = answer.nextCursor;
  }
  throw new Error('more than 50 pages');
}

const authorsOf = (posts: PostV2[]) => new Set(posts.map((p) => p.author._id));

/** The authors a member sees in explore (both sorts), home (both sorts) and a tag's page. */
async function authorsSeenBy(session: Session, tag: string): Promise<Set<string>> {
  const api = session.api.v2;
  const lists = await Promise.all([
    everyPost((cursor) => api.feed.explore({ limit: 5, cursor })),
    everyPost((cursor) => api.feed.explore({ limit: 5, cursor, sort: 'trending' })),
    everyPost((cursor) => api.feed.home({ limit: 5, cursor })),
    everyPost((cursor) => api.feed.home({ limit: 5, cursor, sort: 'trending' })),
    everyPost((cursor) => api.tags.posts(tag, { limit: 5, cursor })),
  ]);
  return authorsOf(lists.flat());
}

describe('block', () => {
  it('ends the follows both ways with their counts, and answers both members', async () => {
    const adarsh = await signIn(1);
    const before = await adarsh.api.v2.members.byId(MEERA);
    const meBefore = (await adarsh.api.v2.me.get()).me;
    expect(before.member).toMatchObject({ viewerFollows: true, followsViewer: true });
    const answer = await adarsh.api.v2.members.block(MEERA);
    expect(answer.relationship).toEqual({ blocking: true, muting: false, mutedUntil: null });
    expect(answer.member).toMatchObject({
      _id: MEERA,
      viewerFollows: false,
      followsViewer: false,
      followerCount: before.member.followerCount - 1,
      followingCount: before.member.followingCount - 1,
    });
    expect(answer.me).toMatchObject({ followerCount: meBefore.followerCount - 1, followingCount: meBefore.followingCount - 1 });
    expect((await adarsh.api.v2.members.relationship(MEERA)).relationship.blocking).toBe(true);
    // The blocked member is not told: their view of the blocker says nothing of it.
    const meera = await signIn(2);
    expect((await meera.api.v2.members.relationship(ADARSH)).relationship).toEqual({ blocking: false, muting: false, mutedUntil: null });
    const { users } = await anonymous().users.all();
    const v1Meera = users.find((u) => u._id === MEERA)!;
    expect(ids(v1Meera.followers)).not.toContain(ADARSH);
    expect(ids(v1Meera.following)).not.toContain(ADARSH);
  });

  it('hides each one’s posts, comments and profile from the other in feeds, tag pages, comments, search and suggestions', async () => {
    const adarsh = await signIn(1);
    const meera = await signIn(2);
    await adarsh.api.v2.posts.create({ content: 'Safety check #safetytag from Adarsh', pic: '' });
    await meera.api.v2.posts.create({ content: 'Safety check #safetytag from Meera', pic: '' });
    expect(await authorsSeenBy(adarsh, 'safetytag')).toContain(MEERA);
    expect(await authorsSeenBy(meera, 'safetytag')).toContain(ADARSH);
    await adarsh.api.v2.members.block(MEERA);

    expect(await authorsSeenBy(adarsh, 'safetytag')).not.toContain(MEERA);
    expect(await authorsSeenBy(meera, 'safetytag')).not.toContain(ADARSH);
    // Others still see both.
    const kabir = await signIn(3);
    const seenByKabir = await authorsSeenBy(kabir, 'safetytag');
    expect(seenByKabir).toContain(MEERA);
    expect(seenByKabir).toContain(ADARSH);

    // Comments and replies: Meera's comment on Adarsh's launch post is gone for him, and his reply under it for her... she cannot open his post at all.
    const launch = await adarsh.api.v2.comments.ofPost(ADARSH_POST);
    expect(launch.comments.map((c) => c.user._id)).not.toContain(MEERA);
    const sketch = await adarsh.api.v2.comments.ofPost(MEERA_POST);
    expect(sketch.comments.flatMap((c) => [c.user._id, ...c.replies.map((r) => r.user._id)])).not.toContain(MEERA);
    expect((await kabir.api.v2.comments.ofPost(MEERA_POST)).comments.flatMap((c) => c.replies.map((r) => r.user._id))).toContain(MEERA);

    // Search and suggestions.
    expect(ids((await adarsh.api.v2.members.search('meera')).members)).not.toContain(MEERA);
    expect(ids((await meera.api.v2.members.search('adarsh')).members)).not.toContain(ADARSH);
    expect(ids((await kabir.api.v2.members.search('meera')).members)).toContain(MEERA);
    expect(ids((await adarsh.api.v2.members.suggested({ limit: 50 })).members)).not.toContain(MEERA);
    expect(ids((await meera.api.v2.members.suggested({ limit: 50 })).members)).not.toContain(ADARSH);
  });

  it('keeps the blocker’s posts from the blocked member: the post, its comments and the profile’s posts are not found', async () => {
    const adarsh = await signIn(1);
    const meera = await signIn(2);
    await adarsh.api.v2.members.block(MEERA);
    await expectError(meera.api.v2.posts.byId(ADARSH_POST), 404, SERVER_ERRORS.postNotFound);
    await expectError(meera.api.v2.comments.ofPost(ADARSH_POST), 404, SERVER_ERRORS.postNotFound);
    expect((await meera.api.v2.members.posts(ADARSH)).posts).toEqual([]);
    expect((await meera.api.v2.members.activities(ADARSH)).posts).toEqual([]);
    // The profile itself stays readable, as it is to anyone; the blocker still reaches what the blocked member wrote.
    expect((await meera.api.v2.members.byId(ADARSH)).member._id).toBe(ADARSH);
    expect((await adarsh.api.v2.posts.byId(MEERA_POST)).post._id).toBe(MEERA_POST);
    expect((await adarsh.api.v2.members.posts(MEERA)).posts.length).toBeGreaterThan(0);
  });

  it('answers the blocked member the blocker’s profile as it is shown to them: no posts counted, no follow, blocksViewer', async () => {
    const adarsh = await signIn(1);
    const meera = await signIn(2);
    const before = (await meera.api.v2.members.byId(ADARSH)).member;
    expect(before.postCount).toBeGreaterThan(0);
    expect(before).not.toHaveProperty('blocksViewer');
    await adarsh.api.v2.members.block(MEERA);

    const byId = (await meera.api.v2.members.byId(ADARSH)).member;
    const byHandle = (await meera.api.v2.members.byHandle(before.userHandler)).member;
    expect(byHandle).toEqual(byId);
    expect(byId).toMatchObject({ _id: ADARSH, postCount: 0, viewerFollows: false, followsViewer: false, blocksViewer: true });
    // Each count agrees with its list as the blocked member reads it.
    expect((await meera.api.v2.members.posts(ADARSH)).posts).toHaveLength(byId.postCount);
    expect((await meera.api.v2.members.followers(ADARSH, { limit: 50 })).members).toHaveLength(byId.followerCount);
    expect((await meera.api.v2.members.following(ADARSH, { limit: 50 })).members).toHaveLength(byId.followingCount);

    // Everyone else, and the blocker looking at the member they blocked, get the profile as it is.
    for (const member of [
      (await anonymous().v2.members.byId(ADARSH)).member,
      (await (await signIn(3)).api.v2.members.byHandle(before.userHandler)).member,
    ]) {
      expect(member.postCount).toBe(before.postCount);
      expect(member).not.toHaveProperty('blocksViewer');
    }
    expect((await adarsh.api.v2.members.byId(MEERA)).member).not.toHaveProperty('blocksViewer');

    await adarsh.api.v2.members.unblock(MEERA);
    const after = (await meera.api.v2.members.byId(ADARSH)).member;
    expect(after.postCount).toBe(before.postCount);
    expect(after).not.toHaveProperty('blocksViewer');
  });

  it('keeps the blocker’s posts out of the blocked member’s bookmarks, saved before or after; unblocking brings them back', async () => {
    const adarsh = await signIn(1);
    const meera = await signIn(2);
    await meera.api.v2.posts.bookmark(ADARSH_POST);
    await meera.api.v2.posts.bookmark(MEERA_POST);
    const { post: unsaved } = await adarsh.api.v2.posts.create({ content: 'Not saved by Meera', pic: '' });
    const saved = (await meera.api.v2.me.bookmarks({ limit: 50 })).posts;
    expect(saved.filter((p) => p.author._id === ADARSH).length).toBeGreaterThan(0);
    await adarsh.api.v2.members.block(MEERA);
    const shown = (await meera.api.v2.me.bookmarks({ limit: 50 })).posts.map((p) => p._id);
    expect(shown).toEqual(saved.filter((p) => p.author._id !== ADARSH).map((p) => p._id));
    expect(shown).toContain(MEERA_POST);
    await expectError(meera.api.v2.posts.bookmark(unsaved._id), 404, SERVER_ERRORS.postNotFound);
    await expectError(meera.api.v2.posts.removeBookmark(ADARSH_POST), 404, SERVER_ERRORS.postNotFound);
    await adarsh.api.v2.members.unblock(MEERA);
    expect((await meera.api.v2.me.bookmarks({ limit: 50 })).posts.map((p) => p._id)).toEqual(saved.map((p) => p._id));
  });

  it('leaves each one out of the other’s view of third members’ followers and following; a mute, out of the muter’s', async () => {
    const [adarsh, meera, kabir, sara] = [await signIn(1), await signIn(2), await signIn(3), await signIn(4)];
    const follows = async (s: Session, memberId: string) => {
      const { members } = await s.api.v2.members.following(s.user._id, { limit: 50 });
      if (!members.some((m) => m._id === memberId)) await s.api.v2.members.follow(memberId);
    };
    await follows(adarsh, KABIR);
    await follows(meera, KABIR);
    await follows(kabir, ADARSH);
    await follows(kabir, MEERA);
    const seenBy = async (s: Session) => ({
      followers: ids((await s.api.v2.members.followers(KABIR, { limit: 50 })).members),
      following: ids((await s.api.v2.members.following(KABIR, { limit: 50 })).members),
    });
    const all = await seenBy(kabir);
    expect(all.followers).toEqual(expect.arrayContaining([ADARSH, MEERA]));
    expect(all.following).toEqual(expect.arrayContaining([ADARSH, MEERA]));

    await adarsh.api.v2.members.block(MEERA);
    const without = (list: string[], id: string) => list.filter((x) => x !== id);
    expect(await seenBy(adarsh)).toEqual({ followers: without(all.followers, MEERA), following: without(all.following, MEERA) });
    expect(await seenBy(meera)).toEqual({ followers: without(all.followers, ADARSH), following: without(all.following, ADARSH) });
    expect(await seenBy(kabir)).toEqual(all);
    await sara.api.v2.members.mute(MEERA, 0);
    expect(await seenBy(sara)).toEqual({ followers: without(all.followers, MEERA), following: without(all.following, MEERA) });
  });

  it('refuses every interaction of the blocked member with the blocker, on v2 and v1 (403)', async () => {
    const adarsh = await signIn(1);
    const meera = await signIn(2);
    await adarsh.api.v2.members.block(MEERA);
    const refused = SERVER_ERRORS.blockedByMember;
    const v2 = meera.api.v2;
    await expectError(v2.members.follow(ADARSH), 403, refused);
    await expectError(v2.posts.like(ADARSH_POST), 403, refused);
    await expectError(v2.posts.dislike(ADARSH_POST), 403, refused);
    await expectError(v2.comments.add(ADARSH_POST, 'hello?'), 403, refused);
    await expectError(v2.comments.reply(LENA_COMMENT_ON_ADARSH, 'me too'), 403, refused);
    await expectError(v2.comments.upvote(LENA_COMMENT_ON_ADARSH), 403, refused);
    const v1 = meera.api;
    await expectError(v1.users.follow(ADARSH), 403, refused);
    await expectError(v1.posts.like(ADARSH_POST), 403, refused);
    await expectError(v1.posts.dislike(ADARSH_POST), 403, refused);
    await expectError(v1.comments.add(ADARSH_POST, { content: 'hello?' }), 403, refused);
    const { comments } = await anonymous().comments.ofPost(ADARSH_POST_2);
    const lena = comments.find((c) => c._id === LENA_COMMENT_ON_ADARSH)!;
    await expectError(
      v1.comments.edit(ADARSH_POST_2, LENA_COMMENT_ON_ADARSH, {
        content: lena.content,
        replies: [...lena.replies, { _id: 'r-blocked', user: lena.user, content: 'me too' }],
      }),
      403,
      refused,
    );
    await expectError(v1.comments.upvote(ADARSH_POST_2, LENA_COMMENT_ON_ADARSH), 403, refused);
    // Nothing changed.
    const launch = (await adarsh.api.v2.posts.byId(ADARSH_POST)).post;
    expect(launch.likeCount).toBe((await anonymous().v2.posts.byId(ADARSH_POST)).post.likeCount);
    expect((await anonymous().comments.ofPost(ADARSH_POST_2)).comments.find((c) => c._id === LENA_COMMENT_ON_ADARSH)!.replies).toEqual(
      lena.replies,
    );
    expect((await adarsh.api.v2.members.byId(MEERA)).member.followsViewer).toBe(false);
  });

  it('refuses the blocker’s interactions with the member they blocked, telling them to unblock', async () => {
    const adarsh = await signIn(1);
    await adarsh.api.v2.members.block(MEERA);
    await expectError(adarsh.api.v2.members.follow(MEERA), 403, SERVER_ERRORS.youBlockedMember);
    await expectError(adarsh.api.v2.posts.dislike(MEERA_POST), 403, SERVER_ERRORS.youBlockedMember);
    await expectError(adarsh.api.posts.dislike(MEERA_POST), 403, SERVER_ERRORS.youBlockedMember);
    await expectError(adarsh.api.v2.comments.add(MEERA_POST, 'hi'), 403, SERVER_ERRORS.youBlockedMember);
  });

  it('unblock restores what each sees, but no follow', async () => {
    const adarsh = await signIn(1);
    const meera = await signIn(2);
    await adarsh.api.v2.members.block(MEERA);
    const answer = await adarsh.api.v2.members.unblock(MEERA);
    expect(answer.relationship.blocking).toBe(false);
    expect(answer.member).toMatchObject({ viewerFollows: false, followsViewer: false });
    expect((await meera.api.v2.posts.byId(ADARSH_POST)).post._id).toBe(ADARSH_POST);
    expect(ids((await adarsh.api.v2.members.search('meera')).members)).toContain(MEERA);
    expect((await everyPost((cursor) => adarsh.api.v2.feed.explore({ limit: 10, cursor }))).map((p) => p.author._id)).toContain(MEERA);
    await meera.api.v2.members.follow(ADARSH);
  });

  it('names its events: each follow it ended, and both members with their new counts', async () => {
    const adarsh = await signIn(1);
    const kabir = await signIn(3);
    const live = await recordLive(kabir, 'explore=1');
    try {
      const { me, member } = await adarsh.api.v2.members.block(MEERA);
      await live.waitFor((e) => e.kind === 'member.changed' && e.data.member._id === MEERA);
      const events = live.events().filter((e) => e.kind === 'follow.changed' || e.kind === 'member.changed');
      expect(events.filter((e) => e.kind === 'follow.changed').map((e) => e.data)).toEqual(
        expect.arrayContaining([
          { followerId: ADARSH, followeeId: MEERA, following: false },
          { followerId: MEERA, followeeId: ADARSH, following: false },
        ]),
      );
      const counts = (id: string) =>
        events.flatMap((e) => (e.kind === 'member.changed' && e.data.member._id === id ? [e.data.member.followerCount] : []));
      expect(counts(ADARSH)).toContain(me.followerCount);
      expect(counts(MEERA)).toContain(member.followerCount);
    } finally {
      live.close();
    }
  });

  it("tells the member's own other pages each block, mute, unmute and unblock (viewer.relationship), and nobody else", async () => {
    const adarsh = await signIn(1);
    const meera = await signIn(2);
    const mine = await recordLive(adarsh, 'explore=1');
    const theirs = await recordLive(meera, 'explore=1');
    try {
      await adarsh.api.v2.members.mute(MEERA, 0);
      await adarsh.api.v2.members.unmute(MEERA);
      await adarsh.api.v2.members.block(MEERA);
      await adarsh.api.v2.members.unblock(MEERA);
      const { post } = await adarsh.api.v2.posts.create({ content: 'After all that', pic: '' });
      for (const live of [mine, theirs]) await live.waitFor((e) => e.kind === 'post.created' && e.data.post._id === post._id);
      const told = (live: typeof mine) => live.events().flatMap((e) => (e.kind === 'viewer.relationship' ? [e.data] : []));
      const as = (blocking: boolean, muting: boolean) => ({
        memberId: ADARSH,
        otherId: MEERA,
        relationship: { blocking, muting, mutedUntil: null },
      });
      expect(told(mine)).toEqual([as(false, true), as(false, false), as(true, false), as(false, false)]);
      expect(told(theirs)).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('refuses blocking twice, unblocking nobody, oneself and an unknown member', async () => {
    const adarsh = await signIn(1);
    await adarsh.api.v2.members.block(MEERA);
    await expectError(adarsh.api.v2.members.block(MEERA), 400, V2_ERRORS.alreadyBlocked);
    await expectError(adarsh.api.v2.members.unblock(KABIR), 400, V2_ERRORS.notBlocked);
    await expectError(adarsh.api.v2.members.block(ADARSH), 400, V2_ERRORS.blockSelf);
    await expectError(adarsh.api.v2.members.block('no-such-member'), 404, SERVER_ERRORS.memberNotFound);
    await expectError(anonymous().v2.members.block(MEERA), 404, SERVER_ERRORS.userNotFound);
  });

  it('lists the members the caller blocked, newest first, and puts them in the export', async () => {
    const adarsh = await signIn(1);
    await adarsh.api.v2.members.block(MEERA);
    await adarsh.api.v2.members.block(KABIR);
    const first = await adarsh.api.v2.me.blocks({ limit: 1 });
    expect(ids(first.members)).toEqual([KABIR]);
    const second = await adarsh.api.v2.me.blocks({ limit: 1, cursor: first.nextCursor });
    expect(ids(second.members)).toEqual([MEERA]);
    expect(second.nextCursor).toBeNull();
    const data = await adarsh.api.v2.me.exportData();
    expect(data.blocks).toEqual(
      [
        { memberId: MEERA, userHandler: 'meeranair' },
        { memberId: KABIR, userHandler: 'kabirshah' },
      ].sort((a, b) => (a.memberId < b.memberId ? -1 : 1)),
    );
  });
});

describe('mute', () => {
  it('hides the muted member’s posts and comments from the muter only, for its duration; unmute restores them', async () => {
    const adarsh = await signIn(1);
    const kabir = await signIn(3);
    await kabir.api.v2.posts.create({ content: 'Muted? #safetytag', pic: '' });
    expect(await authorsSeenBy(adarsh, 'safetytag')).toContain(KABIR);
    const started = Date.now();
    const { relationship } = await adarsh.api.v2.members.mute(KABIR, MUTE_DURATIONS.oneHour);
    expect(relationship).toMatchObject({ blocking: false, muting: true });
    const until = Date.parse(relationship.mutedUntil ?? '');
    expect(until).toBeGreaterThanOrEqual(started - 2000 + 3_600_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 2000 + 3_600_000);

    expect(await authorsSeenBy(adarsh, 'safetytag')).not.toContain(KABIR);
    const sketch = await adarsh.api.v2.comments.ofPost(MEERA_POST);
    expect(sketch.comments.map((c) => c.user._id)).not.toContain(KABIR);
    expect(ids((await adarsh.api.v2.members.search('kabir')).members)).not.toContain(KABIR);
    // Nothing else changes: the muted member still acts on the muter's posts and still sees them; nobody else is affected.
    await kabir.api.v2.posts.like(ADARSH_POST_2);
    expect(await authorsSeenBy(kabir, 'safetytag')).toContain(ADARSH);
    expect((await kabir.api.v2.members.relationship(ADARSH)).relationship.muting).toBe(false);
    expect((await (await signIn(2)).api.v2.comments.ofPost(MEERA_POST)).comments.map((c) => c.user._id)).toContain(KABIR);
    const me = await adarsh.api.v2.me.mutes();
    expect(me.mutes.map((m) => [m.member._id, m.until])).toEqual([[KABIR, relationship.mutedUntil]]);
    expect((await adarsh.api.v2.me.exportData()).mutes).toEqual([
      { memberId: KABIR, userHandler: 'kabirshah', until: relationship.mutedUntil },
    ]);

    await adarsh.api.v2.members.unmute(KABIR);
    expect(await authorsSeenBy(adarsh, 'safetytag')).toContain(KABIR);
    expect((await adarsh.api.v2.comments.ofPost(MEERA_POST)).comments.map((c) => c.user._id)).toContain(KABIR);
    await expectError(adarsh.api.v2.members.unmute(KABIR), 400, V2_ERRORS.notMuted);
  });

  it('stops applying when it ends, with nothing to run', async () => {
    const adarsh = await signIn(1);
    await adarsh.api.v2.members.mute(KABIR, 1);
    // Within the second it was made the mute may still hide Kabir; once it ends his posts come back on their own.
    const deadline = Date.now() + 15_000;
    let seen = false;
    while (!seen && Date.now() < deadline) {
      seen =
        (await adarsh.api.v2.members.posts(KABIR)).posts.length > 0 &&
        ids((await adarsh.api.v2.members.search('kabir')).members).includes(KABIR);
    }
    expect(seen).toBe(true);
    expect((await adarsh.api.v2.members.relationship(KABIR)).relationship).toEqual({ blocking: false, muting: false, mutedUntil: null });
    expect((await everyPost((cursor) => adarsh.api.v2.feed.explore({ limit: 10, cursor }))).map((p) => p._id)).toContain(KABIR_POST);
    await expectError(adarsh.api.v2.members.unmute(KABIR), 400, V2_ERRORS.notMuted);
  });

  it('for ever until unmuted, and refuses a bad duration', async () => {
    const adarsh = await signIn(1);
    expect((await adarsh.api.v2.members.mute(KABIR, MUTE_DURATIONS.forever)).relationship).toEqual({
      blocking: false,
      muting: true,
      mutedUntil: null,
    });
    for (const duration of [-1, 1.5, 40_000_000])
      await expectError(adarsh.api.v2.members.mute(KABIR, duration), 400, V2_ERRORS.badMuteDuration);
    await expectError(adarsh.api.v2.members.mute(ADARSH, 60), 400, V2_ERRORS.blockSelf);
  });
});

describe('reports and moderation', () => {
  it('a member reports a post and a member; the moderator sees the open reports oldest first', async () => {
    const adarsh = await signIn(1);
    const first = await adarsh.api.v2.posts.report(KABIR_POST, { reason: 'spam', details: '  Same link everywhere  ' });
    const second = await adarsh.api.v2.members.report(ROHAN, { reason: 'harassment', details: '' });
    const sara = await signIn(4);
    expect((await sara.api.v2.me.roles()).moderator).toBe(true);
    expect((await adarsh.api.v2.me.roles()).moderator).toBe(false);
    const { reports, nextCursor } = await sara.api.v2.moderation.reports();
    expect(nextCursor).toBeNull();
    expect(ids(reports)).toEqual([first.reportId, second.reportId]);
    expect(reports[0]).toMatchObject({
      reason: 'spam',
      details: 'Same link everywhere',
      status: 'open',
      reporter: { _id: ADARSH },
      member: { _id: KABIR },
      post: { _id: KABIR_POST },
      decidedBy: null,
      decidedAt: null,
    });
    expect(reports[1]).toMatchObject({ reason: 'harassment', member: { _id: ROHAN }, post: null });
    const page1 = await sara.api.v2.moderation.reports({ limit: 1 });
    expect(ids(page1.reports)).toEqual([first.reportId]);
    expect(ids((await sara.api.v2.moderation.reports({ limit: 1, cursor: page1.nextCursor })).reports)).toEqual([second.reportId]);
  });

  it('removing the post deletes it with its comments and closes every open report of it, recording who and when', async () => {
    const adarsh = await signIn(1);
    const meera = await signIn(2);
    const kabir = await signIn(3);
    const kabirBefore = (await anonymous().v2.members.byId(KABIR)).member.postCount;
    const { comment } = await meera.api.v2.comments.add(KABIR_POST, `a comment that goes with it, @${adarsh.user.userHandler}`);
    await meera.api.v2.posts.like(KABIR_POST);
    const one = await adarsh.api.v2.posts.report(KABIR_POST, { reason: 'other', details: 'Off-topic' });
    const two = await meera.api.v2.posts.report(KABIR_POST, { reason: 'spam' });
    const about = async (s: Session) =>
      (await s.api.v2.notifications.list({ limit: 50 })).notifications.filter((n) => n.postId === KABIR_POST);
    const unread = async (s: Session) => (await s.api.v2.notifications.unreadCount()).count;
    expect((await about(kabir)).map((n) => n.kind).sort()).toEqual(['comment', 'like']);
    expect((await about(adarsh)).map((n) => n.kind)).toEqual(['mention']);
    const [kabirUnread, adarshUnread] = [await unread(kabir), await unread(adarsh)];
    const sara = await signIn(4);
    const { report } = await sara.api.v2.moderation.removePost(one.reportId);
    // The post's notifications go with it, and so do their unread marks.
    expect(await about(kabir)).toEqual([]);
    expect(await about(adarsh)).toEqual([]);
    expect([await unread(kabir), await unread(adarsh)]).toEqual([kabirUnread - 2, adarshUnread - 1]);
    expect(report).toMatchObject({ _id: one.reportId, status: 'removed', decidedBy: { _id: 'u4-sara' }, post: null });
    expect(Date.parse(report.decidedAt ?? '')).not.toBeNaN();
    await expectError(anonymous().v2.posts.byId(KABIR_POST), 404, SERVER_ERRORS.postNotFound);
    await expectError(meera.api.v2.comments.edit(comment._id, 'still here?'), 404, SERVER_ERRORS.commentNotFound);
    expect((await anonymous().v2.members.byId(KABIR)).member.postCount).toBe(kabirBefore - 1);
    expect(ids((await sara.api.v2.moderation.reports()).reports)).not.toContain(two.reportId);
    await expectError(sara.api.v2.moderation.dismiss(two.reportId), 409, V2_ERRORS.reportDecided);
  });

  it('one open report per member and post, or member: another is refused until it is decided', async () => {
    const adarsh = await signIn(1);
    const post = await adarsh.api.v2.posts.report(MEERA_POST, { reason: 'spam' });
    const member = await adarsh.api.v2.members.report(ROHAN, { reason: 'other' });
    await expectError(adarsh.api.v2.posts.report(MEERA_POST, { reason: 'harassment' }), 400, V2_ERRORS.alreadyReported);
    await expectError(adarsh.api.v2.members.report(ROHAN, { reason: 'spam' }), 400, V2_ERRORS.alreadyReported);
    // A report of the member is not one of their post; another member's report is theirs.
    const meeraAuthor = await adarsh.api.v2.members.report(MEERA, { reason: 'spam' });
    const byKabir = await (await signIn(3)).api.v2.posts.report(MEERA_POST, { reason: 'spam' });
    const sara = await signIn(4);
    expect(ids((await sara.api.v2.moderation.reports()).reports)).toEqual([
      post.reportId,
      member.reportId,
      meeraAuthor.reportId,
      byKabir.reportId,
    ]);
    // Once decided, the post can be reported again.
    await sara.api.v2.moderation.dismiss(post.reportId);
    const again = await adarsh.api.v2.posts.report(MEERA_POST, { reason: 'harassment' });
    expect(ids((await sara.api.v2.moderation.reports()).reports)).toContain(again.reportId);
  });

  it('dismissing closes the report and leaves the post', async () => {
    const adarsh = await signIn(1);
    const { reportId } = await adarsh.api.v2.posts.report(MEERA_POST, { reason: 'spam' });
    const member = await adarsh.api.v2.members.report(ROHAN, { reason: 'other', details: 'Impersonation' });
    const sara = await signIn(4);
    expect((await sara.api.v2.moderation.dismiss(reportId)).report).toMatchObject({ status: 'dismissed', decidedBy: { _id: 'u4-sara' } });
    expect((await anonymous().v2.posts.byId(MEERA_POST)).post._id).toBe(MEERA_POST);
    expect(ids((await sara.api.v2.moderation.reports()).reports)).toEqual([member.reportId]);
    await expectError(sara.api.v2.moderation.dismiss(reportId), 409, V2_ERRORS.reportDecided);
    await expectError(sara.api.v2.moderation.removePost(member.reportId), 400, V2_ERRORS.notAPostReport);
    await expectError(sara.api.v2.moderation.dismiss('no-such-report'), 404, V2_ERRORS.reportNotFound);
  });

  it('refuses a non-moderator reading or deciding reports (403), whatever the report', async () => {
    const adarsh = await signIn(1);
    const { reportId } = await adarsh.api.v2.posts.report(KABIR_POST, { reason: 'spam' });
    for (const n of [1, 2, 3] as const) {
      const { api } = await signIn(n);
      await expectError(api.v2.moderation.reports(), 403, SERVER_ERRORS.notModerator);
      await expectError(api.v2.moderation.removePost(reportId), 403, SERVER_ERRORS.notModerator);
      await expectError(api.v2.moderation.dismiss(reportId), 403, SERVER_ERRORS.notModerator);
      await expectError(api.v2.moderation.dismiss('no-such-report'), 403, SERVER_ERRORS.notModerator);
    }
    await expectError(anonymous().v2.moderation.reports(), 404, SERVER_ERRORS.userNotFound);
    expect((await anonymous().v2.posts.byId(KABIR_POST)).post._id).toBe(KABIR_POST);
    expect(ids((await (await signIn(4)).api.v2.moderation.reports()).reports)).toEqual([reportId]);
  });

  it('refuses a report of oneself or one’s own post, a bad reason, and long details', async () => {
    const adarsh = await signIn(1);
    await expectError(adarsh.api.v2.posts.report(ADARSH_POST, { reason: 'spam' }), 400, V2_ERRORS.reportSelf);
    await expectError(adarsh.api.v2.members.report(ADARSH, { reason: 'spam' }), 400, V2_ERRORS.reportSelf);
    // @ts-expect-error -- a reason the contract does not have
    await expectError(adarsh.api.v2.posts.report(KABIR_POST, { reason: 'rude' }), 400, V2_ERRORS.badReportReason);
    await expectError(
      adarsh.api.v2.posts.report(KABIR_POST, { reason: 'spam', details: 'x'.repeat(1001) }),
      400,
      '"details" must be at most 1000 characters.',
    );
    await expectError(adarsh.api.v2.posts.report('no-such-post', { reason: 'spam' }), 404, SERVER_ERRORS.postNotFound);
    expect((await (await signIn(4)).api.v2.moderation.reports()).reports).toEqual([]);
  });
});

describe('account deletion', () => {
  it('removes the member’s blocks, mutes and reports, and those of others about them', async () => {
    const meera = await signIn(2);
    const adarsh = await signIn(1);
    await meera.api.v2.members.block(KABIR);
    await meera.api.v2.members.mute(ROHAN, 0);
    await meera.api.v2.posts.report(KABIR_POST, { reason: 'spam' });
    await adarsh.api.v2.members.block(MEERA);
    await adarsh.api.v2.members.mute(MEERA, 0);
    await adarsh.api.v2.members.report(MEERA, { reason: 'spam' });
    await meera.api.v2.me.deleteAccount('meera1234');
    const data = await adarsh.api.v2.me.exportData();
    expect(data.blocks).toEqual([]);
    expect(data.mutes).toEqual([]);
    expect((await (await signIn(4)).api.v2.moderation.reports()).reports).toEqual([]);
    expect(ids((await (await signIn(3)).api.v2.members.search('kabir')).members)).toContain(KABIR);
  });
});
