import type { Post, User } from '@social/mock-api/contract';
import { exploreFeed, homeFeed, homePosts, reuseUnchanged, sortLatest, sortTrending, suggestedUsers } from '../src/feed/feedOrder';

const summary = (_id: string) => ({ _id, firstName: _id, lastName: 'X', userHandler: _id, pic: '' });

function user(_id: string, following: string[] = [], followers: string[] = []): User {
  return {
    ...summary(_id),
    bio: '',
    link: '',
    followers: followers.map(summary),
    following: following.map(summary),
    bookmarks: [],
    username: `${_id}@example.test`,
    createdAt: '2026-01-01T00:00:00+05:30',
    updatedAt: '2026-01-01T00:00:00+05:30',
    id: '1',
  };
}

function post(_id: string, userId: string, createdAt: string, likeCount = 0, commentCount = 0): Post {
  return {
    _id,
    userId,
    content: `post ${_id}`,
    pic: '',
    username: `${userId}@example.test`,
    createdAt,
    updatedAt: createdAt,
    id: _id,
    likes: { likeCount, likedBy: [], dislikedBy: [] },
    comments: Array.from({ length: commentCount }, (_, i) => ({
      _id: `${_id}-c${i}`,
      postId: _id,
      content: 'hi',
      user: summary('someone'),
      votes: { upvotedBy: [] },
      replies: [],
      createdAt,
      updatedAt: createdAt,
    })),
  };
}

const ids = (posts: Post[]) => posts.map((p) => p._id);

// me follows "bob"; "cat" follows me; "dan" is a stranger.
const me = user('me', ['bob'], ['cat']);
const posts = [
  post('mine', 'me', '2026-03-01T10:00:00+05:30'),
  post('bobs', 'bob', '2026-03-03T10:00:00+05:30', 1),
  post('cats', 'cat', '2026-03-02T10:00:00+05:30', 0, 2),
  post('dans', 'dan', '2026-03-04T10:00:00+05:30', 9, 9),
];

test('home keeps only posts by me, my followers and the people I follow', () => {
  expect(ids(homePosts(posts, me))).toEqual(['mine', 'bobs', 'cats']);
  expect(ids(homePosts(posts, user('loner')))).toEqual([]);
});

test('Latest sorts newest first, comparing instants across time zones', () => {
  expect(ids(sortLatest(posts))).toEqual(['dans', 'bobs', 'cats', 'mine']);
  // 10:00 at +05:30 is 04:30 UTC: earlier than 05:00 UTC.
  const zoned = [post('india', 'me', '2026-03-01T10:00:00+05:30'), post('utc', 'me', '2026-03-01T05:00:00Z')];
  expect(ids(sortLatest(zoned))).toEqual(['utc', 'india']);
  expect(ids(homeFeed(posts, me, 'latest'))).toEqual(['bobs', 'cats', 'mine']);
});

test('Trending drops posts without likes or comments and sorts by likes plus comments, ties newest first', () => {
  const list = [
    post('quiet', 'me', '2026-03-05T10:00:00+05:30'),
    post('old3', 'me', '2026-03-01T10:00:00+05:30', 2, 1),
    post('new3', 'me', '2026-03-02T10:00:00+05:30', 3, 0),
    post('top', 'me', '2026-02-01T10:00:00+05:30', 4, 4),
    post('one', 'me', '2026-03-09T10:00:00+05:30', 0, 1),
  ];
  expect(ids(sortTrending(list))).toEqual(['top', 'new3', 'old3', 'one']);
  expect(ids(homeFeed(posts, me, 'trending'))).toEqual(['cats', 'bobs']);
});

test('sorting never changes the list it is given', () => {
  const copy = [...posts];
  sortLatest(posts);
  sortTrending(posts);
  expect(posts).toEqual(copy);
});

test('explore shows the latest version of each paged post, drops deleted ones, and orders by the switch', () => {
  const paged = [post('a', 'x', '2026-03-01T10:00:00+05:30', 5), post('b', 'x', '2026-03-03T10:00:00+05:30', 0), post('c', 'x', '2026-03-02T10:00:00+05:30', 1)];
  // Nothing shared yet: the pages as they came.
  expect(exploreFeed(paged, [], 'trending')).toEqual([paged[0], paged[2]]);
  expect(ids(exploreFeed(paged, [], 'latest'))).toEqual(['b', 'c', 'a']);
  // The shared list has a newer "c" (liked twice more) and no "a" (deleted).
  const newerC = post('c', 'x', '2026-03-02T10:00:00+05:30', 3);
  // "zzz" was written after the pages loaded; "old" is older than every loaded post (a later page).
  const shared = [paged[1]!, newerC, post('zzz', 'x', '2026-03-09T10:00:00+05:30'), post('old', 'x', '2026-02-01T10:00:00+05:30', 9)];
  const shown = exploreFeed(paged, shared, 'trending');
  expect(shown).toEqual([newerC]);
  // Latest: newest first, with the post written since, and nothing from pages not loaded yet.
  expect(ids(exploreFeed(paged, shared, 'latest'))).toEqual(['zzz', 'b', 'c']);
});

test('suggestions are every other member I do not follow', () => {
  const all = [me, user('bob'), user('cat'), user('dan')];
  expect(suggestedUsers(all, me).map((u) => u._id)).toEqual(['cat', 'dan']);
  expect(suggestedUsers([me], me)).toEqual([]);
});

test('unchanged posts keep their object; changed and new ones take the new one', () => {
  const first = reuseUnchanged(new Map(), posts);
  const reparsed = JSON.parse(JSON.stringify(posts)) as Post[];
  reparsed[1]!.likes.likeCount = 2;
  reparsed.push(post('new', 'me', '2026-03-09T10:00:00+05:30'));
  const second = reuseUnchanged(first.byId, reparsed);
  expect(second.posts[0]).toBe(posts[0]);
  expect(second.posts[2]).toBe(posts[2]);
  expect(second.posts[1]).toBe(reparsed[1]);
  expect(second.posts[1]!.likes.likeCount).toBe(2);
  expect(second.posts[4]).toBe(reparsed[4]);
  expect(second.posts).toHaveLength(5);
});
