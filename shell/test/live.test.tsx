/** The page's live connection follows the session (shell/src/data/live/connection.ts). */
import React from 'react';
import { act, render } from '@testing-library/react';
import type { LiveEvent } from '@social/mock-api/contract-live';
import { setUpTestBackend } from '../../tools/jest/backend-kit';
import { auth$, logout } from '../src/bus';
import {
  connectLive,
  liveEventsUrl,
  newPostsOf,
  queryClient,
  queryKeys,
  REOPEN_DELAYS_MS,
  useLiveTopic,
  type LiveRequest,
  type LiveSource,
  type LiveTopic,
} from '../src/data';

setUpTestBackend({ signIn: true });

test('a signed-in page opens one live source; sign-out closes it and forgets what waited', async () => {
  const sources: { closed: boolean }[] = [];
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const connection = connectLive(queryClient, () => {
    const source = { closed: false };
    sources.push(source);
    opened();
    const handle: LiveSource = { close: () => (source.closed = true) };
    return handle;
  });
  try {
    await open;
    expect(sources).toHaveLength(1);
    expect(sources[0]!.closed).toBe(false);
    act(() => logout());
    expect(sources[0]!.closed).toBe(true);
    expect(newPostsOf('home')).toEqual([]);
    expect(sources).toHaveLength(1);
  } finally {
    connection.stop();
  }
});

/** A page that shows `topic` live while it is mounted (as useFeed('explore') and useComments do). */
function Shows({ topic }: { topic: LiveTopic }) {
  useLiveTopic(topic);
  return null;
}

/** One route at a time: going elsewhere unmounts one page and mounts the next in the same commit. */
function Route({ at }: { at: LiveTopic | 'home' }) {
  return at === 'home' ? null : <Shows key={at} topic={at} />;
}

/** Lets the microtask that follows a commit run (the connection hears the open topics then). */
const afterCommit = () => act(async () => undefined);

