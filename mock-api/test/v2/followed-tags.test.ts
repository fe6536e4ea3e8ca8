/**
 * v2 tags a member follows (GET /v2/tags/{tag}, POST /v2/tags/follow|unfollow/{tag}, GET
 * /v2/me/tags): their posts join the home feed, once each; and trending tags (GET /v2/trends/tags).
 */
import { SERVER_ERRORS, type Post } from '../../src/contract';
import { MAX_FOLLOWED_TAGS, TRENDING_TAGS, V2_ERRORS } from '../../src/contract-v2';
import { tagsOf } from '../../src/core/text';
import { anonymous, expectError, raw, signIn, withTestServer, withToken } from '../helpers';
import { allPages, ids, latestOrder, trendingOrder, v1World } from './support';

withTestServer();
jest.setTimeout(120_000);

/** A member outside the seed members' circles (nobody follows them), with a client. */
async function outsider(name = 'out') {
  const { encodedToken, me } = await anonymous().v2.auth.signup({
    username: `${name}@x.dev`,
    password: 'secret123',
    firstName: 'Out',
    lastName: 'Sider',
  });
  return { api: withToken(encodedToken), me };
}

describe('following a tag', () => {
  it('GET /v2/tags/{tag} names the tag and, with a token, whether the caller follows it; follow and unfollow change it, twice is refused', async () => {
    expect(await anonymous().v2.tags.get('Café')).toEqual({ tag: { name: 'café' } });
    const { api } = await signIn(1);
    expect(await api.v2.tags.get('cafe\u0301')).toEqual({ tag: { name: 'café', viewerFollows: false } });
    expect(await api.v2.tags.follow('CAFÉ')).toEqual({ tag: { name: 'café', viewerFollows: true } });
    expect(await api.v2.tags.get('café')).toEqual({ tag: { name: 'café', viewerFollows: true } });
    await expectError(api.v2.tags.follow('café'), 400, V2_ERRORS.alreadyFollowingTag);
    expect(await api.v2.tags.unfollow('Café')).toEqual({ tag: { name: 'café', viewerFollows: false } });
    await expectError(api.v2.tags.unfollow('café'), 400, V2_ERRORS.notFollowingTag);
    // Someone else's follows are their own.
    const other = await signIn(2);
    await api.v2.tags.follow('tea');
    expect((await other.api.v2.tags.get('tea')).tag.viewerFollows).toBe(false);
  });

  it('refuses what is no tag, and a follow without a token', async () => {
    const { token } = await signIn(1);
    for (const path of ['/v2/tags/follow/2024', '/v2/tags/unfollow/a-b', '/v2/tags/__'])
      expect(await raw(path.startsWith('/v2/tags/__') ? 'GET' : 'POST', path, { headers: { authorization: token } })).toMatchObject({
        status: 400,
        json: { errors: [V2_ERRORS.badTag] },
      });
    await expectError(anonymous().v2.tags.follow('tea'), 404, SERVER_ERRORS.userNotFound);
    await expectError(anonymous().v2.tags.followed(), 404, SERVER_ERRORS.userNotFound);
  });

  it('GET /v2/me/tags lists the followed tags, most recently followed first, in pages', async () => {
    const { api } = await signIn(3);
    for (const tag of ['one', 'Two', 'three']) await api.v2.tags.follow(tag);
    const { items, pages } = await allPages(
      (cursor) => api.v2.tags.followed({ limit: 1, cursor }),
      (p) => p.tags,
      1,
    );
    expect(pages).toBe(3);
    // Follows within one second share a time: the order is then by name, descending.
    expect(items.map((t) => t.name).sort()).toEqual(['one', 'three', 'two']);
    expect(items.every((t) => t.viewerFollows === true)).toBe(true);
    await api.v2.tags.unfollow('two');
    expect((await api.v2.tags.followed()).tags.map((t) => t.name).sort()).toEqual(['one', 'three']);
  });

  it(`a member follows at most ${MAX_FOLLOWED_TAGS} tags`, async () => {
    const { api } = await signIn(4);
    for (let i = 0; i < MAX_FOLLOWED_TAGS; i += 1) await api.v2.tags.follow(`t${i}x`);
    await expectError(api.v2.tags.follow('onemore'), 400, V2_ERRORS.tooManyFollowedTags);
    await api.v2.tags.unfollow('t0x');
    await expect(api.v2.tags.follow('onemore')).resolves.toEqual({ tag: { name: 'onemore', viewerFollows: true } });
  });
});

