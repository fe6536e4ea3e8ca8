/**
 * The stored counts (posts' likes, dislikes and comments, comments' upvotes, members' posts,
 * followers, following and bookmarks) stay equal to the rows they count through every v1
 * write, and v1's answers still show the same numbers.
 */
import { rows, sql, type Db } from '../src/db';
import type { RunningServer } from '../src/server';
import { countDrift, login, serverForFile } from './kit';

let server: RunningServer;
let db: Db;

serverForFile((started) => {
  server = started;
  db = started.database.db;
});

const stored = async (postId: string) =>
  (
    await rows(
      db,
      sql<{ like_count: number; dislike_count: number; comment_count: number }>`
    select like_count, dislike_count, comment_count from posts where id = ${postId}`,
    )
  )[0];

it('the seed is counted', async () => {
  expect(await countDrift(db)).toEqual([]);
  const counted = await rows(db, sql<{ n: number }>`select count(*)::int as n from posts where like_count + comment_count > 0`);
  expect(counted[0]!.n).toBeGreaterThan(0);
});

it('likes, dislikes, comments, upvotes, bookmarks, follows and deletes through v1 keep every count right', async () => {
  const kabir = await login(server, 3);
  const meera = await login(server, 2);
  const { posts } = await kabir.api.posts.create({ content: 'Counting things 🧮', pic: '', userId: kabir.foundUser._id });
  const post = posts.find((p) => p.content === 'Counting things 🧮')!;
  expect(await stored(post._id)).toEqual({ like_count: 0, dislike_count: 0, comment_count: 0 });

  await meera.api.posts.like(post._id);
  expect(await stored(post._id)).toEqual({ like_count: 1, dislike_count: 0, comment_count: 0 });
  // A dislike replaces the like.
  const afterDislike = await meera.api.posts.dislike(post._id);
  expect(afterDislike.posts.find((p) => p._id === post._id)!.likes.likeCount).toBe(0);
  expect(await stored(post._id)).toEqual({ like_count: 0, dislike_count: 1, comment_count: 0 });

  const withComment = await meera.api.comments.add(post._id, { content: 'Two 👍' });
  const comment = withComment.posts.find((p) => p._id === post._id)!.comments[0]!;
  await kabir.api.comments.upvote(post._id, comment._id);
  expect(await stored(post._id)).toEqual({ like_count: 0, dislike_count: 1, comment_count: 1 });
  await meera.api.users.bookmark(post._id);
  await kabir.api.users.follow(meera.foundUser._id).catch(() => kabir.api.users.unfollow(meera.foundUser._id));
  expect(await countDrift(db)).toEqual([]);

  await kabir.api.comments.remove(post._id, comment._id);
  expect(await stored(post._id)).toEqual({ like_count: 0, dislike_count: 1, comment_count: 0 });
  // The post goes with its reactions, comments and bookmarks: Meera's bookmark count drops too.
  await kabir.api.posts.remove(post._id);
  expect(await countDrift(db)).toEqual([]);
});
