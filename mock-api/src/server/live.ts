/**
 * Live events of the in-browser backend (issue 23, docs/live.md): after every committed write
 * (v1 or v2 alike), the LiveEvents of that change go out on the BroadcastChannel
 * LIVE_CHANNEL, the same kinds and shapes api-server streams at GET /api/v2/events
 * (../contract-live.ts). Every page of the site listening on that channel gets them, this
 * tab's own pages included (a BroadcastChannel delivers to every other channel object of the
 * same name, in this page too).
 *
 * The events come from the change the backend already computes for the other tabs: the
 * records the write touched (with their JSON before the write) and the records it added and
 * removed. `liveEventsOf` compares before and after, record by record; `LivePublisher` numbers
 * them and posts them. Nothing here reads or writes storage, so the backend can call it from a
 * page or a service worker.
 */
import { LIVE_CHANNEL, type LiveEvent, type LiveEventData, type LiveEventKind } from '../contract-live';
import type { Ctx } from './backend';
import { V2Renderer } from './v2/common';
import { Renderer, type Db, type Membership, type StoredComment, type StoredPost, type StoredUser, type Touched } from './store';

/** An event before it has its id. */
export type LiveEventBody = { [K in LiveEventKind]: { kind: K; data: LiveEventData[K] } }[LiveEventKind];

/** What one committed write changed: the data after it, the touched records' JSON before it, the records added and removed. */
export interface LiveWrite {
  db: Db;
  touched: Touched;
  membership: Membership;
  /** A stored picture as answers show it (the backend's image store). */
  pic: (stored: string) => string;
}

/** At most this many events per write; a write that makes more (none does today) sends `reset` instead. */
export const MAX_EVENTS_PER_WRITE = 64;

const isUser = (record: StoredUser | StoredPost): record is StoredUser => 'userHandler' in record;

/** The public fields of a member as events show them (bookmarks, e-mail and password are private). */
function publicUser(user: StoredUser): string {
  return JSON.stringify([
    user.firstName,
    user.lastName,
    user.userHandler,
    user.pic,
    user.bio,
    user.link,
    user.followers.length,
    user.following.length,
  ]);
}

/** The LiveEvents of one committed write, in the order a reader should apply them. */
export function liveEventsOf({ db, touched, membership, pic }: LiveWrite): LiveEventBody[] {
  // V2Renderer reads only `db` and `render` of a request's context.
  const ctx = { db, render: new Renderer(db, pic) } as unknown as Ctx;
  const render = new V2Renderer(ctx, null);
  const events: LiveEventBody[] = [];
  const membersChanged = new Set<string>();
  const removed = membership.removed;
  const added = membership.added;

  for (const record of added) {
    if (isUser(record)) membersChanged.add(record._id);
    else {
      events.push({ kind: 'post.created', data: { post: render.post(record) } });
      membersChanged.add(record.userId);
    }
  }
  for (const record of removed) {
    if (isUser(record)) continue; // Members are never deleted.
    if (added.has(record)) continue;
    events.push({ kind: 'post.deleted', data: { postId: record._id } });
    membersChanged.add(record.userId);
  }

  // The members whose own view of a post changed: `memberId postId`.
  const viewsChanged = new Set<string>();
  for (const [record, json] of touched) {
    if (added.has(record) || removed.has(record)) continue;
    if (JSON.stringify(record) === json) continue;
    if (isUser(record)) {
      const before = JSON.parse(json) as StoredUser;
      for (const postId of symmetricDifference(before.bookmarks, record.bookmarks)) viewsChanged.add(`${record._id} ${postId}`);
      if (publicUser(before) !== publicUser(record)) membersChanged.add(record._id);
      // A follow changes both members' records; the follower's `following` says it once.
      const was = new Set(before.following);
      const now = new Set(record.following);
      for (const id of now)
        if (!was.has(id)) events.push({ kind: 'follow.changed', data: { followerId: record._id, followeeId: id, following: true } });
      for (const id of was)
        if (!now.has(id)) events.push({ kind: 'follow.changed', data: { followerId: record._id, followeeId: id, following: false } });
      continue;
    }
    const before = JSON.parse(json) as StoredPost;
    events.push(...postEvents(render, before, record));
    const reacted = [...symmetricDifference(before.likedBy, record.likedBy), ...symmetricDifference(before.dislikedBy, record.dislikedBy)];
    for (const memberId of reacted) viewsChanged.add(`${memberId} ${record._id}`);
    events.push(...upvoteEvents(before, record));
  }
  events.push(...viewerEvents(db, viewsChanged));

  for (const id of membersChanged) {
    const user = db.users.find((u) => u._id === id);
    if (!user) continue;
    const { viewerFollows: _follows, followsViewer: _followsViewer, ...member } = render.member(user);
    events.push({ kind: 'member.changed', data: { member } });
  }
  return events;
}