describe('followed tags in the home feed', () => {
  /** Home by its rule: my circle's posts and the posts with a tag I follow, each once. */
  const homeOf = (posts: readonly Post[], circle: ReadonlySet<string>, tags: readonly string[], hidden: ReadonlySet<string> = new Set()) =>
    posts.filter((p) => !hidden.has(p.userId) && (circle.has(p.userId) || tagsOf(p.content).some((t) => tags.includes(t))));

  it("a followed tag's posts join home, Latest and Trending, each once; unfollowing takes them out", async () => {
    const ada = await signIn(1);
    const out = await outsider();
    const theirs = (await out.api.v2.posts.create({ content: 'Orchids in bloom #Orchids', pic: '' })).post;
    const mine = (await ada.api.v2.posts.create({ content: 'Mine too #orchids', pic: '' })).post;
    await out.api.v2.posts.create({ content: 'Not tagged, orchids', pic: '' });
    await ada.api.v2.posts.like(theirs._id);
    const home = async (sort: 'latest' | 'trending', limit: number) =>
      ids(
        (
          await allPages(
            (cursor) => ada.api.v2.feed.home({ sort, limit, cursor }),
            (p) => p.posts,
            limit,
          )
        ).items,
      );
    const { users } = await v1World();
    const me = users.find((u) => u._id === ada.user._id)!;
    const circle = new Set([me._id, ...me.followers.map((u) => u._id), ...me.following.map((u) => u._id)]);
    expect(circle.has(out.me._id)).toBe(false);
    expect(await home('latest', 3)).not.toContain(theirs._id);

    await ada.api.v2.tags.follow('orchids');
    const { posts } = await v1World();
    const want = homeOf(posts, circle, ['orchids']);
    const latest = await home('latest', 3);
    expect(latest).toEqual(ids(latestOrder(want)));
    expect(latest.filter((id) => id === mine._id)).toHaveLength(1);
    expect(latest).toContain(theirs._id);
    expect(await home('trending', 2)).toEqual(ids(trendingOrder(want)));

    // Muting the author hides the tag's post too; unfollowing the tag takes it out.
    await ada.api.v2.members.mute(out.me._id, 0);
    expect(await home('latest', 5)).toEqual(ids(latestOrder(homeOf(posts, circle, ['orchids'], new Set([out.me._id])))));
    await ada.api.v2.members.unmute(out.me._id);
    await ada.api.v2.tags.unfollow('orchids');
    expect(await home('latest', 5)).toEqual(ids(latestOrder(homeOf(posts, circle, []))));
  });
});

describe('GET /v2/trends/tags', () => {
  it('the tags of the last day, by how many members used each (most first, then by name), each with its count', async () => {
    const [ada, meera, kabir] = await Promise.all([signIn(1), signIn(2), signIn(3)]);
    for (const [session, content] of [
      [ada, '#alpha one'],
      [ada, '#alpha two #beta'],
      [ada, '#Alpha three'],
      [meera, 'me too #alpha'],
      [kabir, '#gamma and #beta'],
      [meera, '#beta'],
    ] as const)
      await session.api.v2.posts.create({ content, pic: '' });
    expect(await anonymous().v2.tags.trending()).toEqual({
      tags: [
        { name: 'beta', postCount: 3 },
        { name: 'alpha', postCount: 2 },
        { name: 'gamma', postCount: 1 },
      ],
    });
    // Members the viewer hides do not count for them.
    await ada.api.v2.members.mute(meera.user._id, 0);
    expect((await ada.api.v2.tags.trending()).tags).toEqual([
      { name: 'beta', postCount: 2 },
      { name: 'alpha', postCount: 1 },
      { name: 'gamma', postCount: 1 },
    ]);
  });

  it(`answers at most ${TRENDING_TAGS.max}; a deleted post or an edit that drops the tag stops counting`, async () => {
    const { api } = await signIn(2);
    const created = [];
    for (let i = 0; i < TRENDING_TAGS.max + 2; i += 1)
      created.push((await api.v2.posts.create({ content: `#tag${String.fromCharCode(97 + i)}`, pic: '' })).post);
    const { tags } = await anonymous().v2.tags.trending();
    expect(tags.map((t) => t.name)).toEqual(Array.from({ length: TRENDING_TAGS.max }, (_, i) => `tag${String.fromCharCode(97 + i)}`));
    await api.v2.posts.remove(created[0]!._id);
    await api.v2.posts.edit(created[1]!._id, { content: 'no tag now', pic: '' });
    expect((await anonymous().v2.tags.trending()).tags[0]).toEqual({ name: 'tagc', postCount: 1 });
  });

  it(`a post older than ${TRENDING_TAGS.windowHours} hours no longer counts`, async () => {
    const { api } = await signIn(1);
    await api.v2.posts.create({ content: 'Up late #nightowl', pic: '' });
    expect((await anonymous().v2.tags.trending()).tags).toEqual([{ name: 'nightowl', postCount: 1 }]);
    // Only Date moves (the timers stay real): the servers' clocks read it.
    jest.useFakeTimers({
      doNotFake: [
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
      ],
      now: Date.now() + TRENDING_TAGS.windowHours * 3_600_000 + 60_000,
    });
    try {
      expect((await anonymous().v2.tags.trending()).tags).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });
});
