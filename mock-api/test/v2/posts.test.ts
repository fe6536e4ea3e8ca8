/** v2 posts: one post, create/edit/delete, like/dislike, bookmarks; each answer's shape and status, each refusal. */
import { SERVER_ERRORS, TEXT_LIMITS } from '../../src/contract';
import { V2_TEXT_LIMITS, type PostV2 } from '../../src/contract-v2';
import { INPUT_MESSAGES, POST_IMAGES, SEED_POST_IDS } from '../../src/server';
import { anonymous, expectError, raw, signIn, withTestServer } from '../helpers';
import { allPages, AUTHOR_KEYS, countsOf, countsV2, ids, POST_KEYS, v1World } from './support';

withTestServer();

const v1Post = async (postId: string) => (await anonymous().posts.byId(postId)).post;

describe('GET /v2/posts/{postId}', () => {
  it('answers the post with its stored counts and its author, no e-mail', async () => {
    const old = await v1Post('p01-sunrise');
    const { post } = await anonymous().v2.posts.byId('p01-sunrise');
    expect(Object.keys(post).sort()).toEqual([...POST_KEYS].sort());
    expect(Object.keys(post.author).sort()).toEqual([...AUTHOR_KEYS].sort());
    expect(post).toMatchObject({
      _id: old._id,
      id: old.id,
      userId: old.userId,
      content: old.content,
      pic: old.pic,
      createdAt: old.createdAt,
      updatedAt: old.updatedAt,
    });
    expect(post.author._id).toBe(old.userId);
    expect(countsV2(post)).toEqual(countsOf(old));
    expect(JSON.stringify(post)).not.toContain(old.username);
  });

  it('answers 404 postNotFound for an unknown post', async () => {
    await expectError(anonymous().v2.posts.byId('nope'), 404, SERVER_ERRORS.postNotFound);
  });
});

describe('POST /v2/posts and /v2/posts/edit/{postId}', () => {
  it('creates a post (201) answering only that post, with the picture and its description', async () => {
    const { api, user } = await signIn(2);
    const res = await raw('POST', '/v2/posts', {
      headers: { authorization: (await signIn(2)).token },
      body: JSON.stringify({ postData: { content: 'Hello v2', pic: POST_IMAGES.mountains, picAlt: 'A ridge at sunrise' } }),
    });
    expect(res.status).toBe(201);
    const { post } = res.json as { post: PostV2 };
    expect(Object.keys(res.json as object)).toEqual(['post']);
    expect(post).toMatchObject({
      userId: user._id,
      content: 'Hello v2',
      pic: POST_IMAGES.mountains,
      picAlt: 'A ridge at sunrise',
      likeCount: 0,
      dislikeCount: 0,
      commentCount: 0,
    });
    expect(post.viewer).toEqual({ reaction: null, bookmarked: false, reposted: false });
    expect(post.author).toEqual({
      _id: user._id,
      firstName: user.firstName,
      lastName: user.lastName,
      userHandler: user.userHandler,
      pic: user.pic,
    });
    // The same post through both APIs; v1 answers gain no picAlt.
    const old = await v1Post(post._id);
    expect(old).toMatchObject({ _id: post._id, content: 'Hello v2', userId: user._id });
    expect(old).not.toHaveProperty('picAlt');
    const { post: plain } = await api.v2.posts.create({ content: 'No picture', pic: '' });
    expect(plain).toMatchObject({ pic: '', picAlt: '' });
  });

  it('refuses an empty or too long content, a bad picture or a too long description, storing nothing', async () => {
    const { api } = await signIn(1);
    const before = (await v1World()).posts.length;
    await expectError(api.v2.posts.create({ content: '  ', pic: '' }), 400, INPUT_MESSAGES.empty('content'));
    await expectError(
      api.v2.posts.create({ content: 'x'.repeat(TEXT_LIMITS.post + 1), pic: '' }),
      400,
      INPUT_MESSAGES.tooLong('content', TEXT_LIMITS.post),
    );
    await expectError(api.v2.posts.create({ content: 'x', pic: 'javascript:alert(1)' }), 400, INPUT_MESSAGES.imageType);
    await expectError(
      api.v2.posts.create({ content: 'x', pic: POST_IMAGES.mountains, picAlt: 'a'.repeat(V2_TEXT_LIMITS.picAlt + 1) }),
      400,
      INPUT_MESSAGES.tooLong('picAlt', V2_TEXT_LIMITS.picAlt),
    );
    await expectError(anonymous().v2.posts.create({ content: 'x', pic: '' }), 404, SERVER_ERRORS.userNotFound);
    expect((await v1World()).posts).toHaveLength(before);
  });

  it("edits the author's own post (201) keeping the description unless a new picture comes without one", async () => {
    const { api } = await signIn(1);
    const { post } = await api.v2.posts.create({ content: 'Before', pic: POST_IMAGES.mountains, picAlt: 'Mountains' });
    const edited = await api.v2.posts.edit(post._id, { content: 'After', pic: post.pic });
    expect(edited.post).toMatchObject({ _id: post._id, content: 'After', pic: POST_IMAGES.mountains, picAlt: 'Mountains' });
    const res = await raw('POST', `/v2/posts/edit/${post._id}`, {
      headers: { authorization: (await signIn(1)).token },
      body: JSON.stringify({ postData: { content: 'After', pic: '' } }),
    });
    expect(res.status).toBe(201);
    expect((res.json as { post: PostV2 }).post).toMatchObject({ pic: '', picAlt: '' });
  });

  it("refuses to edit another member's post (403 editNotOwner) or an unknown one (404)", async () => {
    const { api } = await signIn(1);
    const sarasPost = 'p01-sunrise';
    await expectError(api.v2.posts.edit(sarasPost, { content: 'Mine now', pic: '' }), 403, SERVER_ERRORS.editNotOwner);
    await expectError(api.v2.posts.edit('nope', { content: 'x', pic: '' }), 404, SERVER_ERRORS.postNotFound);
    expect((await v1Post(sarasPost)).content).not.toBe('Mine now');
  });
});

