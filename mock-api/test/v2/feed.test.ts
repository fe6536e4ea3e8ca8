/** v2 feeds: explore and home pages (Latest and Trending), limits, cursors, optional viewer fields. */
import { SERVER_ERRORS } from '../../src/contract';
import { PAGE_LIMITS, V2_ERRORS, type PostsPageV2 } from '../../src/contract-v2';
import { anonymous, expectError, raw, signIn, withTestServer, withToken } from '../helpers';
import { allPages, base64url, countsOf, countsV2, ids, latestOrder, POST_KEYS, trendingOrder, v1World } from './support';

withTestServer();

describe('GET /v2/feed/explore', () => {
  it('Latest: every post, newest first (createdAt then _id descending), in pages that never repeat or skip', async () => {
    const { posts } = await v1World();
    const api = anonymous().v2;
    const { items, pages } = await allPages(
      (cursor) => api.feed.explore({ sort: 'latest', limit: 3, cursor }),
      (p) => p.posts,
      3,
    );
    expect(ids(items)).toEqual(ids(latestOrder(posts)));
    expect(pages).toBe(Math.ceil(posts.length / 3));
    // Counts are the same as the spec's API shows.
    const v1 = new Map(posts.map((p) => [p._id, p]));
    for (const post of items) expect(countsV2(post)).toEqual(countsOf(v1.get(post._id)!));
  });

  it('Latest is the default sort; the default page is 20, the largest 50', async () => {
    const { posts } = await v1World();
    const api = anonymous().v2;
    const first = await api.feed.explore();
    expect(ids(first.posts)).toEqual(ids(latestOrder(posts)).slice(0, PAGE_LIMITS.default));
    expect(first.nextCursor === null).toBe(posts.length <= PAGE_LIMITS.default);
    const big = await api.feed.explore({ limit: PAGE_LIMITS.max });
    expect(ids(big.posts)).toEqual(ids(latestOrder(posts)).slice(0, PAGE_LIMITS.max));
    const one = await api.feed.explore({ limit: 1 });
    expect(one.posts).toHaveLength(1);
    expect(one.nextCursor).toEqual(expect.any(String));
  });

  it('Trending: only posts with a like or a comment, by likes plus comments, then newest', async () => {
    const { posts } = await v1World();
    const api = anonymous().v2;
    const { items } = await allPages(
      (cursor) => api.feed.explore({ sort: 'trending', limit: 4, cursor }),
      (p) => p.posts,
      4,
    );
    expect(ids(items)).toEqual(ids(trendingOrder(posts)));
    expect(items.every((p) => p.likeCount + p.commentCount > 0)).toBe(true);
  });

  it('a post nobody reacted to is in Latest, not in Trending; its first like puts it there', async () => {
    const { api } = await signIn(2);
    const { post } = await api.v2.posts.create({ content: 'Fresh, no reactions yet', pic: '' });
    expect(ids((await anonymous().v2.feed.explore({ limit: 1 })).posts)).toEqual([post._id]);
    const trending = async () =>
      ids(
        (
          await allPages(
            (cursor) => anonymous().v2.feed.explore({ sort: 'trending', limit: 50, cursor }),
            (p) => p.posts,
            50,
          )
        ).items,
      );
    expect(await trending()).not.toContain(post._id);
    const other = await signIn(3);
    await other.api.v2.posts.like(post._id);
    expect(await trending()).toEqual(ids(trendingOrder((await v1World()).posts)));
    expect(await trending()).toContain(post._id);
  });

  it('a cursor keeps its place: posts added after page 1 do not repeat or shift page 2', async () => {
    const api = anonymous().v2;
    const page1 = await api.feed.explore({ limit: 2 });
    const before = await api.feed.explore({ limit: 2, cursor: page1.nextCursor });
    const { api: writer } = await signIn(1);
    await writer.v2.posts.create({ content: 'Written between two pages', pic: '' });
    const after = await api.feed.explore({ limit: 2, cursor: page1.nextCursor });
    expect(ids(after.posts)).toEqual(ids(before.posts));
  });

  it.each(['0', '51', '2.5', 'abc', '-1', '1e1'])('limit=%s answers 400 badLimit', async (limit) => {
    const res = await raw('GET', `/v2/feed/explore?limit=${limit}`);
    expect(res).toMatchObject({ status: 400, json: { errors: [V2_ERRORS.badLimit] } });
  });

  it('a limit, cursor or sort given twice answers 400, whichever value comes last', async () => {
    const page1 = await anonymous().v2.feed.explore({ limit: 1 });
    expect(await raw('GET', '/v2/feed/explore?limit=2&limit=3')).toMatchObject({ status: 400, json: { errors: [V2_ERRORS.badLimit] } });
    expect(await raw('GET', '/v2/feed/explore?limit=2&limit=2')).toMatchObject({ status: 400, json: { errors: [V2_ERRORS.badLimit] } });
    const cursor = encodeURIComponent(page1.nextCursor ?? '');
    expect(await raw('GET', `/v2/feed/explore?cursor=${cursor}&cursor=${cursor}`)).toMatchObject({
      status: 400,
      json: { errors: [V2_ERRORS.badCursor] },
    });
    expect(await raw('GET', '/v2/feed/explore?sort=latest&sort=trending')).toMatchObject({
      status: 400,
      json: { errors: [V2_ERRORS.badSort] },
    });
  });

  it.each([
    ['not base64url', '***'],
    ['not a keyset', base64url('hello')],
    ['a keyset of the wrong shape', base64url('[1,2,3,4,5,6]')],
  ])('a cursor that is %s answers 400 badCursor', async (_what, cursor) => {
    const res = await raw('GET', `/v2/feed/explore?cursor=${cursor}`);
    expect(res).toMatchObject({ status: 400, json: { errors: [V2_ERRORS.badCursor] } });
  });

  it("refuses another list's cursor, even one whose key has the same shape", async () => {
    const { posts } = await v1World();
    const latest = await anonymous().v2.feed.explore({ sort: 'latest', limit: 1 });
    const authorId = posts[0]!.userId;
    for (const path of ['/v2/feed/explore?sort=trending', `/v2/members/${authorId}/posts`, `/v2/members/${authorId}/activities`]) {
      const res = await raw('GET', `${path}${path.includes('?') ? '&' : '?'}cursor=${latest.nextCursor}`);
      expect([path, res]).toMatchObject([path, { status: 400, json: { errors: [V2_ERRORS.badCursor] } }]);
    }
  });

  it.each(['oldest', 'LATEST', 'popular'])('sort=%s answers 400 badSort', async (sort) => {
    const res = await raw('GET', `/v2/feed/explore?sort=${sort}`);
    expect(res).toMatchObject({ status: 400, json: { errors: [V2_ERRORS.badSort] } });
  });

  it('carries viewer fields only with a token, and exactly the public post fields', async () => {
    const bare = await anonymous().v2.feed.explore({ limit: 5 });
    for (const post of bare.posts) {
      expect(Object.keys(post).sort()).toEqual([...POST_KEYS].sort());
      expect(Object.keys(post.author).sort()).toEqual(['_id', 'firstName', 'lastName', 'pic', 'userHandler']);
    }
    const { api, user } = await signIn(1);
    const { posts } = await v1World();
    const mine = await api.v2.feed.explore({ limit: 50 });
    const v1 = new Map(posts.map((p) => [p._id, p]));
    for (const post of mine.posts) {
      const old = v1.get(post._id)!;
      const reaction = old.likes.likedBy.some((u) => u._id === user._id)
        ? 'like'
        : old.likes.dislikedBy.some((u) => u._id === user._id)
          ? 'dislike'
          : null;
      expect(post.viewer).toEqual({ reaction, bookmarked: user.bookmarks.includes(post._id), reposted: false });
    }
  });

  it('a bad token answers 401 badToken, even on a read that needs none', async () => {
    await expectError(withToken('not-a-token').v2.feed.explore(), 401, SERVER_ERRORS.badToken);
    const { api, token } = await signIn(4);
    await api.auth.logout();
    await expectError(withToken(token).v2.feed.explore(), 401, SERVER_ERRORS.badToken);
  });
});

