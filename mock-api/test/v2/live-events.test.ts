/**
 * Same operations, same events: one scripted sequence of writes (v1 and v2) and the live events
 * a member's pages get from it, type by type and field by field. This file runs on both backends
 * (the in-browser backend's channel; api-server's stream opened with the member's ticket) against
 * the one expected list below, so a difference between the backends fails on one of them.
 * Ids, times and picture URLs differ by nature: they are named or masked before comparing.
 */
import { BroadcastChannel as NodeBroadcastChannel } from 'worker_threads';
import type { LiveEvent } from '../../src/contract-live';
import { recordLive, signIn, withTestServer } from '../helpers';

// jsdom has no BroadcastChannel; Node's delivers between the channels of one process, as a browser does between pages.
const globals = globalThis as { BroadcastChannel?: unknown };
globals.BroadcastChannel ??= NodeBroadcastChannel;

withTestServer();

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/** The event with every known id replaced by its name, times by '<time>', pictures by '<pic>'. */
function named(event: LiveEvent, names: ReadonlyMap<string, string>): unknown {
  const walk = (value: unknown, key = ''): unknown => {
    if (typeof value === 'string') {
      if (key === 'pic') return '<pic>';
      if (ISO.test(value)) return '<time>';
      return names.get(value) ?? value;
    }
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    return value;
  };
  return { kind: event.kind, data: walk(event.data) };
}