describe('DELETE /v2/posts/{postId}', () => {
  it('deletes the author’s post (200, { postId }): gone from feeds, profile and bookmarks', async () => {
    const { api, user } = await signIn(4);
    const reader = await signIn(1);
    const { post } = await api.v2.posts.create({ content: 'Short-lived', pic: '' });
    await reader.api.v2.posts.bookmark(post._id);
    const res = await raw('DELETE', `/v2/posts/${post._id}`, { headers: { authorization: (await signIn(4)).token } });
    expect(res).toMatchObject({ status: 200, json: { postId: post._id } });
    await expectError(anonymous().v2.posts.byId(post._id), 404, SERVER_ERRORS.postNotFound);
    expect(ids((await anonymous().v2.feed.explore({ limit: 50 })).posts)).not.toContain(post._id);
    expect(ids((await anonymous().v2.members.posts(user._id, { limit: 50 })).posts)).not.toContain(post._id);
    expect(ids((await reader.api.v2.me.bookmarks()).posts)).not.toContain(post._id);
    expect((await reader.api.v2.me.get()).me.bookmarkCount).toBe(reader.user.bookmarks.length);
  });

  it("refuses another member's post (403 deleteNotOwner) and an unknown one (404)", async () => {
    const { api } = await signIn(1);
    await expectError(api.v2.posts.remove('p01-sunrise'), 403, SERVER_ERRORS.deleteNotOwner);
    await expectError(api.v2.posts.remove('nope'), 404, SERVER_ERRORS.postNotFound);
    expect(SEED_POST_IDS).toContain((await v1Post('p01-sunrise'))._id);
  });
});

