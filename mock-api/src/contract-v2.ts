/**
 * The product's own API, `/api/v2`: paged, entity-level, served by both backends (the fake
 * backend in mock-api/src/server/v2/, api-server in api-server/src/v2/). The spec's API
 * (./contract.ts, SPEC.md §7) stays as it is for /mockman and any other caller; the apps use
 * this one. Type-only plus constants, like ./contract.ts.
 *
 * Rules every call follows (docs/api.md explains them):
 * - A write answers only what it changed: a like answers the post with its counts, a follow the
 *   two members, a comment the comment (and the post's new counts).
 * - Every list is a page: `?limit=` (default PAGE_LIMITS.default, at most PAGE_LIMITS.max) and
 *   `?cursor=` (opaque; the previous page's `nextCursor`). The answer is `{ <items>, nextCursor }`
 *   with `nextCursor: null` on the last page. Keyset cursors: a page never repeats or skips an
 *   item because of writes elsewhere in the list (except Trending, whose order moves with its
 *   counts: clients drop an id they already hold).
 * - Counts are stored, not recounted; no answer grows with the number of posts.
 * - Public answers never carry a member's e-mail address or bookmarks. Reads accept an optional
 *   token: with one, posts carry `viewer` (the caller's reaction and bookmark) and members carry
 *   `viewerFollows`.
 * - Errors are `{ errors: [message] }` (ErrorBody) with the messages of SERVER_ERRORS.
 */
import type { PostSort, UserEdit } from './contract';

export const API_V2_PREFIX = '/api/v2';

export const PAGE_LIMITS = { default: 20, max: 50 } as const;

/** Longest v2-only text fields (the others are TEXT_LIMITS of ./contract.ts). */
export const V2_TEXT_LIMITS = { picAlt: 1500, tag: 64, reportDetails: 1000 } as const;

/**
 * A post's pictures (docs/api.md, "Pictures"): at most `max`; each draft picture names its size in
 * pixels, whole numbers from 1 to `maxSide`, so cards reserve its room before it loads.
 */
export const POST_PICTURES = { max: 4, maxSide: 16_384 } as const;

/** One picture of a post. */
export interface PictureV2 {
  /** Image URL. */
  url: string;
  /** Its description (alt text), '' when the author gave none. */
  alt: string;
  /** Its size in pixels; 0 and 0 for a picture posted without one (through `pic`, or before sizes were kept). */
  width: number;
  height: number;
}

/** A member as anyone sees them: no e-mail, no bookmarks, no lists that grow. */
export interface MemberV2 {
  _id: string;
  /** Numeric id as text. */
  id: string;
  firstName: string;
  lastName: string;
  userHandler: string;
  pic: string;
  bio: string;
  link: string;
  createdAt: string;
  updatedAt: string;
  postCount: number;
  followerCount: number;
  followingCount: number;
  /** Present when the request carried a valid token: the caller follows this member. */
  viewerFollows?: boolean;
  /** Present when the request carried a valid token: this member follows the caller. */
  followsViewer?: boolean;
  /**
   * Present (true) only on one member's answer (by id or handle) when this member blocked the
   * caller: the caller sees none of their posts (postCount 0) and cannot follow them.
   */
  blocksViewer?: true;
}

/** The signed-in member as they see themselves: adds their login e-mail. */
export interface MeV2 extends Omit<MemberV2, 'viewerFollows' | 'followsViewer' | 'blocksViewer'> {
  username: string;
  bookmarkCount: number;
}

/** Who wrote something, as posts, comments and replies show it. */
export interface AuthorV2 {
  _id: string;
  firstName: string;
  lastName: string;
  userHandler: string;
  pic: string;
}

export type ReactionV2 = 'like' | 'dislike' | null;

