/**
 * Property tests (fast-check): long random sequences of API calls from several members,
 * through the typed client (the 10,000-call run goes straight to the route handlers, see
 * support/direct-fetch.ts; the storage run goes through MirageJS). After every sequence the data must hold its invariants; with
 * storage on, a restart (a reload) must give back exactly the same answers.
 * MirageJS + IndexedDB specific for the reload part (fake-indexeddb).
 */
import './support/fake-indexeddb';
import fc from 'fast-check';
import { ApiError, type ApiClient } from '../src/client';
import { TEST_CREDENTIALS, type Post, type User } from '../src/contract';
import { makeServer, resetDatabase, serverReady, type Server } from '../src/server';
import { Backend } from '../src/server/backend';
import { Indexes, indexOf } from '../src/server/indexes';
import { directFetch } from './support/direct-fetch';
import { anonymous, withToken } from './helpers';

type Command =
  | { kind: 'like' | 'dislike' | 'bookmark' | 'unbookmark' | 'comment' | 'deletePost' | 'editPost'; who: number; post: number }
  | { kind: 'follow' | 'unfollow'; who: number; user: number }
  | { kind: 'upvote' | 'deleteComment' | 'editComment' | 'reply'; who: number; post: number; comment: number }
  | { kind: 'createPost' | 'editProfile' | 'relogin' | 'logout'; who: number; text: string }
  | { kind: 'signup'; who: number; text: string };

const who = fc.integer({ min: 0, max: 3 });
const index = fc.nat({ max: 1000 });
const text = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim().length > 0);

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('like' as const, 'dislike' as const), who, post: index }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('bookmark' as const, 'unbookmark' as const), who, post: index }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('comment' as const, 'editPost' as const), who, post: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deletePost' as const), who, post: index }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('follow' as const, 'unfollow' as const), who, user: index }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('upvote' as const, 'deleteComment' as const, 'editComment' as const, 'reply' as const),
      who,
      post: index,
      comment: index,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('createPost' as const, 'editProfile' as const, 'relogin' as const, 'logout' as const),
      who,
      text,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('signup' as const), who, text }) },
);

/** One run's world: a signed-in client per test member, and the latest lists the answers showed. */
class World {
  clients: ApiClient[] = [];
  ids: string[] = [];
  posts: Post[] = [];
  users: User[] = [];
  calls = 0;
  signups = 0;

  async start(): Promise<void> {
    for (let n = 0; n < 4; n += 1) this.clients[n] = await this.login(n);
    await this.refresh();
  }

  private async login(n: number): Promise<ApiClient> {
    this.calls += 1;
    const { encodedToken, foundUser } = await anonymous().auth.login(TEST_CREDENTIALS[n]!);
    this.ids[n] = foundUser._id;
    return withToken(encodedToken);
  }

  async refresh(): Promise<void> {
    this.calls += 2;
    this.posts = (await anonymous().posts.all()).posts;
    this.users = (await anonymous().users.all()).users;
  }

  private pick<T>(list: T[], i: number): T | undefined {
    return list.length ? list[i % list.length] : undefined;
  }

