/**
 * v2 pictures and edit history: up to four pictures per post, each with a description and its
 * size; v1 keeps `pic` as the first one; every edit that changes something keeps the version
 * before it, readable by whoever can see the post (GET /v2/posts/:postId/history, paged).
 */
import { SERVER_ERRORS } from '../../src/contract';
import { POST_PICTURES, V2_ERRORS, V2_TEXT_LIMITS, type PictureDraftV2, type PostHistoryPageV2, type PostV2 } from '../../src/contract-v2';
import { INPUT_MESSAGES } from '../../src/server';
import { anonymous, expectError, raw, signIn, withTestServer } from '../helpers';
import { allPages, v1World } from './support';

withTestServer();

/** A small PNG's data URL (its signature and `n` more bytes: each is a different stored image). */
const png = (n: number) =>
  `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(n, n)]).toString('base64')}`;
const picture = (n: number, alt = `Picture ${n}`, width = 1200 + n, height = 800): PictureDraftV2 => ({ pic: png(n), alt, width, height });
const sizes = (post: { pictures: { alt: string; width: number; height: number }[] }) =>
  post.pictures.map(({ alt, width, height }) => ({ alt, width, height }));
const v1Post = async (postId: string) => (await anonymous().posts.byId(postId)).post;
const history = (postId: string, query = '', token?: string) =>
  raw('GET', `/v2/posts/${postId}/history${query}`, { headers: token ? { authorization: token } : {} });

describe('pictures of a v2 post', () => {
  it('creates a post with up to four pictures, each with its description and size; pic is the first (v1 too)', async () => {
    const { api } = await signIn(1);
    const drafts = [picture(1, 'A red door'), picture(2, 'A blue window', 800, 1200), picture(3, ''), picture(4, '  Steps  ')];
    const { post } = await api.v2.posts.create({ content: 'Four pictures', pic: '', pictures: drafts });
    expect(sizes(post)).toEqual([
      { alt: 'A red door', width: 1201, height: 800 },
      { alt: 'A blue window', width: 800, height: 1200 },
      { alt: '', width: 1203, height: 800 },
      { alt: 'Steps', width: 1204, height: 800 },
    ]);
    expect(new Set(post.pictures.map((p) => p.url)).size).toBe(4);
    expect(post).toMatchObject({ pic: post.pictures[0]!.url, picAlt: 'A red door', edited: false });
    // The same post read again, and through the spec's API: v1 shows the first picture, nothing more.
    expect((await anonymous().v2.posts.byId(post._id)).post.pictures).toEqual(post.pictures);
    const old = await v1Post(post._id);
    expect(old.pic).toBe(post.pictures[0]!.url);
    expect(old).not.toHaveProperty('pictures');
  });

  it('answers a post made with `pic` alone as one picture of unknown size, and none without', async () => {
    const { api } = await signIn(2);
    const { post } = await api.v2.posts.create({ content: 'One', pic: png(9), picAlt: 'Nine' });
    expect(post.pictures).toEqual([{ url: post.pic, alt: 'Nine', width: 0, height: 0 }]);
    const { post: none } = await api.v2.posts.create({ content: 'None', pic: '' });
    expect(none.pictures).toEqual([]);
    const { post: seeded } = await anonymous().v2.posts.byId('p01-sunrise');
    expect(seeded.pictures.map((p) => p.url)).toEqual(seeded.pic ? [seeded.pic] : []);
  });

  it('refuses a fifth picture, a too long description, bad sizes or a bad list, storing nothing', async () => {
    const { api } = await signIn(1);
    const before = (await v1World()).posts.length;
    const create = (pictures: unknown) => api.v2.posts.create({ content: 'x', pic: '', pictures: pictures as PictureDraftV2[] });
    await expectError(create([1, 2, 3, 4, 5].map((n) => picture(n))), 400, V2_ERRORS.tooManyPictures);
    expect(POST_PICTURES.max).toBe(4);
    await expectError(
      create([picture(1, 'a'.repeat(V2_TEXT_LIMITS.picAlt + 1))]),
      400,
      INPUT_MESSAGES.tooLong('pictures[0].alt', V2_TEXT_LIMITS.picAlt),
    );
    expect(V2_TEXT_LIMITS.picAlt).toBe(1500);
    for (const [width, height] of [
      [0, 10],
      [10, -1],
      [1.5, 10],
      [10, POST_PICTURES.maxSide + 1],
      ['100', 10],
      [undefined, 10],
    ])
      await expectError(create([{ pic: png(1), alt: '', width, height }]), 400, V2_ERRORS.badPictureSize);
    await expectError(create('not a list'), 400, V2_ERRORS.picturesList);
    await expectError(create([{ pic: '', width: 10, height: 10 }]), 400, V2_ERRORS.picturesList);
    await expectError(create([{ ...picture(1), pic: 'javascript:alert(1)' }]), 400, INPUT_MESSAGES.imageType);
    // A picture right at the limits is taken.
    const { post } = await create([picture(1, 'a'.repeat(V2_TEXT_LIMITS.picAlt), POST_PICTURES.maxSide, 1)]);
    expect(sizes(post)).toEqual([{ alt: 'a'.repeat(V2_TEXT_LIMITS.picAlt), width: POST_PICTURES.maxSide, height: 1 }]);
    expect((await v1World()).posts).toHaveLength(before + 1);
  });

  it('edits the pictures: the list replaces them all; a URL an answer gave keeps that picture', async () => {
    const { api } = await signIn(1);
    const { post } = await api.v2.posts.create({ content: 'Album', pic: '', pictures: [picture(1), picture(2)] });
    const [first, second] = post.pictures;
    const { post: edited } = await api.v2.posts.edit(post._id, {
      content: 'Album',
      pic: '',
      pictures: [{ pic: second!.url, alt: 'Second, now first', width: second!.width, height: second!.height }, picture(3)],
    });
    expect(edited.pictures[0]!.url).toBe(second!.url);
    expect(edited.pictures.map((p) => p.url)).not.toContain(first!.url);
    expect(sizes(edited)).toEqual([
      { alt: 'Second, now first', width: 1202, height: 800 },
      { alt: 'Picture 3', width: 1203, height: 800 },
    ]);
    expect(edited.pic).toBe(second!.url);
    expect((await v1Post(post._id)).pic).toBe(second!.url);
  });

  it('a v1 edit that sends the first picture back keeps every picture; a new one replaces them', async () => {
    const { api } = await signIn(1);
    const { post } = await api.v2.posts.create({ content: 'Album', pic: '', pictures: [picture(1), picture(2)] });
    await api.posts.edit(post._id, { content: 'Text only', pic: post.pic });
    const kept = (await api.v2.posts.byId(post._id)).post;
    expect(kept).toMatchObject({ content: 'Text only' });
    expect(kept.pictures).toEqual(post.pictures);
    await api.posts.edit(post._id, { content: 'New picture', pic: png(7) });
    const replaced = (await api.v2.posts.byId(post._id)).post;
    expect(replaced.pictures).toEqual([{ url: replaced.pic, alt: '', width: 0, height: 0 }]);
  });
});

