/**
 * v1 and v2 share one data set: writes through either API keep v2's stored counts, feeds and
 * indexes right (and v1's answers right).
 */
import { SERVER_ERRORS } from '../../src/contract';
import { anonymous, expectError, signIn, withTestServer, withToken } from '../helpers';
import { allPages, countsOf, countsV2, ids, latestOrder, trendingOrder, v1World } from './support';

withTestServer();

const explore = async (sort: 'latest' | 'trending') =>
  ids(
    (
      await allPages(
        (cursor) => anonymous().v2.feed.explore({ sort, limit: 50, cursor }),
        (p) => p.posts,
        50,
      )
    ).items,
  );

/** Every v2 view of the data agrees with the v1 answers. */
async function expectConsistent() {
  const { posts, users } = await v1World();
  expect(await explore('latest')).toEqual(ids(latestOrder(posts)));
  expect(await explore('trending')).toEqual(ids(trendingOrder(posts)));
  const v2Posts = (
    await allPages(
      (cursor) => anonymous().v2.feed.explore({ limit: 50, cursor }),
      (p) => p.posts,
      50,
    )
  ).items;
  const v1 = new Map(posts.map((p) => [p._id, p]));
  for (const post of v2Posts) expect({ id: post._id, ...countsV2(post) }).toEqual({ id: post._id, ...countsOf(v1.get(post._id)!) });
  for (const user of users) {
    const { member } = await anonymous().v2.members.byId(user._id);
    expect([member._id, member.postCount, member.followerCount, member.followingCount]).toEqual([
      user._id,
      posts.filter((p) => p.userId === user._id).length,
      user.followers.length,
      user.following.length,
    ]);
  }
}

it('v1 likes, dislikes, comments and deletes show in v2 counts, feeds and profiles', async () => {
  const one = await signIn(1);
  const two = await signIn(2);
  await one.api.posts.create({ content: 'v1 post', pic: '', userId: one.user._id });
  const created = latestOrder((await v1World()).posts)[0]!;
  await two.api.posts.like(created._id);
  await one.api.comments.add(created._id, { content: 'v1 comment' });
  expect(countsV2((await anonymous().v2.posts.byId(created._id)).post)).toEqual({ likeCount: 1, dislikeCount: 0, commentCount: 1 });
  await two.api.posts.dislike(created._id);
  await two.api.posts.like('p01-sunrise').catch(() => undefined);
  await one.api.posts.dislike('p01-sunrise').catch(() => undefined);
  await expectConsistent();
  await one.api.posts.remove(created._id);
  await expectError(anonymous().v2.posts.byId(created._id), 404, SERVER_ERRORS.postNotFound);
  await expectConsistent();
});

it('v2 writes show in v1 answers, and v1 follows in v2 homes and counts', async () => {
  const one = await signIn(1);
  const three = await signIn(3);
  const { post } = await one.api.v2.posts.create({ content: 'v2 post', pic: '' });
  await three.api.v2.posts.like(post._id);
  const { comment } = await three.api.v2.comments.add(post._id, 'v2 comment');
  await one.api.v2.comments.upvote(comment._id);
  const old = (await anonymous().posts.byId(post._id)).post;
  expect(countsOf(old)).toEqual({ likeCount: 1, dislikeCount: 0, commentCount: 1 });
  expect(old.comments[0]!.votes.upvotedBy.map((u) => u._id)).toEqual([one.user._id]);
  // A v1 comment delete and a v1 follow.
  await one.api.comments.remove(post._id, comment._id);
  expect((await anonymous().v2.posts.byId(post._id)).post.commentCount).toBe(0);
  const { users } = await v1World();
  const me = users.find((u) => u._id === three.user._id)!;
  const stranger = users.find(
    (u) => u._id !== me._id && !me.following.some((f) => f._id === u._id) && !me.followers.some((f) => f._id === u._id),
  );
  if (stranger) {
    await three.api.users.follow(stranger._id);
    const home = ids(
      (
        await allPages(
          (cursor) => three.api.v2.feed.home({ limit: 50, cursor }),
          (p) => p.posts,
          50,
        )
      ).items,
    );
    const { posts } = await v1World();
    expect(home).toEqual(expect.arrayContaining(ids(posts.filter((p) => p.userId === stranger._id))));
  }
  await expectConsistent();
});

it('a v1 signup and profile edit show in v2 search and authors', async () => {
  const { encodedToken, createdUser } = await anonymous().auth.signup({
    username: 'mixed@x.dev',
    password: 'secret123',
    firstName: 'Quillon',
    lastName: 'Mixed',
  });
  expect(ids((await anonymous().v2.members.search('quillon')).members)).toEqual([createdUser._id]);
  const api = withToken(encodedToken);
  const { post } = await api.v2.posts.create({ content: 'Hi', pic: '' });
  await api.users.edit({ lastName: 'Renamed' });
  expect((await anonymous().v2.posts.byId(post._id)).post.author.lastName).toBe('Renamed');
  await expectConsistent();
});

it('refused writes, through either API, change nothing any list shows', async () => {
  const one = await signIn(1);
  const { post } = await one.api.v2.posts.create({ content: 'Refusals', pic: '' });
  await one.api.v2.posts.like(post._id);
  await expectError(one.api.v2.posts.like(post._id), 400, SERVER_ERRORS.alreadyLiked);
  await expectError(one.api.posts.like(post._id), 400, SERVER_ERRORS.alreadyLiked);
  const two = await signIn(2);
  await expectError(two.api.v2.posts.remove(post._id), 403, SERVER_ERRORS.deleteNotOwner);
  await expectError(two.api.posts.remove(post._id), 403, SERVER_ERRORS.deleteNotOwner);
  const { comment } = await two.api.v2.comments.add(post._id, 'Mine');
  await expectError((await signIn(3)).api.v2.comments.remove(comment._id), 403, SERVER_ERRORS.commentDeleteNotAllowed);
  expect(countsV2((await anonymous().v2.posts.byId(post._id)).post)).toEqual({ likeCount: 1, dislikeCount: 0, commentCount: 1 });
  await expectConsistent();
});
