import { SERVER_ERRORS, type Post } from '../src/contract';
import { INPUT_MESSAGES, SEED_POST_IDS, SEED_USERS } from '../src/server';
import { anonymous, expectError, raw, signIn, withTestServer } from './helpers';

withTestServer();

const byId = (posts: Post[], id: string) => posts.find((p) => p._id === id)!;
const score = (p: Post) => p.likes.likeCount + p.comments.length;

describe('GET /posts, /posts/{postId}, /posts/user/{username}', () => {
  it('answers every post', async () => {
    const { posts } = await anonymous().posts.all();
    expect(posts.map((p) => p._id).sort()).toEqual([...SEED_POST_IDS].sort());
  });

  it('answers one post, or 404 postNotFound', async () => {
    const { post } = await anonymous().posts.byId('p01-sunrise');
    expect(post).toMatchObject({ _id: 'p01-sunrise', userId: SEED_USERS[3]!._id, username: SEED_USERS[3]!.username });
    expect(post.comments[0]).toMatchObject({ postId: 'p01-sunrise', votes: { upvotedBy: expect.any(Array) } });
    await expectError(anonymous().posts.byId('nope'), 404, SERVER_ERRORS.postNotFound);
  });

  it("answers a member's posts by username, or 404 memberNotFound", async () => {
    const sara = SEED_USERS[3]!;
    const { posts } = await anonymous().posts.byUser(sara.username);
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((p) => p.userId === sara._id)).toBe(true);
    expect((await anonymous().posts.byUser(sara.userHandler)).posts).toEqual(posts);
    await expectError(anonymous().posts.byUser('nobody@x.dev'), 404, SERVER_ERRORS.memberNotFound);
  });
});

describe('GET /posts/{limit}/{page}', () => {
  it('is cumulative: page*limit + limit posts by likes plus comments, descending', async () => {
    const page0 = (await anonymous().posts.page(2, 0)).posts;
    const page1 = (await anonymous().posts.page(2, 1)).posts;
    const page3 = (await anonymous().posts.page(2, 3)).posts;
    expect(page0).toHaveLength(2);
    expect(page1).toHaveLength(4);
    expect(page3).toHaveLength(8);
    expect(page1.slice(0, 2)).toEqual(page0);
    expect(page3.slice(0, 4)).toEqual(page1);
    const scores = page3.map(score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const all = (await anonymous().posts.all()).posts;
    expect(scores[0]).toBe(Math.max(...all.map(score)));
    expect((await anonymous().posts.page(2, 100)).posts).toHaveLength(all.length);
  });

  it('?sort=latest pages newest first, cumulatively, and a new post comes first on page 0', async () => {
    const all = (await anonymous().posts.all()).posts;
    const newestFirst = [...all].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).map((p) => p._id);
    const page0 = (await anonymous().posts.page(2, 0, { sort: 'latest' })).posts;
    const page2 = (await anonymous().posts.page(2, 2, { sort: 'latest' })).posts;
    expect(page0.map((p) => p._id)).toEqual(newestFirst.slice(0, 2));
    expect(page2.map((p) => p._id)).toEqual(newestFirst.slice(0, 6));
    expect((await anonymous().posts.page(2, 100, { sort: 'latest' })).posts).toHaveLength(all.length);

    const { api, user } = await signIn(2);
    await api.posts.create({ content: 'Brand new, no likes yet', pic: '', userId: user._id });
    const [first] = (await anonymous().posts.page(2, 0, { sort: 'latest' })).posts;
    expect(first).toMatchObject({ content: 'Brand new, no likes yet', userId: user._id });
    // Trending is unchanged by a post nobody reacted to.
    expect((await anonymous().posts.page(2, 0, { sort: 'trending' })).posts.map((p) => p.content)).not.toContain('Brand new, no likes yet');
  });

  it('without sort, or with sort=trending, keeps the likes-plus-comments order', async () => {
    const plain = (await raw('GET', '/posts/2/1')).json as { posts: Post[] };
    const trending = (await raw('GET', '/posts/2/1?sort=trending')).json as { posts: Post[] };
    expect(trending.posts.map((p) => p._id)).toEqual(plain.posts.map((p) => p._id));
    expect((await anonymous().posts.page(2, 1)).posts.map((p) => p._id)).toEqual(plain.posts.map((p) => p._id));
  });

  it('refuses any other sort with 400 and a message naming it', async () => {
    for (const sort of ['oldest', 'LATEST', '']) {
      const res = await raw('GET', `/posts/2/0?sort=${sort}`);
      expect(res.status).toBe(400);
      const { errors } = res.json as { errors: string[] };
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/sort/);
    }
  });

  it('refuses a limit or page that is not a whole number with 400', async () => {
    for (const path of ['/posts/x/0', '/posts/2/-1', '/posts/0/1', '/posts/2/1.5']) {
      const res = await raw('GET', path);
      expect(res.status).toBe(400);
    }
    expect((await raw('GET', '/posts/2/x')).json).toEqual({ errors: [INPUT_MESSAGES.badNumber('page')] });
  });
});