  /** Runs one command; a 4xx is an allowed answer, a 5xx or a network failure is not. */
  async run(c: Command): Promise<void> {
    const api = this.clients[c.who]!;
    const post = 'post' in c ? this.pick(this.posts, c.post) : undefined;
    const postId = post?._id ?? 'no-such-post';
    const commentId = post && 'comment' in c ? (this.pick(post.comments, c.comment)?._id ?? 'no-such-comment') : 'no-such-comment';
    const step = async (): Promise<void> => {
      switch (c.kind) {
        case 'like':
          this.posts = (await api.posts.like(postId)).posts;
          break;
        case 'dislike':
          this.posts = (await api.posts.dislike(postId)).posts;
          break;
        case 'bookmark':
          await api.users.bookmark(postId);
          break;
        case 'unbookmark':
          await api.users.removeBookmark(postId);
          break;
        case 'comment':
          this.posts = (await api.comments.add(postId, { content: `comment ${this.calls}` })).posts;
          break;
        case 'editPost':
          this.posts = (await api.posts.edit(postId, { content: `edited ${this.calls}`, pic: '' })).posts;
          break;
        case 'deletePost':
          this.posts = (await api.posts.remove(postId)).posts;
          break;
        case 'follow':
          this.users = (await api.users.follow(this.pick(this.users, c.user)?._id ?? 'nobody')).allUsers;
          break;
        case 'unfollow':
          this.users = (await api.users.unfollow(this.pick(this.users, c.user)?._id ?? 'nobody')).allUsers;
          break;
        case 'upvote':
          this.posts = (await api.comments.upvote(postId, commentId)).posts;
          break;
        case 'deleteComment':
          this.posts = (await api.comments.remove(postId, commentId)).posts;
          break;
        case 'editComment': {
          const comment = post?.comments.find((x) => x._id === commentId);
          this.posts = (await api.comments.edit(postId, commentId, { content: `${comment?.content ?? 'x'}!` })).posts;
          break;
        }
        case 'reply': {
          const comment = post?.comments.find((x) => x._id === commentId);
          const replies = comment?.replies ?? [];
          const content = comment?.content ?? 'x';
          // The server takes the new reply's author from the token, whatever `user` says.
          const reply = {
            _id: `r${this.calls}-${c.who}`,
            content: 'reply',
            user: { _id: this.ids[c.who]!, firstName: '', lastName: '', userHandler: '', pic: '' },
            createdAt: '',
          };
          this.posts = (await api.comments.edit(postId, commentId, { content, replies: [...replies, reply] })).posts;
          break;
        }
        case 'createPost':
          this.posts = (await api.posts.create({ content: c.text, pic: '', userId: this.ids[c.who]! })).posts;
          break;
        case 'editProfile':
          await api.users.edit({ bio: c.text });
          break;
        case 'logout':
          await api.auth.logout();
          // The token is gone: the member signs in again to keep playing.
          this.clients[c.who] = await this.login(c.who);
          break;
        case 'relogin':
          this.clients[c.who] = await this.login(c.who);
          break;
        case 'signup':
          this.signups += 1;
          await anonymous().auth.signup({
            username: `m${this.signups}-${c.who}@x.dev`,
            password: 'pass12345',
            firstName: c.text,
            lastName: 'X',
          });
          break;
      }
    };
    this.calls += 1;
    try {
      await step();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) throw error;
    }
  }

  /** The invariants, checked on fresh answers. */
  async check(): Promise<void> {
    await this.refresh();
    const postIds = new Set(this.posts.map((p) => p._id));
    for (const p of this.posts) {
      const liked = p.likes.likedBy.map((u) => u._id);
      const disliked = new Set(p.likes.dislikedBy.map((u) => u._id));
      expect(p.likes.likeCount).toBe(liked.length);
      expect(new Set(liked).size).toBe(liked.length);
      expect(liked.filter((id) => disliked.has(id))).toEqual([]);
      expect(p.comments.filter((comment) => comment.postId !== p._id)).toEqual([]);
    }
    // And the comments endpoint agrees, for a few posts.
    for (const p of this.posts.slice(0, 3)) {
      this.calls += 1;
      const { comments } = await anonymous().comments.ofPost(p._id);
      expect(comments.map((comment) => [comment._id, comment.postId])).toEqual(p.comments.map((comment) => [comment._id, p._id]));
    }
    const byId = new Map(this.users.map((u) => [u._id, u]));
    for (const u of this.users) {
      for (const f of u.following) expect(byId.get(f._id)?.followers.map((x) => x._id)).toContain(u._id);
      for (const f of u.followers) expect(byId.get(f._id)?.following.map((x) => x._id)).toContain(u._id);
      expect(u.bookmarks.filter((id) => !postIds.has(id))).toEqual([]);
    }
  }
}

let server: Server | undefined;
afterEach(async () => {
  server?.shutdown();
  server = undefined;
  await resetDatabase();
});

