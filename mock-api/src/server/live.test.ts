/**
 * The fake backend's live events (./live.ts): each committed write posts its LiveEvents on
 * LIVE_CHANNEL, for every page of the site. IndexedDB and BroadcastChannel specific, so it
 * lives beside the code, not in mock-api/test (which also runs against api-server).
 */
import '../../test/support/fake-indexeddb';
import { BroadcastChannel as NodeBroadcastChannel } from 'worker_threads';
import { PRIVATE_LIVE_KINDS, type LiveEvent } from '../contract-live';
import { listenOnLiveChannel } from '../../test/support/live-listener';
import { tabsOn } from '../../test/support/tabs';
import { TEST_CREDENTIALS } from '../contract';

// jsdom has no BroadcastChannel; Node's delivers between the channels of one process, as a browser does between pages.
const globals = globalThis as { BroadcastChannel?: unknown };
globals.BroadcastChannel ??= NodeBroadcastChannel;

describe('live events of the in-browser backend', () => {
  const openTab = tabsOn('live-test');
  const live = listenOnLiveChannel();

  it('a post, a like, a comment, a follow and a deletion each publish their events, with growing ids and no viewer fields', async () => {
    const tab = await openTab();
    const meera = await tab.login(2);
    await tab.call('post /posts', {}, { postData: { content: 'Live from tab B', pic: '' } }, meera);
    const created = await live.waitFor((e) => e.kind === 'post.created');
    if (created.kind !== 'post.created') throw new Error('kind');
    expect(created.data.post.content).toBe('Live from tab B');
    expect(created.data.post).not.toHaveProperty('viewer');
    const postId = created.data.post._id;
    // The author's post count moved too.
    await live.waitFor((e) => e.kind === 'member.changed' && e.data.member._id === created.data.post.userId);

    await tab.call('post /posts/like/:postId', { postId }, {}, meera);
    const counts = await live.waitFor((e) => e.kind === 'post.counts');
    expect(counts.data).toEqual({ postId, likeCount: 1, dislikeCount: 0, commentCount: 0, repostCount: 0 });

    await tab.call('post /comments/add/:postId', { postId }, { commentData: { content: 'First!' } }, meera);
    const added = await live.waitFor((e) => e.kind === 'comment.added');
    if (added.kind !== 'comment.added') throw new Error('kind');
    expect(added.data.comment).toMatchObject({ postId, content: 'First!', upvoteCount: 0, replies: [] });
    expect(added.data.comment).not.toHaveProperty('viewerUpvoted');
    await live.waitFor((e) => e.kind === 'post.counts' && e.data.postId === postId && e.data.commentCount === 1);

    // Someone Meera does not follow yet (a follow of someone she follows is refused).
    let other = '';
    for (const user of (await tab.users()).filter((u) => u._id !== created.data.post.userId)) {
      if ((await tab.call('post /users/follow/:followUserId', { followUserId: user._id }, {}, meera)).status < 300) {
        other = user._id;
        break;
      }
    }
    const follow = await live.waitFor((e) => e.kind === 'follow.changed');
    expect(follow.data).toEqual({ followerId: created.data.post.userId, followeeId: other, following: true });

    await tab.call('delete /posts/:postId', { postId }, {}, meera);
    await live.waitFor((e) => e.kind === 'post.deleted' && e.data.postId === postId);

    const ids = live.received.map((e) => BigInt(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a refused write publishes nothing; a write in another tab continues the same id sequence', async () => {
    const a = await openTab();
    const b = await openTab();
    const adarsh = await a.login(1);
    const refused = await a.call('post /posts/like/:postId', { postId: 'no-such-post' }, {}, adarsh);
    expect(refused.status).toBe(404);
    await a.call('post /posts/like/:postId', { postId: 'p11-chess' }, {}, adarsh);
    const first = await live.waitFor((e) => e.kind === 'post.counts' && e.data.postId === 'p11-chess');
    const meera = await b.login(2);
    await b.call('post /posts/dislike/:postId', { postId: 'p01-sunrise' }, {}, meera);
    const second = await live.waitFor((e) => e.kind === 'post.counts' && e.data.postId === 'p01-sunrise');
    expect(BigInt(second.id)).toBeGreaterThan(BigInt(first.id));
    const isPrivate = (e: LiveEvent) => (PRIVATE_LIVE_KINDS as readonly string[]).includes(e.kind);
    expect(live.received.filter((e) => !isPrivate(e)).map((e) => e.kind)).toEqual(['post.counts', 'post.counts']);
  });

  it("a member's reaction, bookmark and upvote publish their own view for their other pages", async () => {
    const tab = await openTab();
    const login = await tab.call<{ foundUser: { _id: string }; encodedToken: string }>('post /auth/login', {}, TEST_CREDENTIALS[0]);
    const adarsh = login.body.encodedToken;
    const me = login.body.foundUser._id;
    const viewerOf = (postId: string) => (e: LiveEvent) => e.kind === 'viewer.post' && e.data.postId === postId;

    await tab.call('post /posts/like/:postId', { postId: 'p11-chess' }, {}, adarsh);
    const liked = await live.waitFor(viewerOf('p11-chess'));
    expect(liked.data).toEqual({ memberId: me, postId: 'p11-chess', viewer: { reaction: 'like', bookmarked: false, reposted: false } });

    live.clear();
    await tab.call('post /posts/dislike/:postId', { postId: 'p11-chess' }, {}, adarsh);
    const disliked = await live.waitFor(viewerOf('p11-chess'));
    expect(disliked.data).toMatchObject({ memberId: me, viewer: { reaction: 'dislike', bookmarked: false, reposted: false } });

    live.clear();
    await tab.call('post /users/bookmark/:postId', { postId: 'p11-chess' }, {}, adarsh);
    const bookmarked = await live.waitFor(viewerOf('p11-chess'));
    expect(bookmarked.data).toMatchObject({ memberId: me, viewer: { reaction: 'dislike', bookmarked: true, reposted: false } });

    // Upvoting is a toggle: the second call takes the first one's vote back.
    const commentId = (await tab.post('p01-sunrise')).comments[0]!._id;
    const upvote = async () => {
      live.clear();
      await tab.call('post /comments/upvote/:postId/:commentId', { postId: 'p01-sunrise', commentId }, {}, adarsh);
      const event = await live.waitFor((e) => e.kind === 'viewer.comment');
      if (event.kind !== 'viewer.comment') throw new Error('kind');
      expect(event.data).toMatchObject({ memberId: me, postId: 'p01-sunrise', commentId });
      return event.data.upvoted;
    };
    const first = await upvote();
    expect(await upvote()).toBe(!first);
  });

  it('an account deletion publishes one reset (member-deleted), not an event per thing it removed', async () => {
    const tab = await openTab();
    const kabir = await tab.login(3);
    live.clear();
    const answer = await tab.call('post /v2/me/delete', {}, { password: TEST_CREDENTIALS[2]!.password }, kabir);
    expect(answer.status).toBe(200);
    const reset = await live.waitFor((e) => e.kind === 'reset');
    expect(reset.data).toEqual({ reason: 'member-deleted' });
    expect(live.received.map((e) => e.kind)).toEqual(['reset']);
  });
});