function postEvents(render: V2Renderer, before: StoredPost, post: StoredPost): LiveEventBody[] {
  const events: LiveEventBody[] = [];
  if (before.content !== post.content || before.pic !== post.pic || (before.picAlt ?? '') !== (post.picAlt ?? '')) {
    events.push({ kind: 'post.edited', data: { post: render.post(post) } });
  }
  const oldComments = new Map<string, StoredComment>(before.comments.map((c) => [c._id, c]));
  const newIds = new Set(post.comments.map((c) => c._id));
  for (const comment of post.comments) {
    const old = oldComments.get(comment._id);
    if (!old) events.push({ kind: 'comment.added', data: { comment: withoutViewer(render, post, comment) } });
    else if (JSON.stringify(old) !== JSON.stringify(comment))
      events.push({ kind: 'comment.edited', data: { comment: withoutViewer(render, post, comment) } });
  }
  for (const id of oldComments.keys()) {
    if (!newIds.has(id)) events.push({ kind: 'comment.deleted', data: { commentId: id, postId: post._id } });
  }
  const counts = (p: StoredPost) => [p.likeCount, p.dislikedBy.length, p.comments.length].join();
  if (counts(before) !== counts(post)) {
    events.push({
      kind: 'post.counts',
      data: { postId: post._id, likeCount: post.likeCount, dislikeCount: post.dislikedBy.length, commentCount: post.comments.length },
    });
  }
  return events;
}

/** The ids in exactly one of `a` and `b`. */
function symmetricDifference(a: readonly string[], b: readonly string[]): string[] {
  const inA = new Set(a);
  const inB = new Set(b);
  return [...a.filter((id) => !inB.has(id)), ...b.filter((id) => !inA.has(id))];
}

/** `viewer.post` for each `memberId postId` pair: the member's reaction and bookmark after the write. */
function viewerEvents(db: Db, pairs: Set<string>): LiveEventBody[] {
  const events: LiveEventBody[] = [];
  for (const pair of pairs) {
    const [memberId = '', postId = ''] = pair.split(' ');
    const post = db.posts.find((p) => p._id === postId);
    const member = db.users.find((u) => u._id === memberId);
    if (!post || !member) continue; // A deleted post has its own event.
    const reaction = post.likedBy.includes(memberId) ? 'like' : post.dislikedBy.includes(memberId) ? 'dislike' : null;
    events.push({ kind: 'viewer.post', data: { memberId, postId, viewer: { reaction, bookmarked: member.bookmarks.includes(postId) } } });
  }
  return events;
}

/** `viewer.comment` for each member whose upvote of a comment of `post` changed. */
function upvoteEvents(before: StoredPost, post: StoredPost): LiveEventBody[] {
  const events: LiveEventBody[] = [];
  const oldComments = new Map<string, StoredComment>(before.comments.map((c) => [c._id, c]));
  for (const comment of post.comments) {
    const old = oldComments.get(comment._id);
    if (!old) continue; // A new comment has no upvotes.
    for (const memberId of symmetricDifference(old.upvotedBy, comment.upvotedBy)) {
      const upvoted = comment.upvotedBy.includes(memberId);
      events.push({ kind: 'viewer.comment', data: { memberId, postId: post._id, commentId: comment._id, upvoted } });
    }
  }
  return events;
}

function withoutViewer(render: V2Renderer, post: StoredPost, comment: StoredComment) {
  const { viewerUpvoted: _upvoted, ...rest } = render.comment(post, comment);
  return rest;
}

/**
 * Numbers events and posts them on LIVE_CHANNEL. Ids grow within the site (the origin): a
 * write's id is `revision * MAX_EVENTS_PER_WRITE + n`, where `revision` is the stored data's
 * revision, one sequence for the whole site (one backend serves every tab from the service
 * worker, and IndexedDB orders a second instance's writes). Without storage (data in memory),
 * the publisher counts writes itself.
 */
export class LivePublisher {
  private channel: BroadcastChannel | null | undefined;
  private writes = 0;

  /** `channel`: where to post (tests); by default LIVE_CHANNEL, opened on the first event. */
  constructor(channel?: BroadcastChannel | null) {
    this.channel = channel;
  }

  private open(): BroadcastChannel | null {
    if (this.channel === undefined) {
      this.channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(LIVE_CHANNEL) : null;
      // In Node (tests, benches) an open channel must not keep the process alive.
      (this.channel as { unref?: () => void } | null)?.unref?.();
    }
    return this.channel;
  }

  /** Numbers and posts `events`; answers them as sent. `revision`: the stored revision the write made, when stored. */
  publish(events: LiveEventBody[], revision?: number): LiveEvent[] {
    this.writes = revision ?? this.writes + 1;
    const channel = events.length === 0 ? null : this.open();
    if (!channel) return [];
    const bodies: LiveEventBody[] = events.length > MAX_EVENTS_PER_WRITE ? [{ kind: 'reset', data: { reason: 'data-reset' } }] : events;
    const base = this.writes * MAX_EVENTS_PER_WRITE;
    const sent = bodies.map((body, n) => ({ id: String(base + n), ...body }) as LiveEvent);
    try {
      channel.postMessage(sent);
    } catch (error) {
      // A closed channel or an uncloneable value: the pages refetch on focus instead.
      console.warn('mock-api: could not publish live events', error);
    }
    return sent;
  }

  /** The whole data changed (back to the seed): every page refetches. */
  publishReset(revision?: number): LiveEvent[] {
    return this.publish([{ kind: 'reset', data: { reason: 'data-reset' } }], revision);
  }

  close(): void {
    this.channel?.close();
    this.channel = null;
  }
}