describe('GET /v2/feed/home', () => {
  it('holds the posts of me, my followers and the people I follow, newest first, in pages', async () => {
    const { posts, users } = await v1World();
    for (const n of [1, 2, 3] as const) {
      const { api, user } = await signIn(n);
      const me = users.find((u) => u._id === user._id)!;
      const circle = new Set([me._id, ...me.followers.map((u) => u._id), ...me.following.map((u) => u._id)]);
      const expected = ids(latestOrder(posts.filter((p) => circle.has(p.userId))));
      const { items } = await allPages(
        (cursor) => api.v2.feed.home({ limit: 3, cursor }),
        (p) => p.posts,
        3,
      );
      expect(ids(items)).toEqual(expected);
      const trending = await allPages(
        (cursor) => api.v2.feed.home({ sort: 'trending', limit: 2, cursor }),
        (p) => p.posts,
        2,
      );
      expect(ids(trending.items)).toEqual(ids(trendingOrder(posts.filter((p) => circle.has(p.userId)))));
    }
  });

  it("a new member's home is their own posts, then also those of whom they follow", async () => {
    const { encodedToken, me } = await anonymous().v2.auth.signup({
      username: 'home@x.dev',
      password: 'secret123',
      firstName: 'Ho',
      lastName: 'Me',
    });
    const api = withToken(encodedToken).v2;
    expect(await api.feed.home()).toEqual({ posts: [], nextCursor: null });
    const { post } = await api.posts.create({ content: 'My first post', pic: '' });
    expect(ids((await api.feed.home()).posts)).toEqual([post._id]);
    const { posts, users } = await v1World();
    const sara = users[3]!;
    await api.members.follow(sara._id);
    const expected = ids(latestOrder(posts.filter((p) => p.userId === me._id || p.userId === sara._id)));
    const { items } = await allPages(
      (cursor) => api.feed.home({ limit: 5, cursor }),
      (p) => p.posts,
      5,
    );
    expect(ids(items)).toEqual(expected);
  });

  it('needs a member: no token answers 404 userNotFound', async () => {
    await expectError(anonymous().v2.feed.home(), 404, SERVER_ERRORS.userNotFound);
  });

  it('checks limit, cursor and sort like explore', async () => {
    const { token } = await signIn(1);
    const headers = { authorization: token };
    expect(await raw('GET', '/v2/feed/home?limit=0', { headers })).toMatchObject({ status: 400, json: { errors: [V2_ERRORS.badLimit] } });
    expect(await raw('GET', '/v2/feed/home?cursor=%21', { headers })).toMatchObject({
      status: 400,
      json: { errors: [V2_ERRORS.badCursor] },
    });
    expect(await raw('GET', '/v2/feed/home?sort=x', { headers })).toMatchObject({ status: 400, json: { errors: [V2_ERRORS.badSort] } });
  });
});

describe('answers that do not grow', () => {
  it('a page of 20 stays the same size whatever else is posted', async () => {
    const size = (page: PostsPageV2) => JSON.stringify(page).length;
    const { api } = await signIn(1);
    const before = size(await anonymous().v2.feed.explore({ limit: 1 }));
    for (let i = 0; i < 5; i += 1) await api.v2.posts.create({ content: 'x', pic: '' });
    const after = await anonymous().v2.feed.explore({ limit: 1 });
    expect(after.posts).toHaveLength(1);
    expect(Math.abs(size(after) - before)).toBeLessThan(1000);
  });
});
