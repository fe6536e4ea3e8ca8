/** v2 tags: GET /v2/tags/{tag}/posts, a tag's posts newest first, kept right by create, edit and delete. */
import { V2_ERRORS, V2_TEXT_LIMITS, type PostV2 } from '../../src/contract-v2';
import { anonymous, raw, signIn, withTestServer } from '../helpers';
import { allPages, base64url, ids, latestOrder, POST_KEYS } from './support';

withTestServer();

/** Every post of the tag, page by page. */
const tagged = async (tag: string, limit = 50) =>
  ids(
    (
      await allPages(
        (cursor) => anonymous().v2.tags.posts(tag, { limit, cursor }),
        (p) => p.posts,
        limit,
      )
    ).items,
  );

describe('GET /v2/tags/{tag}/posts', () => {
  it("answers the tag's posts newest first, in pages that never repeat or skip", async () => {
    const posts: PostV2[] = [];
    for (const [n, content] of [
      [1, 'Starting a #Garden today'],
      [2, 'Tomatoes! #garden #summer'],
      [3, 'Nothing tagged here, just a garden'],
      [1, 'Read https://example.com/notes#garden first'],
      [4, 'Compost (#GARDEN), again'],
      [2, 'Seeds arrived #garden.'],
    ] as const) {
      const { api } = await signIn(n);
      posts.push((await api.v2.posts.create({ content, pic: '' })).post);
    }
    const withTag = posts.filter((p) => /#garden\b/i.test(p.content.replace(/https?:\/\/\S+/g, '')));
    expect(withTag).toHaveLength(4);
    const { items, pages } = await allPages(
      (cursor) => anonymous().v2.tags.posts('garden', { limit: 2, cursor }),
      (p) => p.posts,
      2,
    );
    expect(ids(items)).toEqual(ids(latestOrder(withTag)));
    expect(pages).toBe(2);
    expect(await tagged('summer')).toEqual([posts[1]!._id]);
    for (const post of items) expect(Object.keys(post).sort()).toEqual([...POST_KEYS].sort());
  });

  it('matches case-insensitively and whatever the Unicode form; posts written through v1 count too', async () => {
    const { api, user } = await signIn(3);
    const { post } = await api.v2.posts.create({ content: 'Coffee at the #Café', pic: '' });
    const { posts } = await api.posts.create({ content: 'v1 too: #CAFE\u0301', pic: '', userId: user._id });
    const v1Post = posts.find((p) => p.content === 'v1 too: #CAFE\u0301')!;
    const expected = ids(latestOrder([post, v1Post]));
    for (const written of ['café', 'CAFÉ', 'Cafe\u0301', 'CAFE\u0301']) expect(await tagged(written)).toEqual(expected);
  });

  it('an edit that removes the tag takes the post out; one that adds it puts it back at its place', async () => {
    const { api } = await signIn(2);
    const first = (await api.v2.posts.create({ content: 'Day one #hike', pic: '' })).post;
    const second = (await api.v2.posts.create({ content: 'Day two #hike', pic: '' })).post;
    expect(await tagged('hike')).toEqual(ids(latestOrder([first, second])));
    await api.v2.posts.edit(first._id, { content: 'Day one, no tag', pic: '' });
    expect(await tagged('hike')).toEqual([second._id]);
    await api.v2.posts.edit(second._id, { content: 'Day two #trail', pic: '' });
    expect(await tagged('hike')).toEqual([]);
    expect(await tagged('trail')).toEqual([second._id]);
    await api.v2.posts.edit(first._id, { content: 'Day one #Hike #trail', pic: '' });
    expect(await tagged('hike')).toEqual([first._id]);
    expect(await tagged('trail')).toEqual(ids(latestOrder([first, second])));
  });

  it('a deleted post leaves its tags’ pages', async () => {
    const { api } = await signIn(4);
    const { post } = await api.v2.posts.create({ content: 'Gone soon #ephemeral', pic: '' });
    expect(await tagged('ephemeral')).toEqual([post._id]);
    await api.v2.posts.remove(post._id);
    expect(await tagged('ephemeral')).toEqual([]);
  });

  it('a tag no post has answers an empty last page; with a token, posts carry the viewer fields', async () => {
    expect(await anonymous().v2.tags.posts('nobodyusesthis')).toEqual({ posts: [], nextCursor: null });
    const { api } = await signIn(1);
    const { post } = await api.v2.posts.create({ content: 'Mine #viewer', pic: '' });
    await api.v2.posts.bookmark(post._id);
    const page = await api.v2.tags.posts('viewer');
    expect(page.posts.map((p) => [p._id, p.viewer])).toEqual([[post._id, { reaction: null, bookmarked: true, reposted: false }]]);
  });

  it.each([
    ['digits only', '2024'],
    ['no letter', '__'],
    ['a character that is no letter, digit or _', 'a-b'],
    ['with its #', encodeURIComponent('#garden')],
    ['too long', 'a'.repeat(V2_TEXT_LIMITS.tag + 1)],
  ])('a tag that is %s answers 400 badTag', async (_what, tag) => {
    const res = await raw('GET', `/v2/tags/${tag}/posts`);
    expect(res).toMatchObject({ status: 400, json: { errors: [V2_ERRORS.badTag] } });
  });

  it('the longest tag is a tag', async () => {
    const tag = 'a'.repeat(V2_TEXT_LIMITS.tag);
    expect((await raw('GET', `/v2/tags/${tag}/posts`)).status).toBe(200);
  });

  it("refuses a bad cursor, and another list's cursor, with 400 badCursor; a bad limit with 400 badLimit", async () => {
    const explore = await anonymous().v2.feed.explore({ limit: 1 });
    for (const cursor of ['***', base64url('["T",1]'), explore.nextCursor!]) {
      const res = await raw('GET', `/v2/tags/garden/posts?cursor=${cursor}`);
      expect([cursor, res]).toMatchObject([cursor, { status: 400, json: { errors: [V2_ERRORS.badCursor] } }]);
    }
    expect(await raw('GET', '/v2/tags/garden/posts?limit=0')).toMatchObject({ status: 400, json: { errors: [V2_ERRORS.badLimit] } });
  });
});