describe('POST /posts', () => {
  it('creates a post by the token holder (201), with zero likes and no comments', async () => {
    const { token, user } = await signIn(2);
    const res = await raw('POST', '/posts', {
      headers: { authorization: token },
      // A userId naming someone else is ignored: the author is the token holder.
      body: JSON.stringify({
        postData: { content: 'Hello 👋 https://example.com', pic: 'data:image/gif;base64,R0lGOD', userId: 'u1-adarsh' },
      }),
    });
    expect(res.status).toBe(201);
    const posts = (res.json as { posts: Post[] }).posts;
    const mine = posts.find((p) => p.content === 'Hello 👋 https://example.com')!;
    expect(mine).toMatchObject({ userId: user._id, username: user.username, pic: 'data:image/gif;base64,R0lGOD', comments: [] });
    expect(mine.likes).toEqual({ likeCount: 0, likedBy: [], dislikedBy: [] });
    expect(posts).toHaveLength(SEED_POST_IDS.length + 1);
  });

  it('refuses missing or ill-typed content with 400 and creates nothing', async () => {
    const { token } = await signIn(2);
    for (const body of [
      {},
      { postData: null },
      { postData: { content: 5 } },
      { postData: { content: '  ' } },
      { postData: { content: 'x', pic: 7 } },
    ]) {
      const res = await raw('POST', '/posts', { headers: { authorization: token }, body: JSON.stringify(body) });
      expect(res.status).toBe(400);
    }
    expect((await anonymous().posts.all()).posts).toHaveLength(SEED_POST_IDS.length);
  });

  it('needs a token', async () => {
    await expectError(anonymous().posts.create({ content: 'x', pic: '', userId: 'u1-adarsh' }), 404, SERVER_ERRORS.userNotFound);
  });
});

describe('POST /posts/edit/{postId}', () => {
  it('lets the author edit (201)', async () => {
    const { api } = await signIn(1);
    const { posts } = await api.posts.edit('p02-css', { content: 'Edited ✨', pic: '' });
    expect(byId(posts, 'p02-css')).toMatchObject({ content: 'Edited ✨', pic: '' });
  });

  it('refuses anyone else with 403 and leaves the post alone', async () => {
    const { api } = await signIn(2);
    await expectError(api.posts.edit('p02-css', { content: 'Mine now', pic: '' }), 403, SERVER_ERRORS.editNotOwner);
    expect((await anonymous().posts.byId('p02-css')).post.content).not.toBe('Mine now');
  });

  it('answers 404 for unknown posts, 400 for bad input, 404 without a token', async () => {
    const { api, token } = await signIn(1);
    await expectError(api.posts.edit('nope', { content: 'x', pic: '' }), 404, SERVER_ERRORS.postNotFound);
    const res = await raw('POST', '/posts/edit/p02-css', {
      headers: { authorization: token },
      body: JSON.stringify({ postData: { content: null } }),
    });
    expect(res).toMatchObject({ status: 400, json: { errors: [INPUT_MESSAGES.notString('content')] } });
    await expectError(anonymous().posts.edit('p02-css', { content: 'x', pic: '' }), 404, SERVER_ERRORS.userNotFound);
  });
});

