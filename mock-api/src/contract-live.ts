/**
 * Live events (issue 23): what `GET /api/v2/events` streams (Server-Sent Events). Each event
 * names one entity and carries its new state in the v2 shapes of ./contract-v2.ts, as anyone
 * sees it (no viewer fields: a client keeps its own reaction, bookmark and upvote). docs/live.md
 * explains the change log behind them, replay and buffers. Types, constants and small pure helpers.
 *
 * On the wire each event is `id: <seq>`, `event: <kind>`, `data: <JSON of the event's data>`.
 * Ids are one increasing sequence for the whole network (a bigint as text): a client that
 * reconnects with `Last-Event-ID` (EventSource does it by itself) gets every event after it,
 * or a `reset` event when that id is older than what the server keeps (then it refetches).
 */
import type { AuthorV2, CommentV2, MemberV2, NotificationV2, PostV2, RelationshipV2 } from './contract-v2';

/** A post's `viewer` field: the member's own reaction and bookmark. */
export type PostViewerV2 = NonNullable<PostV2['viewer']>;

/** The stream, under /api/v2 (GET, text/event-stream). */
export const LIVE_EVENTS_PATH = '/events';

/**
 * The in-browser backend's events: one LiveChannelMessage per write (the same LiveEvents, ids
 * growing within the origin) posted on a BroadcastChannel of this name, to every page of the site.
 */
export const LIVE_CHANNEL = 'orbit-live';

/**
 * api-server's one-time stream tickets (POST, with the member's token): `{ ticket }`, good for one
 * stream opened within LIVE_TICKET_TTL_MS as `?ticket=`. That stream also gets the member's
 * private events (PRIVATE_LIVE_KINDS), and ends when the session does. The token itself never
 * goes in the URL, which servers and proxies log.
 */
export const LIVE_TICKET_PATH = '/events/ticket';
export const LIVE_TICKET_PARAM = 'ticket';
export interface LiveTicketAnswer {
  ticket: string;
}
export const LIVE_TICKET_TTL_MS = 30_000;

/** The query parameter that stands for the Last-Event-ID header (a reconnect made by hand). */
export const LAST_EVENT_ID_PARAM = 'lastEventId';

/**
 * What a stream's open pages show, in its query (`?home=<member id>&explore=1&post=<post id>`):
 * the server sends `post.created` to a stream with `explore`, or with `home` when the author is
 * that member, one of their followers or one they follow (the home feed, SPEC §2); comment events
 * only to a stream that names their post. Every stream gets the rest (counts, edits, deletions,
 * members, follows, reset) but the private kinds, which only a stream opened with the member's
 * ticket gets (LIVE_TICKET_PATH). The query only narrows a stream; it never opens anything.
 */
export const LIVE_TOPIC_PARAMS = { home: 'home', explore: 'explore', post: 'post' } as const;

/** The most posts one stream may name (`post` repeated). */
export const LIVE_MAX_POSTS = 10;

/** What a stream asks for (the client's side of LIVE_TOPIC_PARAMS). */
export interface LiveTopics {
  /** The signed-in member whose home feed is open. */
  home: string | null;
  explore: boolean;
  /** Posts whose comments are on screen. */
  posts: readonly string[];
}

/** A post, a comment or a member as events carry them: the v2 shape without viewer fields. */
export type LivePost = Omit<PostV2, 'viewer' | 'repostedBy'>;
export type LiveComment = Omit<CommentV2, 'viewerUpvoted'>;
export type LiveMember = Omit<MemberV2, 'viewerFollows' | 'followsViewer' | 'blocksViewer'>;

/** Each event's kind (the SSE `event:` field) and its data (the `data:` field, JSON). */
export interface LiveEventData {
  /** A new post. */
  'post.created': { post: LivePost };
  /** Its content, picture or description changed. */
  'post.edited': { post: LivePost };
  /** Gone, with its comments and reactions. */
  'post.deleted': { postId: string };
  /** A like, dislike, comment or repost moved its stored counts. */
  'post.counts': { postId: string; likeCount: number; dislikeCount: number; commentCount: number; repostCount: number };
  /** A new comment on a post. */
  'comment.added': { comment: LiveComment };
  /** Its text, its upvotes or its replies changed (a reply added, edited or deleted). */
  'comment.edited': { comment: LiveComment };
  /** Gone, with its replies. */
  'comment.deleted': { commentId: string; postId: string };
  /** A member's profile or public counts changed (or a new member signed up). */
  'member.changed': { member: LiveMember };
  /** `follower` now follows `followee` (following: true) or no longer does. */
  'follow.changed': { followerId: string; followeeId: string; following: boolean };
  /**
   * What the client holds may be stale beyond repair: its Last-Event-ID is older than what the
   * server keeps, the data set was reset, or a member deleted their account (their posts,
   * comments and reactions went, and every count that included them). Refetch what is on screen; the stream goes on from here.
   */
  reset: { reason: 'too-old' | 'data-reset' | 'member-deleted' };
  /** The member's own view of a post changed (their reaction or bookmark), for their other pages (private). */
  'viewer.post': { memberId: string; postId: string; viewer: PostViewerV2 };
  /** The member's own upvote of a comment changed; private like `viewer.post`. */
  'viewer.comment': { memberId: string; postId: string; commentId: string; upvoted: boolean };
  /**
   * The member blocked, unblocked, muted or unmuted `otherId` (docs/safety.md): what their lists
   * show changed. Private like `viewer.post`; the other member is not told.
   */
  'viewer.relationship': { memberId: string; otherId: string; relationship: RelationshipV2 };
  /**
   * A notification of the member's is new or changed (a new member in its group moves it to the
   * top), with their unread count after it. Private (PRIVATE_LIVE_KINDS).
   */
  'notification.changed': { memberId: string; notification: NotificationV2; unreadCount: number };
  /** A notification of the member's went (its post or comment was deleted, its last member left it). Private. */
  'notification.removed': { memberId: string; notificationId: string; unreadCount: number };
  /** The member opened their notifications: every one is read (unreadCount 0). Private. */
  'notification.read': { memberId: string; unreadCount: number };
}