describe('GET /v2/posts/{postId}/history', () => {
  it('keeps every earlier version (text, pictures, descriptions, time), newest first, paged', async () => {
    const { api } = await signIn(1);
    const { post } = await api.v2.posts.create({ content: 'First words', pic: '', pictures: [picture(1, 'Door')] });
    expect((await api.v2.posts.history(post._id)).versions).toEqual([]);
    const second = await api.v2.posts.edit(post._id, { content: 'Second words', pic: '', pictures: [picture(1, 'Red door'), picture(2)] });
    expect(second.post.edited).toBe(true);
    const third = await api.v2.posts.edit(post._id, { content: 'Third words', pic: '', pictures: [] });
    expect(third.post).toMatchObject({ edited: true, pictures: [], pic: '' });

    const { versions, nextCursor } = await api.v2.posts.history(post._id);
    expect(nextCursor).toBeNull();
    expect(versions.map((v) => v.content)).toEqual(['Second words', 'First words']);
    expect(versions[0]!.pictures).toEqual(second.post.pictures);
    expect(versions[1]!.pictures).toEqual(post.pictures);
    expect(versions[1]!.createdAt).toBe(post.createdAt);
    expect(versions[0]!.createdAt).toBe(second.post.updatedAt);

    // Paged like every list: one at a time gives the same, in the same order.
    const paged = await allPages<PostHistoryPageV2['versions'][number], PostHistoryPageV2>(
      (cursor) => api.v2.posts.history(post._id, { limit: 1, cursor }),
      (page) => page.versions,
      1,
    );
    expect(paged.items).toEqual(versions);
    expect(paged.pages).toBe(2);
    // The cursor of another list is refused.
    const feed = await api.v2.feed.explore({ limit: 1 });
    await expectError(api.v2.posts.history(post._id, { cursor: feed.nextCursor }), 400, V2_ERRORS.badCursor);
  });

  it('an edit that changes nothing keeps no version; a changed description alone does', async () => {
    const { api } = await signIn(2);
    const { post } = await api.v2.posts.create({ content: 'Same', pic: '', pictures: [picture(5, 'Cat')] });
    const keep = { pic: post.pictures[0]!.url, alt: 'Cat', width: 1205, height: 800 };
    const { post: same } = await api.v2.posts.edit(post._id, { content: 'Same', pic: '', pictures: [keep] });
    expect(same.edited).toBe(false);
    expect((await api.v2.posts.history(post._id)).versions).toEqual([]);
    const { post: described } = await api.v2.posts.edit(post._id, { content: 'Same', pic: '', pictures: [{ ...keep, alt: 'A grey cat' }] });
    expect(described.edited).toBe(true);
    const { versions } = await api.v2.posts.history(post._id);
    expect(versions.map((v) => v.pictures.map((p) => p.alt))).toEqual([['Cat']]);
  });

  it('is public to whoever can see the post: 404 for an unknown or deleted post, or one whose author blocked the viewer', async () => {
    const author = await signIn(1);
    const reader = await signIn(3);
    const { post } = await author.api.v2.posts.create({ content: 'Before', pic: '' });
    await author.api.v2.posts.edit(post._id, { content: 'After', pic: '' });
    const anon = await history(post._id);
    expect(anon.status).toBe(200);
    expect((anon.json as PostHistoryPageV2).versions.map((v) => v.content)).toEqual(['Before']);
    expect(Object.keys(anon.json as object).sort()).toEqual(['nextCursor', 'versions']);
    expect(Object.keys((anon.json as PostHistoryPageV2).versions[0]!).sort()).toEqual(['content', 'createdAt', 'pictures']);
    expect((await history(post._id, '', reader.token)).status).toBe(200);
    await expectError(anonymous().v2.posts.history('nope'), 404, SERVER_ERRORS.postNotFound);

    await author.api.v2.members.block(reader.user._id);
    await expectError(reader.api.v2.posts.history(post._id), 404, SERVER_ERRORS.postNotFound);
    await author.api.v2.members.unblock(reader.user._id);
    expect((await reader.api.v2.posts.history(post._id)).versions).toHaveLength(1);

    await author.api.v2.posts.remove(post._id);
    await expectError(anonymous().v2.posts.history(post._id), 404, SERVER_ERRORS.postNotFound);
  });

  it("the member's data download holds their posts' pictures and history", async () => {
    const { api } = await signIn(4);
    const { post } = await api.v2.posts.create({ content: 'Exported', pic: '', pictures: [picture(6, 'Six')] });
    const { post: edited } = await api.v2.posts.edit(post._id, { content: 'Exported, edited', pic: '', pictures: [picture(8, 'Eight')] });
    const data = await api.v2.me.exportData();
    const mine = data.posts.find((p) => p._id === post._id)!;
    expect(mine.pictures).toEqual(edited.pictures);
    expect(data.postHistory.filter((v) => v.postId === post._id)).toEqual([
      { postId: post._id, content: 'Exported', pictures: post.pictures, createdAt: post.createdAt },
    ]);
  });
});

describe('pictures and the request body', () => {
  it('keeps a post of four pictures at the image limit within the body limit', async () => {
    const { token } = await signIn(1);
    // Just under 1 MB each, as the apps prepare them.
    const big = (n: number) =>
      `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1024 * 1024 - 16, n)]).toString('base64')}`;
    const pictures = [1, 2, 3, 4].map((n) => ({ pic: big(n), alt: '', width: 2048, height: 1536 }));
    const res = await raw('POST', '/v2/posts', {
      headers: { authorization: token },
      body: JSON.stringify({ postData: { content: 'Big', pic: '', pictures } }),
    });
    expect(res.status).toBe(201);
    expect((res.json as { post: PostV2 }).post.pictures).toHaveLength(4);
  });
});