it('a scripted sequence of writes gives the same events on both backends', async () => {
  const meera = await signIn(2);
  const kabir = await signIn(3);
  const { post } = await meera.api.v2.posts.create({ content: 'Events, once', pic: '' });
  // Kabir's pages: explore and this post's comments, and his own private events.
  const live = await recordLive(kabir, `explore=1&post=${encodeURIComponent(post._id)}`);
  try {
    await kabir.api.v2.posts.like(post._id);
    await kabir.api.v2.posts.bookmark(post._id);
    const { comment } = await kabir.api.v2.comments.add(post._id, 'A comment');
    await meera.api.v2.comments.upvote(comment._id);
    const { comment: replied } = await meera.api.v2.comments.reply(comment._id, 'A reply');
    // Kabir's notifications (the upvote and the reply), named by kind.
    const notified = (await kabir.api.v2.notifications.list()).notifications;
    await meera.api.v2.posts.edit(post._id, { content: 'Events, once (edited)', pic: '' });
    await kabir.api.v2.posts.dislike(post._id);
    // Kabir follows Meera in the seed.
    await kabir.api.users.unfollow(meera.user._id);
    await kabir.api.v2.members.follow(meera.user._id);
    await kabir.api.comments.remove(post._id, comment._id);
    await meera.api.v2.posts.remove(post._id);
    await live.waitFor((e) => e.kind === 'post.deleted' && e.data.postId === post._id);

    const names = new Map([
      [post._id, 'post'],
      [comment._id, 'comment'],
      [replied.replies[0]!._id, 'reply'],
      [meera.user._id, 'meera'],
      [kabir.user._id, 'kabir'],
    ]);
    // Notification ids are small numbers on both backends (a member's numeric id may be the same text): named where they stand.
    const notificationName = (id: string) => `notification:${notified.find((n) => n._id === id)?.kind ?? id}`;
    const withNames = (event: LiveEvent): unknown => {
      if (event.kind === 'notification.changed')
        return named(
          {
            ...event,
            data: { ...event.data, notification: { ...event.data.notification, _id: notificationName(event.data.notification._id) } },
          },
          names,
        );
      if (event.kind === 'notification.removed')
        return named({ ...event, data: { ...event.data, notificationId: notificationName(event.data.notificationId) } }, names);
      return named(event, names);
    };
    const events = live.events();
    const ids = events.map((e) => BigInt(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(ids).size).toBe(ids.length);
    expect(events.map(withNames)).toEqual(EXPECTED);
  } finally {
    live.close();
  }
});

/** Kabir's notification of Meera's `kind` on his comment, as the event carries it. */
const notificationOf = (kind: 'upvote' | 'reply', excerpt: string, unreadCount: number) => ({
  kind: 'notification.changed',
  data: {
    memberId: 'kabir',
    notification: {
      _id: `notification:${kind}`,
      kind,
      actor: { _id: 'meera', firstName: 'Meera', lastName: 'Nair', userHandler: 'meeranair', pic: '<pic>' },
      actorCount: 1,
      postId: 'post',
      commentId: 'comment',
      excerpt,
      updatedAt: '<time>',
      read: false,
    },
    unreadCount,
  },
});

/** What Kabir's pages get, in order: public events, and his own private ones (viewer.*, notification.*), never Meera's. */
const EXPECTED: unknown[] = [
  { kind: 'post.counts', data: { postId: 'post', likeCount: 1, dislikeCount: 0, commentCount: 0, repostCount: 0 } },
  { kind: 'viewer.post', data: { memberId: 'kabir', postId: 'post', viewer: { reaction: 'like', bookmarked: false, reposted: false } } },
  { kind: 'viewer.post', data: { memberId: 'kabir', postId: 'post', viewer: { reaction: 'like', bookmarked: true, reposted: false } } },
  {
    kind: 'comment.added',
    data: {
      comment: {
        _id: 'comment',
        postId: 'post',
        content: 'A comment',
        user: { _id: 'kabir', firstName: 'Kabir', lastName: 'Shah', userHandler: 'kabirshah', pic: '<pic>' },
        upvoteCount: 0,
        replies: [],
        createdAt: '<time>',
        updatedAt: '<time>',
        edited: false,
      },
    },
  },
  { kind: 'post.counts', data: { postId: 'post', likeCount: 1, dislikeCount: 0, commentCount: 1, repostCount: 0 } },
  {
    kind: 'comment.edited',
    data: {
      comment: {
        _id: 'comment',
        postId: 'post',
        content: 'A comment',
        user: { _id: 'kabir', firstName: 'Kabir', lastName: 'Shah', userHandler: 'kabirshah', pic: '<pic>' },
        upvoteCount: 1,
        replies: [],
        createdAt: '<time>',
        updatedAt: '<time>',
        edited: false,
      },
    },
  },
  notificationOf('upvote', 'A comment', 1),
  {
    kind: 'comment.edited',
    data: {
      comment: {
        _id: 'comment',
        postId: 'post',
        content: 'A comment',
        user: { _id: 'kabir', firstName: 'Kabir', lastName: 'Shah', userHandler: 'kabirshah', pic: '<pic>' },
        upvoteCount: 1,
        replies: [
          {
            _id: 'reply',
            commentId: 'comment',
            user: { _id: 'meera', firstName: 'Meera', lastName: 'Nair', userHandler: 'meeranair', pic: '<pic>' },
            content: 'A reply',
            createdAt: '<time>',
            updatedAt: '<time>',
            edited: false,
          },
        ],
        createdAt: '<time>',
        updatedAt: '<time>',
        edited: false,
      },
    },
  },
  notificationOf('reply', 'A reply', 2),
  {
    kind: 'post.edited',
    data: {
      post: {
        _id: 'post',
        id: '100000',
        userId: 'meera',
        author: { _id: 'meera', firstName: 'Meera', lastName: 'Nair', userHandler: 'meeranair', pic: '<pic>' },
        content: 'Events, once (edited)',
        pic: '<pic>',
        picAlt: '',
        pictures: [],
        edited: true,
        createdAt: '<time>',
        updatedAt: '<time>',
        likeCount: 1,
        dislikeCount: 0,
        commentCount: 1,
        repostCount: 0,
      },
    },
  },
  { kind: 'post.counts', data: { postId: 'post', likeCount: 0, dislikeCount: 1, commentCount: 1, repostCount: 0 } },
  { kind: 'viewer.post', data: { memberId: 'kabir', postId: 'post', viewer: { reaction: 'dislike', bookmarked: true, reposted: false } } },
  { kind: 'follow.changed', data: { followerId: 'kabir', followeeId: 'meera', following: false } },
  {
    kind: 'member.changed',
    data: {
      member: {
        _id: 'kabir',
        id: '3',
        firstName: 'Kabir',
        lastName: 'Shah',
        userHandler: 'kabirshah',
        pic: '<pic>',
        bio: 'Backend dev \u2022 hiking on weekends \u2022 bad at chess \u265f\ufe0f',
        link: 'http://kabir.example.net',
        createdAt: '<time>',
        updatedAt: '<time>',
        postCount: 2,
        followerCount: 2,
        followingCount: 1,
      },
    },
  },
  {
    kind: 'member.changed',
    data: {
      member: {
        _id: 'meera',
        id: '2',
        firstName: 'Meera',
        lastName: 'Nair',
        userHandler: 'meeranair',
        pic: '<pic>',
        bio: 'Product designer who sketches on trains \u270f\ufe0f',
        link: 'https://meera.example.org/portfolio',
        createdAt: '<time>',
        updatedAt: '<time>',
        postCount: 2,
        followerCount: 3,
        followingCount: 3,
      },
    },
  },
  { kind: 'follow.changed', data: { followerId: 'kabir', followeeId: 'meera', following: true } },
  {
    kind: 'member.changed',
    data: {
      member: {
        _id: 'kabir',
        id: '3',
        firstName: 'Kabir',
        lastName: 'Shah',
        userHandler: 'kabirshah',
        pic: '<pic>',
        bio: 'Backend dev \u2022 hiking on weekends \u2022 bad at chess \u265f\ufe0f',
        link: 'http://kabir.example.net',
        createdAt: '<time>',
        updatedAt: '<time>',
        postCount: 2,
        followerCount: 2,
        followingCount: 2,
      },
    },
  },
  {
    kind: 'member.changed',
    data: {
      member: {
        _id: 'meera',
        id: '2',
        firstName: 'Meera',
        lastName: 'Nair',
        userHandler: 'meeranair',
        pic: '<pic>',
        bio: 'Product designer who sketches on trains \u270f\ufe0f',
        link: 'https://meera.example.org/portfolio',
        createdAt: '<time>',
        updatedAt: '<time>',
        postCount: 2,
        followerCount: 4,
        followingCount: 3,
      },
    },
  },
  { kind: 'comment.deleted', data: { commentId: 'comment', postId: 'post' } },
  { kind: 'post.counts', data: { postId: 'post', likeCount: 0, dislikeCount: 1, commentCount: 0, repostCount: 0 } },
  // The comment went: so did Kabir's notifications about it.
  { kind: 'notification.removed', data: { memberId: 'kabir', notificationId: 'notification:upvote', unreadCount: 0 } },
  { kind: 'notification.removed', data: { memberId: 'kabir', notificationId: 'notification:reply', unreadCount: 0 } },
  { kind: 'post.deleted', data: { postId: 'post' } },
  {
    kind: 'member.changed',
    data: {
      member: {
        _id: 'meera',
        id: '2',
        firstName: 'Meera',
        lastName: 'Nair',
        userHandler: 'meeranair',
        pic: '<pic>',
        bio: 'Product designer who sketches on trains \u270f\ufe0f',
        link: 'https://meera.example.org/portfolio',
        createdAt: '<time>',
        updatedAt: '<time>',
        postCount: 1,
        followerCount: 4,
        followingCount: 3,
      },
    },
  },
];