export type LiveEventKind = keyof LiveEventData;

/**
 * The member's own events: each names its one recipient in `memberId`. api-server sends them only
 * to a stream opened with that member's ticket; the in-browser backend's channel stays in the
 * browser, whose pages drop those of another member.
 */
export const PRIVATE_LIVE_KINDS = [
  'viewer.post',
  'viewer.comment',
  'viewer.relationship',
  'notification.changed',
  'notification.removed',
  'notification.read',
] as const satisfies readonly LiveEventKind[];
export type PrivateLiveKind = (typeof PRIVATE_LIVE_KINDS)[number];

export const LIVE_EVENT_KINDS = [
  'post.created',
  'post.edited',
  'post.deleted',
  'post.counts',
  'comment.added',
  'comment.edited',
  'comment.deleted',
  'member.changed',
  'follow.changed',
  'reset',
  ...PRIVATE_LIVE_KINDS,
] as const satisfies readonly LiveEventKind[];

/** One event as a client reads it: `id` is the sequence number as text. */
export type LiveEvent = { [K in LiveEventKind]: { id: string; kind: K; data: LiveEventData[K] } }[LiveEventKind];

export const LIVE_ERRORS = {
  badLastEventId: '"Last-Event-ID" must be an event id this stream sent (a whole number).',
  badHome: '"home" must be one member id.',
  badExplore: '"explore" must be 1.',
  badPost: `"post" must be a post id, given at most ${LIVE_MAX_POSTS} times.`,
  badTicket: 'This live ticket is not valid: it was used, it expired, or its session ended. Ask for a new one.',
} as const;

/**
 * One message on LIVE_CHANNEL: a write's events and, for each member whose lists hide an author
 * those events name (blocked either way, or muted, when the write committed: docs/safety.md),
 * those authors' ids. A page keeps what its member may see (liveEventSeenBy), as api-server's
 * stream opened with that member's ticket does.
 */
export interface LiveChannelMessage {
  events: LiveEvent[];
  hiddenAuthors: Record<string, string[]>;
}

/** The members whose posts, comments or replies an event shows (what safety may hide). */
export function authorsIn(event: LiveEvent): string[] {
  switch (event.kind) {
    case 'post.created':
    case 'post.edited':
      return [event.data.post.userId];
    case 'comment.added':
    case 'comment.edited':
      return [event.data.comment.user._id, ...event.data.comment.replies.map((reply) => reply.user._id)];
    default:
      return [];
  }
}

/**
 * `event` as a member whose lists hide `hidden` gets it, or null when they do not get it: a post
 * or comment (new or edited) by a hidden author is left out, and so are a comment's replies by
 * hidden authors, as the member's lists leave them out. Both transports apply it: api-server's
 * ticketed stream (api-server/src/live/topics.ts) and a page on the in-browser backend's channel.
 */
export function liveEventSeenBy(event: LiveEvent, hidden: ReadonlySet<string>): LiveEvent | null {
  if (hidden.size === 0) return event;
  switch (event.kind) {
    case 'post.created':
    case 'post.edited':
      return hidden.has(event.data.post.userId) ? null : event;
    case 'comment.added':
    case 'comment.edited': {
      const { comment } = event.data;
      if (hidden.has(comment.user._id)) return null;
      const replies = comment.replies.filter((reply) => !hidden.has(reply.user._id));
      return replies.length === comment.replies.length ? event : { ...event, data: { comment: { ...comment, replies } } };
    }
    default:
      return event;
  }
}

/** The member a private event is for, or null for an event anyone may get. */
export function recipientOf(event: { kind: LiveEventKind; data: unknown }): string | null {
  return (PRIVATE_LIVE_KINDS as readonly LiveEventKind[]).includes(event.kind) ? (event.data as { memberId: string }).memberId : null;
}

/**
 * The largest event (its SSE frame, bytes) a stream sends. A bigger one (a comment with many
 * long replies) is not sent; the stream moves past it, and the client reads the entity again
 * when it next refetches. Half a stream's buffer, so one event never fills a buffer.
 */
export const LIVE_MAX_EVENT_BYTES = 128 * 1024;

/** How often the server sends a comment line on an idle stream (proxies keep it open; a dead peer is found). */
export const LIVE_HEARTBEAT_MS = 15_000;

export type { AuthorV2 };