describe('DELETE /posts/{postId}', () => {
  it('lets the author delete (201) and drops the post from bookmarks', async () => {
    const { api } = await signIn(4);
    const { posts } = await api.posts.remove('p01-sunrise');
    expect(posts.map((p) => p._id)).not.toContain('p01-sunrise');
    const adarsh = (await anonymous().users.byId('u1-adarsh')).user;
    expect(adarsh.bookmarks).not.toContain('p01-sunrise');
  });

  it('refuses anyone else with 403 deleteNotOwner', async () => {
    const { api } = await signIn(1);
    await expectError(api.posts.remove('p01-sunrise'), 403, SERVER_ERRORS.deleteNotOwner);
    expect((await anonymous().posts.byId('p01-sunrise')).post._id).toBe('p01-sunrise');
  });

  it('answers 404 for unknown posts and without a token', async () => {
    const { api } = await signIn(1);
    await expectError(api.posts.remove('nope'), 404, SERVER_ERRORS.postNotFound);
    await expectError(anonymous().posts.remove('p01-sunrise'), 404, SERVER_ERRORS.userNotFound);
  });
});

describe('like and dislike', () => {
  const likes = async (postId: string) => (await anonymous().posts.byId(postId)).post.likes;
  const invariant = (l: Post['likes']) => expect(l.likeCount).toBe(l.likedBy.length);

  it('like adds the caller (201); liking twice is refused', async () => {
    const { api, user, token } = await signIn(1);
    const res = await raw('POST', '/posts/like/p11-chess', { headers: { authorization: token } });
    expect(res.status).toBe(201);
    const l = byId((res.json as { posts: Post[] }).posts, 'p11-chess').likes;
    expect(l.likeCount).toBe(1);
    expect(l.likedBy.map((u) => u._id)).toEqual([user._id]);
    await expectError(api.posts.like('p11-chess'), 400, SERVER_ERRORS.alreadyLiked);
    expect((await likes('p11-chess')).likeCount).toBe(1);
  });

  it('a dislike by someone who had not liked leaves the count alone; disliking twice is refused', async () => {
    const { api, user } = await signIn(1);
    const before = await likes('p08-plants');
    const { posts } = await api.posts.dislike('p08-plants');
    const after = byId(posts, 'p08-plants').likes;
    expect(after.likeCount).toBe(before.likeCount);
    expect(after.dislikedBy.map((u) => u._id)).toContain(user._id);
    invariant(after);
    await expectError(api.posts.dislike('p08-plants'), 400, SERVER_ERRORS.alreadyDisliked);
  });

  it('keeps likeCount === likedBy.length through like/dislike sequences', async () => {
    const { api, user } = await signIn(3);
    const start = await likes('p10-beach');
    await api.posts.like('p10-beach');
    let l = await likes('p10-beach');
    expect(l.likeCount).toBe(start.likeCount + 1);
    invariant(l);
    await api.posts.dislike('p10-beach'); // takes the like back
    l = await likes('p10-beach');
    expect(l.likeCount).toBe(start.likeCount);
    expect(l.likedBy.map((u) => u._id)).not.toContain(user._id);
    expect(l.dislikedBy.map((u) => u._id)).toContain(user._id);
    invariant(l);
    await api.posts.like('p10-beach'); // leaves dislikedBy
    l = await likes('p10-beach');
    expect(l.likeCount).toBe(start.likeCount + 1);
    expect(l.dislikedBy.map((u) => u._id)).not.toContain(user._id);
    invariant(l);
    const other = await signIn(2);
    const a11y = await likes('p06-a11y'); // Meera liked it in the seed
    expect(a11y.likedBy.map((u) => u._id)).toContain(other.user._id);
    await other.api.posts.dislike('p06-a11y');
    l = await likes('p06-a11y');
    expect(l.likeCount).toBe(a11y.likeCount - 1);
    invariant(l);
    for (const p of (await anonymous().posts.all()).posts) invariant(p.likes);
  });

  it('answers 404 for unknown posts and without a token', async () => {
    const { api } = await signIn(1);
    await expectError(api.posts.like('nope'), 404, SERVER_ERRORS.postNotFound);
    await expectError(api.posts.dislike('nope'), 404, SERVER_ERRORS.postNotFound);
    await expectError(anonymous().posts.like('p11-chess'), 404, SERVER_ERRORS.userNotFound);
    await expectError(anonymous().posts.dislike('p11-chess'), 404, SERVER_ERRORS.userNotFound);
  });
});
