/**
 * The records of the fake backend's data, as stored: members and posts (a post holds its
 * comments and their replies). Nested lists hold member ids; answers render them with member
 * summaries (./store.ts, Renderer). Apart from ./store.ts so that ./indexes.ts can name them
 * without importing the store that uses it.
 */
import type { NotificationKind } from '../contract-v2';
import type { StoredPicture, StoredVersion } from '../core/post-pictures';

export interface StoredUser {
  _id: string;
  id: string;
  firstName: string;
  lastName: string;
  userHandler: string;
  /** Login e-mail. */
  username: string;
  password: string;
  pic: string;
  bio: string;
  link: string;
  /** User ids. */
  followers: string[];
  following: string[];
  /** Post ids. */
  bookmarks: string[];
  createdAt: string;
  updatedAt: string;
  /**
   * Set by a password change: the id (jti) of the first token still valid. Tokens issued before
   * it are refused (./tokens.ts, issuedBefore); absent when the password never changed.
   */
  sessionsFrom?: string;
  /** Members this one blocks (absent: none). docs/safety.md */
  blocks?: StoredBlock[];
  /** Members this one mutes, each until `until` (ISO) or for ever (null); absent: none. */
  mutes?: StoredMute[];
  /** Reports this member made (they go with the member's account). */
  reports?: StoredReport[];
  /** A moderator reads and decides every member's reports (the seed's test user 4). */
  moderator?: boolean;
  /** Tags they follow (normalised, ../core/text.ts) and when; absent: none. Their posts join the member's home feed. */
  followedTags?: { tag: string; at: string }[];
  /** Their notifications (./notification-store.ts); absent until the first. */
  notifications?: StoredNotification[];
  /** How many of them are unread: stored, moved by each change. */
  unreadNotifications?: number;
  /** The number marking read took when they last opened the list: a notification whose seq is above it is unread. */
  notificationsReadSeq?: number;
}

/** One notification of a member's: a group of members who did one thing (../core/notifications.ts). */
export interface StoredNotification {
  /** A whole number as text. */
  id: string;
  key: string;
  kind: NotificationKind;
  postId: string | null;
  commentId: string | null;
  replyId: string | null;
  /** Who is in it and when each joined, oldest first. */
  actors: { id: string; at: string }[];
  updatedAt: string;
  /** Its place in the list: taken anew (from Db.nextId) at each change. */
  seq: number;
}

interface StoredBlock {
  memberId: string;
  at: string;
}

export interface StoredMute {
  memberId: string;
  at: string;
  until: string | null;
}

export interface StoredReport {
  _id: string;
  /** Arrival order (the data's numeric id counter): the queue's order. */
  seq: number;
  /** The reported member (a post's author for a post report). */
  memberId: string;
  postId: string | null;
  reason: 'spam' | 'harassment' | 'other';
  details: string;
  createdAt: string;
  status: 'open' | 'removed' | 'dismissed';
  /** The moderator who decided (null once their account is gone) and when; absent while open. */
  decidedBy?: string | null;
  decidedAt?: string;
}

export interface StoredReply {
  _id: string;
  userId: string;
  content: string;
  createdAt: string;
  /** Set when the reply's text was edited; absent on unedited replies. */
  updatedAt?: string;
  /** True once an edit changed its text; absent in data stored before the mark (then an updatedAt says it). */
  edited?: boolean;
  /** The ids of the members its text mentions; absent when none. */
  mentions?: string[];
  /** The ids of every member its text has ever mentioned (each hears of it once, whatever its edits); absent when none. */
  mentionedOnce?: string[];
}

export interface StoredComment {
  _id: string;
  userId: string;
  content: string;
  upvotedBy: string[];
  replies: StoredReply[];
  createdAt: string;
  updatedAt: string;
  /** True once an edit changed its own text; absent in data stored before the mark (then a moved updatedAt says it). */
  edited?: boolean;
  /** The ids of the members its text mentions; absent when none. */
  mentions?: string[];
  /** The ids of every member its text has ever mentioned (each hears of it once, whatever its edits); absent when none. */
  mentionedOnce?: string[];
}

export interface StoredPost {
  _id: string;
  id: string;
  userId: string;
  content: string;
  pic: string;
  /** The picture's description (v2 only; absent in older data, shown as ''). */
  picAlt?: string;
  /** Every picture with its size (../core/post-pictures.ts), the first being `pic` and `picAlt`; absent in older data (then `pic` is the one). */
  pictures?: StoredPicture[];
  /** The earlier versions, oldest first (edit history); absent until an edit changed something. */
  versions?: StoredVersion[];
  /** Invariant: likeCount === likedBy.length. */
  likeCount: number;
  likedBy: string[];
  dislikedBy: string[];
  comments: StoredComment[];
  createdAt: string;
  updatedAt: string;
  /** The ids of the members its text mentions; absent when none. */
  mentions?: string[];
  /** The ids of every member its text has ever mentioned (each hears of it once, whatever its edits); absent when none. */
  mentionedOnce?: string[];
  /** Who reposted it and when, oldest first (each member once); absent when nobody did. */
  reposts?: StoredRepost[];
  /** The id of the post it quotes (kept when that post is gone); absent when it quotes none. */
  quoteOf?: string;
}

interface StoredRepost {
  memberId: string;
  at: string;
}