describe('POST /v2/posts/like|dislike/{postId}', () => {
  it('a like answers 201 { post } with its new counts and my reaction; a second like is refused', async () => {
    const { api } = await signIn(2);
    const { post: fresh } = await api.v2.posts.create({ content: 'Like me', pic: '' });
    const other = await signIn(3);
    const res = await raw('POST', `/v2/posts/like/${fresh._id}`, { headers: { authorization: other.token } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.json as object)).toEqual(['post']);
    expect((res.json as { post: PostV2 }).post).toMatchObject({
      _id: fresh._id,
      likeCount: 1,
      dislikeCount: 0,
      viewer: { reaction: 'like', bookmarked: false, reposted: false },
    });
    // Small: one post, whatever the size of the network.
    expect(res.text.length).toBeLessThan(2048);
    await expectError(other.api.v2.posts.like(fresh._id), 400, SERVER_ERRORS.alreadyLiked);
    expect((await v1Post(fresh._id)).likes.likeCount).toBe(1);
  });

  it('a dislike takes back my like; a second dislike is refused; a like takes back my dislike', async () => {
    const { api } = await signIn(1);
    const { post: fresh } = await (await signIn(4)).api.v2.posts.create({ content: 'Mixed feelings', pic: '' });
    await api.v2.posts.like(fresh._id);
    const { post } = await api.v2.posts.dislike(fresh._id);
    expect(post).toMatchObject({ likeCount: 0, dislikeCount: 1, viewer: { reaction: 'dislike' } });
    await expectError(api.v2.posts.dislike(fresh._id), 400, SERVER_ERRORS.alreadyDisliked);
    expect((await api.v2.posts.like(fresh._id)).post).toMatchObject({ likeCount: 1, dislikeCount: 0, viewer: { reaction: 'like' } });
    expect(countsOf(await v1Post(fresh._id))).toEqual({ likeCount: 1, dislikeCount: 0, commentCount: 0 });
  });

  it('refuses an unknown post (404) and a caller without a token (404 userNotFound)', async () => {
    const { api } = await signIn(1);
    await expectError(api.v2.posts.like('nope'), 404, SERVER_ERRORS.postNotFound);
    await expectError(api.v2.posts.dislike('nope'), 404, SERVER_ERRORS.postNotFound);
    await expectError(anonymous().v2.posts.like('p01-sunrise'), 404, SERVER_ERRORS.userNotFound);
  });
});

describe('bookmarks: POST /v2/posts/bookmark|remove-bookmark/{postId}, GET /v2/me/bookmarks', () => {
  it('answers 200 { post } with viewer.bookmarked; refuses twice; my list is most recently saved first', async () => {
    const { api, token, user } = await signIn(3);
    const { posts } = await v1World();
    const [a, b, c] = ids(posts)
      .filter((id) => !user.bookmarks.includes(id))
      .slice(0, 3) as [string, string, string];
    const res = await raw('POST', `/v2/posts/bookmark/${a}`, { headers: { authorization: token } });
    expect(res.status).toBe(200);
    expect((res.json as { post: PostV2 }).post).toMatchObject({ _id: a, viewer: { bookmarked: true, reposted: false } });
    await expectError(api.v2.posts.bookmark(a), 400, SERVER_ERRORS.alreadyBookmarked);
    await api.v2.posts.bookmark(b);
    await api.v2.posts.bookmark(c);
    const { items } = await allPages(
      (cursor) => api.v2.me.bookmarks({ limit: 2, cursor }),
      (p) => p.posts,
      2,
    );
    expect(ids(items).slice(0, 3)).toEqual([c, b, a]);
    expect(items.every((p) => p.viewer?.bookmarked)).toBe(true);
    const removed = await api.v2.posts.removeBookmark(b);
    expect(removed.post).toMatchObject({ _id: b, viewer: { bookmarked: false, reposted: false } });
    await expectError(api.v2.posts.removeBookmark(b), 400, SERVER_ERRORS.notBookmarked);
    await expectError(api.v2.posts.bookmark('nope'), 404, SERVER_ERRORS.postNotFound);
    expect(ids((await api.v2.me.bookmarks()).posts).slice(0, 2)).toEqual([c, a]);
    // The same list through the spec's API.
    expect((await api.users.bookmarks()).bookmarks.sort()).toEqual(
      ids(
        (
          await allPages(
            (cursor) => api.v2.me.bookmarks({ limit: 3, cursor }),
            (p) => p.posts,
            3,
          )
        ).items,
      ).sort(),
    );
    expect((await api.v2.me.get()).me.bookmarkCount).toBe(user.bookmarks.length + 2);
  });

  it('my bookmarks need a token (404 userNotFound)', async () => {
    await expectError(anonymous().v2.me.bookmarks(), 404, SERVER_ERRORS.userNotFound);
  });
});
