import { TEST_CREDENTIALS, type Post, type User } from '../src/contract';
import { SEED_USERS } from '../src/server';
import { anonymous, signIn, withTestServer } from './helpers';

withTestServer();

const ISO_WITH_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

describe('seed', () => {
  let users: User[];
  let posts: Post[];
  beforeEach(async () => {
    users = (await anonymous().users.all()).users;
    posts = (await anonymous().posts.all()).posts;
  });

  it('has 8 members; users 1 to 4 are the test credentials', async () => {
    expect(users).toHaveLength(8);
    expect(SEED_USERS.slice(0, 4).map((u) => u.username)).toEqual(TEST_CREDENTIALS.map((c) => c.username));
    for (const credential of TEST_CREDENTIALS) await anonymous().auth.login(credential);
  });

  it('members have names, unique handles, bios, http(s) links and inline avatars', () => {
    expect(new Set(users.map((u) => u.userHandler)).size).toBe(8);
    for (const u of users) {
      expect(u.firstName && u.lastName && u.bio).toBeTruthy();
      expect(u.link).toMatch(/^https?:\/\//);
      expect(u.pic).toMatch(/^data:image\/svg\+xml/);
      expect(u.createdAt).toMatch(ISO_WITH_OFFSET);
    }
  });

  it('follow relations agree on both sides', () => {
    for (const u of users) {
      for (const f of u.following) expect(users.find((x) => x._id === f._id)!.followers.map((x) => x._id)).toContain(u._id);
      for (const f of u.followers) expect(users.find((x) => x._id === f._id)!.following.map((x) => x._id)).toContain(u._id);
    }
  });

  it("user 1's home feed is not empty and user 1 does not follow everyone", async () => {
    const { user } = await signIn(1);
    const circle = new Set([user._id, ...user.following.map((u) => u._id), ...user.followers.map((u) => u._id)]);
    expect(posts.filter((p) => circle.has(p.userId)).length).toBeGreaterThan(2);
    const suggestions = users.filter((u) => u._id !== user._id && !user.following.some((f) => f._id === u._id));
    expect(suggestions.length).toBeGreaterThan(0);
  });

  it('has at least 10 posts with emoji, links, images, comments, upvotes and replies', () => {
    expect(posts.length).toBeGreaterThanOrEqual(10);
    expect(posts.filter((p) => /\p{Extended_Pictographic}/u.test(p.content)).length).toBeGreaterThanOrEqual(8);
    expect(posts.filter((p) => /https?:\/\//.test(p.content)).length).toBeGreaterThanOrEqual(5);
    expect(posts.filter((p) => p.pic.startsWith('data:image/svg+xml')).length).toBeGreaterThanOrEqual(4);
    expect(posts.every((p) => p.pic === '' || p.pic.startsWith('data:'))).toBe(true);
    const comments = posts.flatMap((p) => p.comments);
    expect(comments.length).toBeGreaterThan(5);
    expect(comments.some((c) => c.votes.upvotedBy.length > 0)).toBe(true);
    expect(comments.some((c) => c.replies.length > 0)).toBe(true);
  });

  it('likeCount equals likedBy length, and timestamps are ISO 8601 with an offset spread over months', () => {
    for (const p of posts) {
      expect(p.likes.likeCount).toBe(p.likes.likedBy.length);
      expect(p.createdAt).toMatch(ISO_WITH_OFFSET);
      for (const c of p.comments) expect(c.createdAt).toMatch(ISO_WITH_OFFSET);
    }
    expect(new Set(posts.map((p) => p.createdAt.slice(0, 7))).size).toBeGreaterThanOrEqual(3);
  });
});