test('10,000 random calls keep every invariant and never answer 5xx', async () => {
  let calls = 0;
  const realFetch = globalThis.fetch;
  await fc
    .assert(
      fc.asyncProperty(fc.array(command, { minLength: 100, maxLength: 100 }), async (commands) => {
        // Straight to the route handlers (see support/direct-fetch.ts), a fresh seed each run.
        globalThis.fetch = directFetch(new Backend({ persist: false, extraPosts: 0, reset: false }));
        const world = new World();
        await world.start();
        for (const [i, c] of commands.entries()) {
          await world.run(c);
          if (i % 25 === 24) await world.refresh();
        }
        await world.check();
        calls += world.calls;
      }),
      { numRuns: 100, seed: 20261123 },
    )
    .finally(() => {
      globalThis.fetch = realFetch;
    });
  expect(calls).toBeGreaterThanOrEqual(10_000);
}, 600_000);

test('with storage on, random calls reload identically', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 60, maxLength: 60 }), async (commands) => {
      await resetDatabase();
      server = makeServer({ environment: 'test', persist: true });
      await serverReady(server);
      const world = new World();
      await world.start();
      for (const c of commands) await world.run(c);
      await world.check();
      const before = { posts: (await anonymous().posts.all()).posts, users: (await anonymous().users.all()).users };
      server.shutdown();
      server = makeServer({ environment: 'test', persist: true });
      await serverReady(server);
      expect((await anonymous().posts.all()).posts).toEqual(before.posts);
      expect((await anonymous().users.all()).users).toEqual(before.users);
      server.shutdown();
      server = undefined;
    }),
    { numRuns: 15, seed: 20261124 },
  );
}, 600_000);

/** The same kind of command through v2 (a 4xx is an allowed answer). */
async function runV2(world: World, c: Command): Promise<void> {
  const api = world.clients[c.who]!.v2;
  const post = 'post' in c && world.posts.length ? world.posts[c.post % world.posts.length] : undefined;
  const postId = post?._id ?? 'no-such-post';
  const comment = post && 'comment' in c && post.comments.length ? post.comments[c.comment % post.comments.length] : undefined;
  const commentId = comment?._id ?? 'no-such-comment';
  const step = async (): Promise<unknown> => {
    switch (c.kind) {
      case 'like':
        return api.posts.like(postId);
      case 'dislike':
        return api.posts.dislike(postId);
      case 'bookmark':
        return api.posts.bookmark(postId);
      case 'unbookmark':
        return api.posts.removeBookmark(postId);
      case 'comment':
        return api.comments.add(postId, 'v2 comment');
      case 'editPost':
        return api.posts.edit(postId, { content: 'v2 edit', pic: '' });
      case 'deletePost':
        return api.posts.remove(postId);
      case 'follow':
        return api.members.follow(world.users[c.user % world.users.length]?._id ?? 'nobody');
      case 'unfollow':
        return api.members.unfollow(world.users[c.user % world.users.length]?._id ?? 'nobody');
      case 'upvote':
        return api.comments.upvote(commentId);
      case 'deleteComment':
        return api.comments.remove(commentId);
      case 'editComment':
        return api.comments.edit(commentId, 'v2 edited');
      case 'reply':
        return comment?.replies[0] && c.who % 2
          ? api.comments.removeReply(commentId, comment.replies[0]._id)
          : api.comments.reply(commentId, 'v2 reply');
      case 'createPost':
        return api.posts.create({ content: c.text, pic: '' });
      case 'editProfile':
        return api.me.edit({ firstName: c.text });
      default:
        return undefined;
    }
  };
  try {
    await step();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
  }
  await world.refresh();
}

test('the indexes kept up to date by v1 and v2 writes always equal indexes built afresh (300 posts)', async () => {
  const realFetch = globalThis.fetch;
  await fc
    .assert(
      fc.asyncProperty(fc.array(fc.tuple(command, fc.boolean()), { minLength: 80, maxLength: 80 }), async (commands) => {
        const backend = new Backend({ persist: false, extraPosts: 300, reset: false });
        globalThis.fetch = directFetch(backend);
        const world = new World();
        await world.start();
        for (const [i, [c, viaV2]] of commands.entries()) {
          if (viaV2) await runV2(world, c);
          else await world.run(c);
          if (i % 10 === 9) expect(indexOf(backend.db).describe()).toEqual(new Indexes(backend.db).describe());
        }
        await world.check();
      }),
      { numRuns: 10, seed: 20261125 },
    )
    .finally(() => {
      globalThis.fetch = realFetch;
    });
}, 600_000);