export interface PostV2 {
  _id: string;
  id: string;
  /** The author's _id. */
  userId: string;
  author: AuthorV2;
  content: string;
  /** The first picture's URL, or '' (as v1's `pic`). */
  pic: string;
  /** The first picture's description (alt text), '' when the author gave none. */
  picAlt: string;
  /** Every picture, in order (at most POST_PICTURES.max); the first is `pic`. */
  pictures: PictureV2[];
  /** True once an edit changed its text or pictures: its earlier versions are in GET /posts/:postId/history. */
  edited: boolean;
  createdAt: string;
  updatedAt: string;
  likeCount: number;
  dislikeCount: number;
  commentCount: number;
  /** How many members reposted it (each at most once; docs/api.md, "Reposts and quotes"). */
  repostCount: number;
  /** Present when the request carried a valid token: the caller's reaction, bookmark and repost. */
  viewer?: { reaction: ReactionV2; bookmarked: boolean; reposted: boolean };
  /** Handles of the members its text mentions (`@handle`, docs/notifications.md); absent when none. */
  mentions?: string[];
  /**
   * Only in a list (the home feed, a member's posts): the post is there because this member
   * reposted it, at `at` (in the home feed the newest repost among the members the viewer
   * follows). A post is in a list once, at its newest appearance.
   */
  repostedBy?: RepostReasonV2;
  /** The post it quotes; absent when it quotes none. */
  quote?: QuotedPostV2;
}

/** Why a post is in a list although its author is not why: who reposted it, and when. */
export interface RepostReasonV2 {
  member: AuthorV2;
  at: string;
}

/**
 * The post a quote post quotes, as its card nests it. `available: false` when that post is gone,
 * or its author is blocked either way or muted by the viewer: the quote itself stays. A quoted
 * post that quotes another names it only (`quoteOf`, a link): one level of nesting.
 */
export type QuotedPostV2 =
  | {
      _id: string;
      available: true;
      author: AuthorV2;
      /** Its text (the card shows the start). */
      content: string;
      /** Its picture's URL or '', with its description. */
      pic: string;
      picAlt: string;
      createdAt: string;
      /** The id of the post it quotes in turn, or null. */
      quoteOf: string | null;
    }
  | { _id: string; available: false };

export interface ReplyV2 {
  _id: string;
  commentId: string;
  user: AuthorV2;
  content: string;
  createdAt: string;
  updatedAt: string;
  /**
   * True once an edit changed its text: set by the edit itself, so an edit within the second
   * it was written counts (timestamps stop at seconds). Every /v2 answer carries it; a live
   * event of the in-browser backend may leave it out (the apps then keep what they knew).
   */
  edited?: boolean;
  /** Handles of the members its text mentions; absent when none. */
  mentions?: string[];
}

export interface CommentV2 {
  _id: string;
  postId: string;
  content: string;
  user: AuthorV2;
  upvoteCount: number;
  /** Present when the request carried a valid token. */
  viewerUpvoted?: boolean;
  /** Every reply, oldest first (a comment's replies are few; its post's comments are paged). */
  replies: ReplyV2[];
  createdAt: string;
  updatedAt: string;
  /** True once an edit changed its text (not a reply's): see ReplyV2.edited. */
  edited?: boolean;
  /** Handles of the members its text mentions; absent when none. */
  mentions?: string[];
}