describe('what the stream asks for follows the open pages', () => {
  const counts = (postId: string): LiveEvent => ({
    id: '',
    kind: 'post.counts',
    data: { postId, likeCount: 1, dislikeCount: 0, commentCount: 0, repostCount: 0 },
  });

  test("api-server's stream is opened again from the last id when a page shows something it does not send, once per change", async () => {
    const opens: { request: LiveRequest; closed: boolean; emit: (events: LiveEvent[]) => void }[] = [];
    let opened!: () => void;
    const first = new Promise<void>((resolve) => (opened = resolve));
    const connection = connectLive(queryClient, (onEvents, request) => {
      const source = { request, closed: false, emit: onEvents };
      opens.push(source);
      opened();
      return { close: () => (source.closed = true), byTopics: true };
    });
    const me = auth$.value!.user._id;
    const view = render(<Route at="home" />);
    try {
      await first;
      await afterCommit();
      // Home is always asked for while signed in.
      expect(opens.map((o) => o.request)).toEqual([{ topics: { home: me, explore: false, posts: [] }, lastEventId: null }]);
      act(() => opens[0]!.emit([{ ...counts('p01-sunrise'), id: '41' }]));

      view.rerender(<Route at="explore" />);
      await afterCommit();
      expect(opens).toHaveLength(2);
      expect(opens[0]!.closed).toBe(true);
      expect(opens[1]!.request).toEqual({ topics: { home: me, explore: true, posts: [] }, lastEventId: '41' });
      act(() => opens[1]!.emit([{ ...counts('p01-sunrise'), id: '42' }]));
      // A closed source that still speaks is not heard: its events come again from the new one.
      act(() => opens[0]!.emit([{ ...counts('p01-sunrise'), id: '99' }]));

      // Explore goes and a post page comes in one commit: one reconnect, with both changes.
      queryClient.setQueryData(queryKeys.comments('p02-coffee'), { pages: [], pageParams: [] });
      view.rerender(<Route at="post:p02-coffee" />);
      await afterCommit();
      expect(opens).toHaveLength(3);
      expect(opens[2]!.request).toEqual({ topics: { home: me, explore: false, posts: ['p02-coffee'] }, lastEventId: '42' });

      // A page that closes alone, or comes back while still asked for, opens nothing.
      view.rerender(<Route at="home" />);
      await afterCommit();
      view.rerender(<Route at="post:p02-coffee" />);
      await afterCommit();
      expect(opens).toHaveLength(3);
      expect(queryClient.getQueryState(queryKeys.comments('p02-coffee'))?.isInvalidated).toBe(false);

      // Another post: the first one's comments get no events any more, so they are read again when shown.
      view.rerender(<Route at="post:p03-trail" />);
      await afterCommit();
      expect(opens).toHaveLength(4);
      expect(opens[3]!.request.topics.posts).toEqual(['p03-trail']);
      expect(queryClient.getQueryState(queryKeys.comments('p02-coffee'))?.isInvalidated).toBe(true);
      expect(opens.slice(0, 3).every((o) => o.closed)).toBe(true);
    } finally {
      view.unmount();
      connection.stop();
    }
  });

  test('a source that stopped for good (an answer that is not a stream) opens again from the last id, later each time', async () => {
    const opens: { request: LiveRequest; closed: boolean; emit: (events: LiveEvent[]) => void; stopped: () => void }[] = [];
    let opened!: () => void;
    const first = new Promise<void>((resolve) => (opened = resolve));
    const connection = connectLive(queryClient, (onEvents, request, onClosed) => {
      const source = { request, closed: false, emit: onEvents, stopped: onClosed };
      opens.push(source);
      opened();
      return { close: () => (source.closed = true), byTopics: true };
    });
    try {
      await first;
      act(() => opens[0]!.emit([{ ...counts('p01-sunrise'), id: '7' }]));
      // Only the timers: promises and microtasks run as usual.
      jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
      opens[0]!.stopped();
      jest.advanceTimersByTime(REOPEN_DELAYS_MS.first - 1);
      expect(opens).toHaveLength(1);
      jest.advanceTimersByTime(1);
      expect(opens).toHaveLength(2);
      expect(opens[1]!.request.lastEventId).toBe('7');

      // It stops again before any event: the next try waits twice as long.
      opens[1]!.stopped();
      jest.advanceTimersByTime(REOPEN_DELAYS_MS.first * 2 - 1);
      expect(opens).toHaveLength(2);
      jest.advanceTimersByTime(1);
      expect(opens).toHaveLength(3);
      expect(opens[2]!.request.lastEventId).toBe('7');

      // Signed out while a try waits: nothing opens any more.
      opens[2]!.stopped();
      act(() => logout());
      jest.advanceTimersByTime(REOPEN_DELAYS_MS.max);
      expect(opens).toHaveLength(3);
    } finally {
      jest.useRealTimers();
      connection.stop();
    }
  });

  test("the in-browser backend's channel is not filtered: it stays open when pages change", async () => {
    let opens = 0;
    let opened!: () => void;
    const first = new Promise<void>((resolve) => (opened = resolve));
    const connection = connectLive(queryClient, () => {
      opens += 1;
      opened();
      return { close: () => undefined };
    });
    const view = render(<Route at="home" />);
    try {
      await first;
      view.rerender(<Route at="explore" />);
      await afterCommit();
      view.rerender(<Route at="post:p02-coffee" />);
      await afterCommit();
      expect(opens).toBe(1);
    } finally {
      view.unmount();
      connection.stop();
    }
  });

  test('the stream URL names the topics and the last id', () => {
    expect(liveEventsUrl('http://api.test', { topics: { home: 'u1-adarsh', explore: true, posts: ['p1', 'p2'] }, lastEventId: '7' })).toBe(
      'http://api.test/api/v2/events?home=u1-adarsh&explore=1&post=p1&post=p2&lastEventId=7',
    );
    expect(liveEventsUrl('http://api.test', { topics: { home: null, explore: false, posts: [] }, lastEventId: null })).toBe(
      'http://api.test/api/v2/events',
    );
  });
});

test("the member's block or mute on another page has this page read its post, comment and member lists again; another member's does not", async () => {
  let emit!: (events: LiveEvent[]) => void;
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const connection = connectLive(queryClient, (onEvents) => {
    emit = onEvents;
    opened();
    return { close: () => undefined };
  });
  const lists = [queryKeys.feed('explore', 'latest'), queryKeys.comments('p1'), queryKeys.suggested];
  const stale = () => lists.map((key) => queryClient.getQueryState(key)?.isInvalidated ?? null);
  try {
    await open;
    for (const key of lists) queryClient.setQueryData(key, { pages: [], pageParams: [] });
    const relationship = (memberId: string): LiveEvent => ({
      id: '',
      kind: 'viewer.relationship',
      data: { memberId, otherId: 'u9-other', relationship: { blocking: false, muting: true, mutedUntil: null } },
    });
    act(() => emit([relationship('someone-else')]));
    expect(stale()).toEqual([false, false, false]);
    act(() => emit([relationship(auth$.value!.user._id)]));
    expect(stale()).toEqual([true, true, true]);
  } finally {
    connection.stop();
    queryClient.clear();
  }
});