// ---- Notifications (docs/notifications.md) ----
export const NOTIFICATION_KINDS = ['like', 'comment', 'reply', 'mention', 'follow', 'upvote', 'repost', 'quote'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How much of the post, comment or reply a notification quotes (characters). */
export const NOTIFICATION_EXCERPT_LENGTH = 100;

/**
 * One notification: a group of members who did the same thing to the same item (likes of one
 * post, upvotes of one comment, follows), or one comment, reply or mention. `actor` is the
 * newest member in it, `actorCount` how many there are ("Sara Ahmed and 2 others").
 */
export interface NotificationV2 {
  _id: string;
  kind: NotificationKind;
  actor: AuthorV2;
  actorCount: number;
  /** The post it is about (null for a follow). */
  postId: string | null;
  /** The comment it is about (a comment, a reply, an upvote, a mention in a comment or reply), else null. */
  commentId: string | null;
  /** The start of the post, comment or reply it is about ('' for a follow). */
  excerpt: string;
  /** Its newest change: the list is newest first by it. */
  updatedAt: string;
  read: boolean;
}

// ---- Inputs ----
export interface PostDraftV2 {
  content: string;
  /** A data: URL (a new picture), a URL an earlier answer gave (keep it), or '' (none). Ignored when `pictures` is sent. */
  pic: string;
  /** Optional description of the picture (alt text). Ignored when `pictures` is sent. */
  picAlt?: string;
  /** Optional: the id of the post this one quotes (creation only; one the author can see). */
  quoteOf?: string;
  /** The post's pictures, in order (at most POST_PICTURES.max): when sent, they replace `pic` and every picture it had. */
  pictures?: PictureDraftV2[];
}

/** One picture of a draft. */
export interface PictureDraftV2 {
  /** A data: URL (a new picture) or a URL an earlier answer gave (keep it). */
  pic: string;
  /** Its description, up to V2_TEXT_LIMITS.picAlt characters. */
  alt?: string;
  /** Its size in pixels (whole numbers, 1 to POST_PICTURES.maxSide). */
  width: number;
  height: number;
}

/** An earlier version of an edited post: what it showed until the next edit. */
export interface PostVersionV2 {
  content: string;
  pictures: PictureV2[];
  /** When this version was written (the post's creation, or the edit that made it). */
  createdAt: string;
}

export interface PageQuery {
  limit?: number;
  cursor?: string | null;
}

export interface FeedQuery extends PageQuery {
  sort?: PostSort;
}

// ---- Answers ----
export interface Page {
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}
export interface PostsPageV2 extends Page {
  posts: PostV2[];
}
export interface MembersPageV2 extends Page {
  members: MemberV2[];
}
export interface CommentsPageV2 extends Page {
  comments: CommentV2[];
}
/** A post's reposters, newest repost first. */
export interface RepostersPageV2 extends Page {
  members: MemberV2[];
}
export interface NotificationsPageV2 extends Page {
  notifications: NotificationV2[];
}
/** A post's earlier versions, newest first. */
export interface PostHistoryPageV2 extends Page {
  versions: PostVersionV2[];
}
export interface UnreadCountV2 {
  count: number;
}
export interface SessionAnswerV2 {
  me: MeV2;
  encodedToken: string;
}
export interface MeAnswerV2 {
  me: MeV2;
}
export interface MemberAnswerV2 {
  member: MemberV2;
}
/** A follow or unfollow: the two members whose counts changed. */
export interface FollowAnswerV2 {
  me: MeV2;
  member: MemberV2;
}
export interface PostAnswerV2 {
  post: PostV2;
}
export interface DeletedPostAnswerV2 {
  postId: string;
}
export interface CommentAnswerV2 {
  comment: CommentV2;
}
/** A comment added: the comment and its post's new counts. */
export interface AddedCommentAnswerV2 {
  comment: CommentV2;
  post: PostV2;
}
export interface DeletedCommentAnswerV2 {
  commentId: string;
  post: PostV2;
}

// ---- The member's account (docs/account.md) ----
export interface PasswordChangeV2 {
  currentPassword: string;
  /** Follows the spec's password rule (PASSWORD_RULE in ./contract.ts). */
  newPassword: string;
}
/** A password changed: every session of the member ended, and this new token starts the caller's next one. */
export interface PasswordChangedAnswerV2 {
  encodedToken: string;
}
export interface AccountDeletionV2 {
  /** The member's password, confirming the deletion. */
  password: string;
}

/**
 * "Download my data": everything the member made or chose, as JSON. Never a password or its
 * hash. Pictures are URLs as answers show them. Lists are oldest first.
 */
export interface AccountExportV2 {
  format: 'orbit-account-export';
  version: 1;
  exportedAt: string;
  /** The member as they see themselves, with their login e-mail. */
  profile: Pick<
    MeV2,
    '_id' | 'id' | 'username' | 'firstName' | 'lastName' | 'userHandler' | 'pic' | 'bio' | 'link' | 'createdAt' | 'updatedAt'
  >;
  posts: { _id: string; content: string; pic: string; picAlt: string; pictures: PictureV2[]; createdAt: string; updatedAt: string }[];
  /** The earlier versions of their posts (edit history), each post's oldest first. */
  postHistory: ({ postId: string } & PostVersionV2)[];
  /** Their comments, on anyone's post. */
  comments: { _id: string; postId: string; content: string; createdAt: string; updatedAt: string }[];
  /** Their replies, under anyone's comment. */
  replies: { _id: string; commentId: string; postId: string; content: string; createdAt: string; updatedAt: string }[];
  /** Posts they liked, and posts they disliked. */
  likes: { postId: string }[];
  dislikes: { postId: string }[];
  /** Comments they upvoted. */
  upvotes: { commentId: string; postId: string }[];
  bookmarks: { postId: string }[];
  /** Posts they reposted and when, oldest repost first. */
  reposts: { postId: string; repostedAt: string }[];
  /** Members they follow, and members who follow them. */
  follows: { following: { memberId: string; userHandler: string }[]; followers: { memberId: string; userHandler: string }[] };
  /** Members they blocked, and members they muted (`until`: when the mute ends, null for ever). */
  blocks: { memberId: string; userHandler: string }[];
  mutes: { memberId: string; userHandler: string; until: string | null }[];
  /** Tags they follow (their posts join the home feed), oldest follow first. */
  followedTags: { tag: string; followedAt: string }[];
}

// ---- Safety: block, mute, report, moderate (docs/safety.md) ----

/** How the caller stands with a member they look at (never whether that member blocked them). */
export interface RelationshipV2 {
  blocking: boolean;
  muting: boolean;
  /** When the mute ends (ISO), null while not muting or when it is for ever. */
  mutedUntil: string | null;
}
export interface RelationshipAnswerV2 {
  relationship: RelationshipV2;
}
/** A block or unblock: the follows between the two ended, so both members' counts may have moved. */
export interface BlockAnswerV2 {
  me: MeV2;
  member: MemberV2;
  relationship: RelationshipV2;
}
/** The lengths a mute can have, in seconds (0: until unmuted), as the apps offer them. */
export const MUTE_DURATIONS = { oneHour: 3600, oneDay: 86_400, sevenDays: 604_800, forever: 0 } as const;
/** Longest mute with an end (a year); longer is for ever (duration 0). */
/** Reports one member may send within an hour (docs/safety.md): past it, 429 `tooManyReports`. */
export const REPORTS_PER_HOUR = 20;
export const MAX_MUTE_SECONDS = 31_536_000;
export interface MuteV2 {
  /** Seconds from now, 1 to MAX_MUTE_SECONDS; 0 or absent: until unmuted. */
  duration?: number;
}

export const REPORT_REASONS = ['spam', 'harassment', 'other'] as const;
export type ReportReasonV2 = (typeof REPORT_REASONS)[number];
/** The reasons as the report dialog names them. */
export const REPORT_REASON_LABELS: Record<ReportReasonV2, string> = { spam: 'Spam', harassment: 'Harassment', other: 'Something else' };
export interface ReportDraftV2 {
  reason: ReportReasonV2;
  /** What the moderators should know, up to V2_TEXT_LIMITS.reportDetails characters ('' allowed). */
  details?: string;
}
export interface ReportSentAnswerV2 {
  reportId: string;
}
export type ReportStatusV2 = 'open' | 'removed' | 'dismissed';
/** A report as moderators see it. */
export interface ReportV2 {
  _id: string;
  reason: ReportReasonV2;
  details: string;
  createdAt: string;
  reporter: AuthorV2;
  /** The reported member (a post's author for a post report). */
  member: AuthorV2;
  /** The reported post, null for a report about a member. */
  post: { _id: string; content: string; pic: string; picAlt: string; createdAt: string } | null;
  status: ReportStatusV2;
  /** Who decided and when; null while open (or when the moderator's account is gone). */
  decidedBy: AuthorV2 | null;
  decidedAt: string | null;
}
export interface ReportsPageV2 extends Page {
  reports: ReportV2[];
  /**
   * The open reports about the caller (their account or one of their posts), which are never in
   * their own queue: `otherModerators` says whether another moderator decides them, or they wait
   * until there is one (docs/safety.md).
   */
  aboutYou: { count: number; otherModerators: boolean };
}
export interface ReportAnswerV2 {
  report: ReportV2;
}
export interface RolesAnswerV2 {
  moderator: boolean;
}
// ---- Finding posts: search, trending tags, followed tags (docs/api.md, "Search and tags") ----

/** Bounds of a post search's `q` (characters, words besides `#tag` and `from:@handle`). */
export const POST_SEARCH_LIMITS = { query: 200, words: 8 } as const;
/** Trending tags: at most `max`, from the posts of the last `windowHours` hours. */
export const TRENDING_TAGS = { max: 10, windowHours: 24 } as const;
/** How many tags one member may follow. */
export const MAX_FOLLOWED_TAGS = 100;

/** A tag (normalised, without '#'), with whether the caller follows it when the request carried a token. */
export interface TagV2 {
  name: string;
  viewerFollows?: boolean;
}
export interface TagAnswerV2 {
  tag: TagV2;
}
/** The caller's followed tags, most recently followed first. */
export interface TagsPageV2 extends Page {
  tags: TagV2[];
}
/** A trending tag: how many members used it in a post of the last TRENDING_TAGS.windowHours hours. */
export interface TrendingTagV2 {
  name: string;
  /** Posts of the window with the tag, each member's counted once. */
  postCount: number;
}
export interface TrendingTagsAnswerV2 {
  tags: TrendingTagV2[];
}

/** GET /v2/meta: what the backend is, asked before anyone signs in. */
export interface MetaAnswerV2 {
  /** The demo's sample members are here: the login page offers their published test credentials. */
  demo: boolean;
}

/**
 * Every v2 call as (method, path under /api/v2): the names of the route table's rows
 * (./contract/routes.ts, which holds every other fact of a call). Both backends register exactly
 * these and mock-api/test/v2 checks them on both; docs/api.md lists them with their answers.
 */
export const V2_ROUTES = {
  meta: ['GET', '/meta'],
  openapi: ['GET', '/openapi.json'],
  login: ['POST', '/auth/login'],
  signup: ['POST', '/auth/signup'],
  logout: ['POST', '/auth/logout'],
  me: ['GET', '/me'],
  editMe: ['POST', '/me'],
  myBookmarks: ['GET', '/me/bookmarks'],
  changePassword: ['POST', '/me/password'],
  exportMyData: ['GET', '/me/export'],
  deleteAccount: ['POST', '/me/delete'],
  myRoles: ['GET', '/me/roles'],
  myBlocks: ['GET', '/me/blocks'],
  myMutes: ['GET', '/me/mutes'],
  homeFeed: ['GET', '/feed/home'],
  exploreFeed: ['GET', '/feed/explore'],
  searchMembers: ['GET', '/members/search'],
  suggestedMembers: ['GET', '/members/suggested'],
  memberByHandle: ['GET', '/members/handle/:userHandler'],
  member: ['GET', '/members/:memberId'],
  memberPosts: ['GET', '/members/:memberId/posts'],
  memberActivities: ['GET', '/members/:memberId/activities'],
  tagPosts: ['GET', '/tags/:tag/posts'],
  tag: ['GET', '/tags/:tag'],
  followTag: ['POST', '/tags/follow/:tag'],
  unfollowTag: ['POST', '/tags/unfollow/:tag'],
  followedTags: ['GET', '/me/tags'],
  trendingTags: ['GET', '/trends/tags'],
  searchPosts: ['GET', '/search/posts'],
  followers: ['GET', '/members/:memberId/followers'],
  following: ['GET', '/members/:memberId/following'],
  follow: ['POST', '/members/follow/:memberId'],
  unfollow: ['POST', '/members/unfollow/:memberId'],
  relationship: ['GET', '/members/:memberId/relationship'],
  block: ['POST', '/members/block/:memberId'],
  unblock: ['POST', '/members/unblock/:memberId'],
  mute: ['POST', '/members/mute/:memberId'],
  unmute: ['POST', '/members/unmute/:memberId'],
  reportMember: ['POST', '/members/:memberId/report'],
  reportPost: ['POST', '/posts/:postId/report'],
  reports: ['GET', '/moderation/reports'],
  removeReportedPost: ['POST', '/moderation/reports/:reportId/remove'],
  dismissReport: ['POST', '/moderation/reports/:reportId/dismiss'],
  post: ['GET', '/posts/:postId'],
  postHistory: ['GET', '/posts/:postId/history'],
  createPost: ['POST', '/posts'],
  editPost: ['POST', '/posts/edit/:postId'],
  deletePost: ['DELETE', '/posts/:postId'],
  like: ['POST', '/posts/like/:postId'],
  dislike: ['POST', '/posts/dislike/:postId'],
  bookmark: ['POST', '/posts/bookmark/:postId'],
  removeBookmark: ['POST', '/posts/remove-bookmark/:postId'],
  repost: ['POST', '/posts/repost/:postId'],
  undoRepost: ['POST', '/posts/undo-repost/:postId'],
  reposters: ['GET', '/posts/:postId/reposters'],
  comments: ['GET', '/posts/:postId/comments'],
  likers: ['GET', '/posts/:postId/likers'],
  addComment: ['POST', '/posts/:postId/comments'],
  editComment: ['POST', '/comments/edit/:commentId'],
  deleteComment: ['DELETE', '/comments/:commentId'],
  upvoteComment: ['POST', '/comments/upvote/:commentId'],
  addReply: ['POST', '/comments/:commentId/replies'],
  editReply: ['POST', '/comments/:commentId/replies/edit/:replyId'],
  deleteReply: ['DELETE', '/comments/:commentId/replies/:replyId'],
  notifications: ['GET', '/notifications'],
  unreadNotifications: ['GET', '/notifications/unread-count'],
  readNotifications: ['POST', '/notifications/read'],
} as const;

export type V2RouteName = keyof typeof V2_ROUTES;

/** Messages of v2's own refusals (the rest are SERVER_ERRORS). */
export const V2_ERRORS = {
  badLimit: `"limit" must be a whole number from 1 to ${PAGE_LIMITS.max}.`,
  badCursor: 'The "cursor" is not one this list gave. Start again from the first page.',
  badSort: '"sort" must be one of: latest, trending.',
  replyNotFound: 'The reply you requested does not exist. Not Found error',
  replyEditNotOwner: "Cannot edit a Reply doesn't belong to the logged in User.",
  replyDeleteNotAllowed: 'Only the reply author or the post author can delete this Reply.',
  emptySearch: '"q" must not be empty.',
  alreadyBlocked: 'You have already blocked this member.',
  notBlocked: 'You have not blocked this member.',
  notMuted: 'You have not muted this member.',
  blockSelf: 'You cannot block or mute yourself.',
  reportSelf: 'You cannot report yourself or your own post.',
  alreadyReported: 'You have already reported this. The moderators will look at it.',
  /** 429: the member sent REPORTS_PER_HOUR reports within the last hour. */
  tooManyReports: `You have sent ${REPORTS_PER_HOUR} reports in the last hour. The moderators will look at them; try again later.`,
  badMuteDuration: `"duration" must be a whole number of seconds from 0 (until unmuted) to ${MAX_MUTE_SECONDS}.`,
  badReportReason: `"reason" must be one of: ${REPORT_REASONS.join(', ')}.`,
  reportNotFound: 'The report you requested does not exist. Not Found error',
  reportDecided: 'This report has already been decided.',
  /** 403: a moderator deciding a report about themself or their own post. */
  ownReport: 'This report is about you or your post, so another moderator decides it. Forbidden error',
  notAPostReport: 'This report is about a member, not a post: there is no post to remove.',
  alreadyReposted: 'Cannot repost a post that is already reposted. ',
  notReposted: 'Cannot undo a repost of a post that is not reposted. ',
  /** 400: `quoteOf` names no post the author can see (gone, or its author blocked either way or muted). */
  quoteUnavailable: 'The post you want to quote does not exist or is not available to you.',
  badQuoteOf: '"quoteOf" must be the id of a post.',
  picturesList: '"pictures" must be a list of pictures, each with a "pic" text, "width" and "height".',
  tooManyPictures: `A post has at most ${POST_PICTURES.max} pictures.`,
  badPictureSize: `A picture's "width" and "height" must be whole numbers from 1 to ${POST_PICTURES.maxSide}.`,
  searchTooLong: `"q" must be at most ${POST_SEARCH_LIMITS.query} characters.`,
  searchTooManyWords: `"q" may hold at most ${POST_SEARCH_LIMITS.words} words besides #tags and from:@handle.`,
  searchNothing: '"q" must hold a word, a #tag or from:@handle.',
  alreadyFollowingTag: 'You already follow this tag.',
  notFollowingTag: 'You do not follow this tag.',
  tooManyFollowedTags: `You follow ${MAX_FOLLOWED_TAGS} tags, the most one member can. Unfollow one first.`,
  badTag: `A tag is letters, digits and _, with at least one letter, and at most ${V2_TEXT_LIMITS.tag} characters.`,
} as const;

export type { PostSort, UserEdit };
