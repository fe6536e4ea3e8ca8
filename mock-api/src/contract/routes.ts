/**
 * Every call of the API, v1 (the spec's, SPEC §7) and v2 (the product's), as one table: one row
 * per call with everything about it that is not its logic. Both backends register exactly these
 * rows (mock-api/src/server, api-server/src) and read their facts from here: the rate-limit
 * group (`budget`), whether an Idempotency-Key is honoured, whether the call confirms the
 * password (the per-account guess counter), who may call it. The OpenAPI document
 * (GET /api/v2/openapi.json, ./openapi.ts) and the clients' paths (../contract.ts V1_ROUTES,
 * ../contract-v2.ts V2_ROUTES) are the rows' names, methods and paths: they stay in those light
 * files because every app's bundle calls them, and TypeBox belongs only where schemas are read
 * (the backends, the document). A row missing for a name, or a name missing for a row, fails
 * the typecheck (`satisfies` below).
 *
 * A row (docs/architecture.md, "Adding a call"):
 *   name: route(V2_ROUTES.name, {   // [method, path] from ../contract-v2.ts (or ../contract.ts for v1)
 *     summary,            // one line for the document
 *     access,             // 'anyone' (a token is optional and adds the viewer's fields), 'member', 'moderator'
 *     params?, query?, body?, answer,   // TypeBox schemas (./schemas.ts); answer is the success body
 *     status?,            // the success status (200 when absent)
 *     budget?,            // 'login' | 'signup' | 'write' | 'read' (GET: read, else write)
 *     idempotent?,        // 'stored': a replay with the same Idempotency-Key answers the first answer; 'feed': v1's current feed
 *     confirmsPassword?,  // the body carries the member's password: guesses count like logins
 *     operation?,         // the domain core's function it runs (mock-api/src/core)
 *   })
 * Input rules with SPEC's messages are checked by the core's parsers (../core/validate.ts and each
 * operation), the same on both backends; the schemas here describe the input for callers.
 */
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { V1_ROUTES } from '../contract';
import { V2_ROUTES } from '../contract-v2';
import { LIVE_EVENTS_PATH, LIVE_TICKET_PATH } from '../contract-live';
import {
  AccountExportV2,
  Comment,
  CommentV2,
  MemberV2,
  MeV2,
  NotificationV2,
  pageOf,
  Post,
  PostV2,
  PostVersionV2,
  RelationshipV2,
  REPORT_REASONS,
  ReportV2,
  User,
} from './schemas';

export type Method = 'GET' | 'POST' | 'DELETE';
export type Access = 'anyone' | 'member' | 'moderator';
/** The rate-limit counter a call spends (api-server/src/http/limits.ts). */
export type Budget = 'login' | 'signup' | 'write' | 'read';

export interface RouteOptions {
  summary: string;
  access: Access;
  params?: TObject;
  query?: TObject;
  body?: TSchema;
  answer: TSchema;
  /** What a success answers (200 when absent). */
  status?: 200 | 201;
  budget?: Budget;
  idempotent?: 'stored' | 'feed';
  confirmsPassword?: true;
  operation?: string;
  /** The answer is not JSON (the live stream: text/event-stream). */
  stream?: true;
}

export interface RouteRow<M extends Method = Method, P extends string = string> extends RouteOptions {
  method: M;
  /** Under the API's prefix (/api for v1, /api/v2 for v2), `:name` for a parameter. */
  path: P;
  status: 200 | 201;
  budget: Budget;
}

const route = <M extends Method, P extends string, O extends RouteOptions>([method, path]: readonly [M, P], options: O) => ({
  ...options,
  method,
  path,
  status: options.status ?? 200,
  budget: options.budget ?? (method === 'GET' ? 'read' : 'write'),
});

// ---- Inputs ----

const text = (description: string) => Type.String({ description });
const params = <K extends string>(...names: K[]) =>
  Type.Object(Object.fromEntries(names.map((name) => [name, Type.String()])) as Record<K, ReturnType<typeof Type.String>>);
const PageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20, description: 'Items per page.' })),
  cursor: Type.Optional(Type.String({ description: "The previous page's nextCursor." })),
});
const sort = Type.Optional(Type.Union([Type.Literal('latest'), Type.Literal('trending')], { default: 'latest' }));
const FeedQuery = Type.Composite([PageQuery, Type.Object({ sort })]);
const Credentials = Type.Object({ username: text('The login e-mail.'), password: Type.String() });
const Signup = Type.Object({
  username: text('The login e-mail.'),
  password: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
});
const UserEdit = Type.Object({
  pic: Type.Optional(text("A data: URL (a new picture), the URL an answer gave, or ''.")),
  bio: Type.Optional(Type.String()),
  link: Type.Optional(Type.String()),
  firstName: Type.Optional(Type.String()),
  lastName: Type.Optional(Type.String()),
});
const PostDraft = Type.Object({ content: Type.String(), pic: Type.String() });
const PictureDraftV2 = Type.Object({
  pic: text('A data: URL (a new picture) or a URL an earlier answer gave (keep it).'),
  alt: Type.Optional(Type.String({ maxLength: 1500, description: 'Its description (alt text).' })),
  width: Type.Integer({ minimum: 1, maximum: 16384 }),
  height: Type.Integer({ minimum: 1, maximum: 16384 }),
});
const PostDraftV2 = Type.Object({
  content: Type.String(),
  pic: text("A data: URL (a new picture), a URL an earlier answer gave (keep it), or '' (none). Ignored when `pictures` is sent."),
  picAlt: Type.Optional(text('The picture’s description (alt text).')),
  pictures: Type.Optional(Type.Array(PictureDraftV2, { maxItems: 4, description: 'Every picture, in order: replaces `pic`.' })),
  quoteOf: Type.Optional(text('The id of the post this one quotes (creation only).')),
});
const TagV2 = Type.Object({ name: Type.String(), viewerFollows: Type.Optional(Type.Boolean()) });
const TagAnswer = Type.Object({ tag: TagV2 });
const CommentData = Type.Object({ content: Type.String() });
const ReportDraft = Type.Object({
  reason: Type.Union(REPORT_REASONS.map((reason) => Type.Literal(reason))),
  details: Type.Optional(Type.String({ maxLength: 1000 })),
});

// ---- Answers ----

const Empty = Type.Object({});
const Session = Type.Object({ me: MeV2, encodedToken: Type.String() });
const PostAnswerV2 = Type.Object({ post: PostV2 });
const CommentAnswerV2 = Type.Object({ comment: CommentV2 });
const MemberPage = pageOf('members', MemberV2);
const PostPage = pageOf('posts', PostV2);
const FollowAnswerV2 = Type.Object({ me: MeV2, member: MemberV2 });
const RelationshipAnswer = Type.Object({ relationship: RelationshipV2 });
const ReportAnswer = Type.Object({ report: ReportV2 });
const Posts = Type.Object({ posts: Type.Array(Post) });
const UserAnswer = Type.Object({ user: User });
const FollowAnswer = Type.Object({ user: User, allUsers: Type.Array(User) });
const Bookmarks = Type.Object({ bookmarks: Type.Array(Type.String()) });
const UnreadCount = Type.Object({ count: Type.Number() });

/** v1, under /api: SPEC §7, unchanged for every client written against it. */
export const V1_TABLE = {
  login: route(V1_ROUTES.login, {
    summary: 'Log in.',
    access: 'anyone',
    body: Credentials,
    answer: Type.Object({ foundUser: User, encodedToken: Type.String() }),
    budget: 'login',
  }),
  signup: route(V1_ROUTES.signup, {
    summary: 'Sign up.',
    access: 'anyone',
    body: Signup,
    answer: Type.Object({ createdUser: User, encodedToken: Type.String() }),
    status: 201,
    budget: 'signup',
    idempotent: 'stored',
  }),
  logout: route(V1_ROUTES.logout, { summary: "End the token's session.", access: 'member', answer: Empty }),
  users: route(V1_ROUTES.users, {
    summary: 'Every member.',
    access: 'anyone',
    answer: Type.Object({ users: Type.Array(User) }),
    operation: 'readUsersV1',
  }),
  userById: route(V1_ROUTES.userById, {
    summary: 'One member.',
    access: 'anyone',
    params: params('userId'),
    answer: UserAnswer,
    operation: 'readUserV1',
  }),
  userByHandle: route(V1_ROUTES.userByHandle, {
    summary: 'One member by handle.',
    access: 'anyone',
    params: params('userHandler'),
    answer: UserAnswer,
    operation: 'readUserV1',
  }),
  editUser: route(V1_ROUTES.editUser, {
    summary: "Edit the caller's profile.",
    access: 'member',
    body: Type.Object({ userData: UserEdit }),
    answer: UserAnswer,
    status: 201,
    operation: 'editProfile',
  }),
  bookmarks: route(V1_ROUTES.bookmarks, { summary: "The caller's bookmarked post ids.", access: 'member', answer: Bookmarks }),
  bookmark: route(V1_ROUTES.bookmark, {
    summary: 'Bookmark a post.',
    access: 'member',
    params: params('postId'),
    answer: Bookmarks,
    operation: 'bookmark',
  }),
  removeBookmark: route(V1_ROUTES.removeBookmark, {
    summary: 'Remove a bookmark.',
    access: 'member',
    params: params('postId'),
    answer: Bookmarks,
    operation: 'bookmark',
  }),
  follow: route(V1_ROUTES.follow, {
    summary: 'Follow a member.',
    access: 'member',
    params: params('followUserId'),
    answer: FollowAnswer,
    operation: 'follow',
  }),
  unfollow: route(V1_ROUTES.unfollow, {
    summary: 'Unfollow a member.',
    access: 'member',
    params: params('followUserId'),
    answer: FollowAnswer,
    operation: 'follow',
  }),
  posts: route(V1_ROUTES.posts, { summary: 'Every post.', access: 'anyone', answer: Posts, operation: 'readPostsV1' }),
  postsPage: route(V1_ROUTES.postsPage, {
    summary: "Explore's cumulative page: the first limit × page posts.",
    access: 'anyone',
    params: params('limit', 'page'),
    query: Type.Object({ sort }),
    answer: Posts,
    operation: 'explorePageV1',
  }),
  post: route(V1_ROUTES.post, {
    summary: 'One post.',
    access: 'anyone',
    params: params('postId'),
    answer: Type.Object({ post: Post }),
    operation: 'readPostV1',
  }),
  postsByUser: route(V1_ROUTES.postsByUser, {
    summary: "A member's posts, by e-mail or handle.",
    access: 'anyone',
    params: params('username'),
    answer: Posts,
    operation: 'postsByUserV1',
  }),
  createPost: route(V1_ROUTES.createPost, {
    summary: 'Create a post; answers every post.',
    access: 'member',
    body: Type.Object({ postData: PostDraft }),
    answer: Posts,
    status: 201,
    idempotent: 'feed',
    operation: 'createPost',
  }),
  editPost: route(V1_ROUTES.editPost, {
    summary: 'Edit a post (its author).',
    access: 'member',
    params: params('postId'),
    body: Type.Object({ postData: PostDraft }),
    answer: Posts,
    status: 201,
    operation: 'editPost',
  }),
  deletePost: route(V1_ROUTES.deletePost, {
    summary: 'Delete a post (its author).',
    access: 'member',
    params: params('postId'),
    answer: Posts,
    status: 201,
    operation: 'deletePost',
  }),
  like: route(V1_ROUTES.like, {
    summary: 'Like a post.',
    access: 'member',
    params: params('postId'),
    answer: Posts,
    status: 201,
    operation: 'react',
  }),
  dislike: route(V1_ROUTES.dislike, {
    summary: 'Dislike a post.',
    access: 'member',
    params: params('postId'),
    answer: Posts,
    status: 201,
    operation: 'react',
  }),
  comments: route(V1_ROUTES.comments, {
    summary: "A post's comments.",
    access: 'anyone',
    params: params('postId'),
    answer: Type.Object({ comments: Type.Array(Comment) }),
    operation: 'readPostV1',
  }),
  addComment: route(V1_ROUTES.addComment, {
    summary: 'Comment on a post.',
    access: 'member',
    params: params('postId'),
    body: Type.Object({ commentData: CommentData }),
    answer: Posts,
    status: 201,
    idempotent: 'feed',
    operation: 'addComment',
  }),
  editComment: route(V1_ROUTES.editComment, {
    summary: 'Edit a comment, or add a reply by extending its replies.',
    access: 'member',
    params: params('postId', 'commentId'),
    body: Type.Object({
      commentData: Type.Object({
        content: Type.String(),
        replies: Type.Optional(Type.Array(Type.Object({ _id: Type.String(), content: Type.String() }))),
      }),
    }),
    answer: Posts,
    status: 201,
    operation: 'editCommentWithReplies',
  }),
  deleteComment: route(V1_ROUTES.deleteComment, {
    summary: 'Delete a comment (its author or the post’s).',
    access: 'member',
    params: params('postId', 'commentId'),
    answer: Posts,
    status: 201,
    operation: 'deleteComment',
  }),
  upvoteComment: route(V1_ROUTES.upvoteComment, {
    summary: "Toggle the caller's upvote of a comment.",
    access: 'member',
    params: params('postId', 'commentId'),
    answer: Posts,
    status: 201,
    operation: 'upvoteComment',
  }),
} as const satisfies Record<keyof typeof V1_ROUTES, RouteRow>;

/** v2, under /api/v2: the product's own API (../contract-v2.ts, docs/api.md). */
export const V2_TABLE = {
  meta: route(V2_ROUTES.meta, { summary: 'What the backend is.', access: 'anyone', answer: Type.Object({ demo: Type.Boolean() }) }),
  openapi: route(V2_ROUTES.openapi, {
    summary: 'This document.',
    access: 'anyone',
    answer: Type.Object({ openapi: Type.String() }, { additionalProperties: true }),
  }),
  login: route(V2_ROUTES.login, { summary: 'Log in.', access: 'anyone', body: Credentials, answer: Session, budget: 'login' }),
  signup: route(V2_ROUTES.signup, {
    summary: 'Sign up.',
    access: 'anyone',
    body: Signup,
    answer: Session,
    status: 201,
    budget: 'signup',
    idempotent: 'stored',
  }),
  logout: route(V2_ROUTES.logout, { summary: "End the token's session.", access: 'member', answer: Empty }),
  me: route(V2_ROUTES.me, { summary: 'The caller.', access: 'member', answer: Type.Object({ me: MeV2 }), operation: 'readMe' }),
  editMe: route(V2_ROUTES.editMe, {
    summary: "Edit the caller's profile.",
    access: 'member',
    body: Type.Object({ userData: UserEdit }),
    answer: Type.Object({ me: MeV2 }),
    status: 201,
    operation: 'editProfile',
  }),
  myBookmarks: route(V2_ROUTES.myBookmarks, {
    summary: "The caller's bookmarks, most recently saved first.",
    access: 'member',
    query: PageQuery,
    answer: PostPage,
  }),
  changePassword: route(V2_ROUTES.changePassword, {
    summary: 'Change the password; every session ends and the answer starts the next.',
    access: 'member',
    body: Type.Object({ currentPassword: Type.String(), newPassword: Type.String() }),
    answer: Type.Object({ encodedToken: Type.String() }),
    confirmsPassword: true,
    operation: 'changePassword',
  }),
  exportMyData: route(V2_ROUTES.exportMyData, {
    summary: 'Download my data.',
    access: 'member',
    answer: AccountExportV2,
    operation: 'exportData',
  }),
  deleteAccount: route(V2_ROUTES.deleteAccount, {
    summary: 'Delete the account and everything that is theirs.',
    access: 'member',
    body: Type.Object({ password: Type.String() }),
    answer: Empty,
    confirmsPassword: true,
    operation: 'deleteAccount',
  }),
  myRoles: route(V2_ROUTES.myRoles, {
    summary: 'Whether the caller moderates.',
    access: 'member',
    answer: Type.Object({ moderator: Type.Boolean() }),
    operation: 'isModerator',
  }),
  myBlocks: route(V2_ROUTES.myBlocks, {
    summary: 'Members the caller blocked, most recent first.',
    access: 'member',
    query: PageQuery,
    answer: MemberPage,
    operation: 'readSafetyPage',
  }),
  myMutes: route(V2_ROUTES.myMutes, {
    summary: 'Members the caller mutes now, most recent first.',
    access: 'member',
    query: PageQuery,
    answer: pageOf('mutes', Type.Object({ member: MemberV2, until: Type.Union([Type.String(), Type.Null()]) })),
    operation: 'readSafetyPage',
  }),
  homeFeed: route(V2_ROUTES.homeFeed, {
    summary: 'The home feed.',
    access: 'member',
    query: FeedQuery,
    answer: PostPage,
    operation: 'readPostPage',
  }),
  exploreFeed: route(V2_ROUTES.exploreFeed, {
    summary: 'The explore feed.',
    access: 'anyone',
    query: FeedQuery,
    answer: PostPage,
    operation: 'readPostPage',
  }),
  searchMembers: route(V2_ROUTES.searchMembers, {
    summary: 'Members whose name or handle contains q.',
    access: 'anyone',
    query: Type.Composite([PageQuery, Type.Object({ q: Type.String() })]),
    answer: MemberPage,
  }),
  suggestedMembers: route(V2_ROUTES.suggestedMembers, {
    summary: 'Members to follow.',
    access: 'anyone',
    query: PageQuery,
    answer: MemberPage,
  }),
  memberByHandle: route(V2_ROUTES.memberByHandle, {
    summary: 'One member by handle.',
    access: 'anyone',
    params: params('userHandler'),
    answer: Type.Object({ member: MemberV2 }),
    operation: 'readMember',
  }),
  member: route(V2_ROUTES.member, {
    summary: 'One member.',
    access: 'anyone',
    params: params('memberId'),
    answer: Type.Object({ member: MemberV2 }),
    operation: 'readMember',
  }),
  memberPosts: route(V2_ROUTES.memberPosts, {
    summary: "A member's posts.",
    access: 'anyone',
    params: params('memberId'),
    query: PageQuery,
    answer: PostPage,
    operation: 'readPostPage',
  }),
  memberActivities: route(V2_ROUTES.memberActivities, {
    summary: 'Posts a member liked or commented on.',
    access: 'anyone',
    params: params('memberId'),
    query: PageQuery,
    answer: PostPage,
  }),
  tag: route(V2_ROUTES.tag, {
    summary: 'A tag, with whether the caller follows it.',
    access: 'anyone',
    params: params('tag'),
    answer: TagAnswer,
  }),
  followTag: route(V2_ROUTES.followTag, {
    summary: 'Follow a tag: its posts join the home feed.',
    access: 'member',
    params: params('tag'),
    answer: TagAnswer,
  }),
  unfollowTag: route(V2_ROUTES.unfollowTag, {
    summary: 'Stop following a tag.',
    access: 'member',
    params: params('tag'),
    answer: TagAnswer,
  }),
  followedTags: route(V2_ROUTES.followedTags, {
    summary: "The caller's followed tags, most recently followed first.",
    access: 'member',
    query: PageQuery,
    answer: pageOf('tags', TagV2),
  }),
  trendingTags: route(V2_ROUTES.trendingTags, {
    summary: 'The tags in the most posts by distinct members in the last 24 hours (at most 10).',
    access: 'anyone',
    answer: Type.Object({ tags: Type.Array(Type.Object({ name: Type.String(), postCount: Type.Number() })) }),
  }),
  searchPosts: route(V2_ROUTES.searchPosts, {
    summary: 'Posts matching every word of `q` (with from:@handle and #tag), best matches first, then newest.',
    access: 'anyone',
    query: Type.Composite([PageQuery, Type.Object({ q: text('The search: words, #tags, from:@handle.') })]),
    answer: PostPage,
  }),
  tagPosts: route(V2_ROUTES.tagPosts, {
    summary: 'Posts with a tag.',
    access: 'anyone',
    params: params('tag'),
    query: PageQuery,
    answer: PostPage,
    operation: 'readPostPage',
  }),
  followers: route(V2_ROUTES.followers, {
    summary: "A member's followers.",
    access: 'anyone',
    params: params('memberId'),
    query: PageQuery,
    answer: MemberPage,
  }),
  following: route(V2_ROUTES.following, {
    summary: 'Members a member follows.',
    access: 'anyone',
    params: params('memberId'),
    query: PageQuery,
    answer: MemberPage,
  }),
  follow: route(V2_ROUTES.follow, {
    summary: 'Follow a member.',
    access: 'member',
    params: params('memberId'),
    answer: FollowAnswerV2,
    operation: 'follow',
  }),
  unfollow: route(V2_ROUTES.unfollow, {
    summary: 'Unfollow a member.',
    access: 'member',
    params: params('memberId'),
    answer: FollowAnswerV2,
    operation: 'follow',
  }),
  relationship: route(V2_ROUTES.relationship, {
    summary: 'How the caller stands with a member.',
    access: 'member',
    params: params('memberId'),
    answer: RelationshipAnswer,
    operation: 'readRelationship',
  }),
  block: route(V2_ROUTES.block, {
    summary: 'Block a member.',
    access: 'member',
    params: params('memberId'),
    answer: Type.Object({ me: MeV2, member: MemberV2, relationship: RelationshipV2 }),
    operation: 'block',
  }),
  unblock: route(V2_ROUTES.unblock, {
    summary: 'Unblock a member.',
    access: 'member',
    params: params('memberId'),
    answer: Type.Object({ me: MeV2, member: MemberV2, relationship: RelationshipV2 }),
    operation: 'block',
  }),
  mute: route(V2_ROUTES.mute, {
    summary: 'Mute a member for `duration` seconds (0 or absent: until unmuted).',
    access: 'member',
    params: params('memberId'),
    body: Type.Object({ duration: Type.Optional(Type.Integer({ minimum: 0, maximum: 31_536_000 })) }),
    answer: RelationshipAnswer,
    operation: 'mute',
  }),
  unmute: route(V2_ROUTES.unmute, {
    summary: 'Unmute a member.',
    access: 'member',
    params: params('memberId'),
    answer: RelationshipAnswer,
    operation: 'unmute',
  }),
  reportMember: route(V2_ROUTES.reportMember, {
    summary: 'Report a member to the moderators.',
    access: 'member',
    params: params('memberId'),
    body: ReportDraft,
    answer: Type.Object({ reportId: Type.String() }),
    status: 201,
    operation: 'reportMember',
  }),
  reportPost: route(V2_ROUTES.reportPost, {
    summary: 'Report a post to the moderators.',
    access: 'member',
    params: params('postId'),
    body: ReportDraft,
    answer: Type.Object({ reportId: Type.String() }),
    status: 201,
    operation: 'reportPost',
  }),
  reports: route(V2_ROUTES.reports, {
    summary: 'Open reports, oldest first.',
    access: 'moderator',
    query: PageQuery,
    answer: Type.Composite([
      pageOf('reports', ReportV2),
      Type.Object({ aboutYou: Type.Object({ count: Type.Number(), otherModerators: Type.Boolean() }) }),
    ]),
    operation: 'readReports',
  }),
  removeReportedPost: route(V2_ROUTES.removeReportedPost, {
    summary: 'Remove the reported post.',
    access: 'moderator',
    params: params('reportId'),
    answer: ReportAnswer,
    operation: 'decideReport',
  }),
  dismissReport: route(V2_ROUTES.dismissReport, {
    summary: 'Dismiss a report.',
    access: 'moderator',
    params: params('reportId'),
    answer: ReportAnswer,
    operation: 'decideReport',
  }),
  post: route(V2_ROUTES.post, {
    summary: 'One post.',
    access: 'anyone',
    params: params('postId'),
    answer: PostAnswerV2,
    operation: 'readPost',
  }),
  createPost: route(V2_ROUTES.createPost, {
    summary: 'Create a post.',
    access: 'member',
    body: Type.Object({ postData: PostDraftV2 }),
    answer: PostAnswerV2,
    status: 201,
    idempotent: 'stored',
    operation: 'createPost',
  }),
  editPost: route(V2_ROUTES.editPost, {
    summary: 'Edit a post (its author).',
    access: 'member',
    params: params('postId'),
    body: Type.Object({ postData: PostDraftV2 }),
    answer: PostAnswerV2,
    status: 201,
    operation: 'editPost',
  }),
  deletePost: route(V2_ROUTES.deletePost, {
    summary: 'Delete a post (its author).',
    access: 'member',
    params: params('postId'),
    answer: Type.Object({ postId: Type.String() }),
    operation: 'deletePost',
  }),
  like: route(V2_ROUTES.like, {
    summary: 'Like a post.',
    access: 'member',
    params: params('postId'),
    answer: PostAnswerV2,
    status: 201,
    operation: 'react',
  }),
  dislike: route(V2_ROUTES.dislike, {
    summary: 'Dislike a post.',
    access: 'member',
    params: params('postId'),
    answer: PostAnswerV2,
    status: 201,
    operation: 'react',
  }),
  bookmark: route(V2_ROUTES.bookmark, {
    summary: 'Bookmark a post.',
    access: 'member',
    params: params('postId'),
    answer: PostAnswerV2,
    operation: 'bookmark',
  }),
  removeBookmark: route(V2_ROUTES.removeBookmark, {
    summary: 'Remove a bookmark.',
    access: 'member',
    params: params('postId'),
    answer: PostAnswerV2,
    operation: 'bookmark',
  }),
  comments: route(V2_ROUTES.comments, {
    summary: "A post's comments, oldest first.",
    access: 'anyone',
    params: params('postId'),
    query: PageQuery,
    answer: pageOf('comments', CommentV2),
  }),
  postHistory: route(V2_ROUTES.postHistory, {
    summary: "A post's earlier versions, newest first.",
    access: 'anyone',
    params: params('postId'),
    query: PageQuery,
    answer: pageOf('versions', PostVersionV2),
  }),
  repost: route(V2_ROUTES.repost, {
    summary: 'Repost a post to your followers.',
    access: 'member',
    params: params('postId'),
    answer: PostAnswerV2,
    status: 201,
  }),
  undoRepost: route(V2_ROUTES.undoRepost, {
    summary: 'Undo a repost.',
    access: 'member',
    params: params('postId'),
    answer: PostAnswerV2,
  }),
  reposters: route(V2_ROUTES.reposters, {
    summary: 'Members who reposted a post, newest first, less those the caller’s lists hide.',
    access: 'anyone',
    params: params('postId'),
    query: PageQuery,
    answer: MemberPage,
  }),
  likers: route(V2_ROUTES.likers, {
    summary: 'Members who liked a post, newest first, less those the caller’s lists hide.',
    access: 'anyone',
    params: params('postId'),
    query: PageQuery,
    answer: MemberPage,
    operation: 'readLikers',
  }),
  addComment: route(V2_ROUTES.addComment, {
    summary: 'Comment on a post.',
    access: 'member',
    params: params('postId'),
    body: Type.Object({ commentData: CommentData }),
    answer: Type.Object({ comment: CommentV2, post: PostV2 }),
    status: 201,
    idempotent: 'stored',
    operation: 'addComment',
  }),
  editComment: route(V2_ROUTES.editComment, {
    summary: 'Edit a comment (its author).',
    access: 'member',
    params: params('commentId'),
    body: Type.Object({ commentData: CommentData }),
    answer: CommentAnswerV2,
    status: 201,
    operation: 'editComment',
  }),
  deleteComment: route(V2_ROUTES.deleteComment, {
    summary: 'Delete a comment (its author or the post’s).',
    access: 'member',
    params: params('commentId'),
    answer: Type.Object({ commentId: Type.String(), post: PostV2 }),
    operation: 'deleteComment',
  }),
  upvoteComment: route(V2_ROUTES.upvoteComment, {
    summary: "Toggle the caller's upvote.",
    access: 'member',
    params: params('commentId'),
    answer: CommentAnswerV2,
    operation: 'upvoteComment',
  }),
  addReply: route(V2_ROUTES.addReply, {
    summary: 'Reply to a comment.',
    access: 'member',
    params: params('commentId'),
    body: Type.Object({ replyData: CommentData }),
    answer: CommentAnswerV2,
    status: 201,
    operation: 'addReply',
  }),
  editReply: route(V2_ROUTES.editReply, {
    summary: 'Edit a reply (its author).',
    access: 'member',
    params: params('commentId', 'replyId'),
    body: Type.Object({ replyData: CommentData }),
    answer: CommentAnswerV2,
    status: 201,
    operation: 'editReply',
  }),
  deleteReply: route(V2_ROUTES.deleteReply, {
    summary: 'Delete a reply (its author or the post’s).',
    access: 'member',
    params: params('commentId', 'replyId'),
    answer: CommentAnswerV2,
    operation: 'deleteReply',
  }),
  notifications: route(V2_ROUTES.notifications, {
    summary: "The caller's notifications, newest first.",
    access: 'member',
    query: PageQuery,
    answer: pageOf('notifications', NotificationV2),
    operation: 'readNotificationPage',
  }),
  unreadNotifications: route(V2_ROUTES.unreadNotifications, {
    summary: 'How many are unread.',
    access: 'member',
    answer: UnreadCount,
    operation: 'readUnreadCount',
  }),
  readNotifications: route(V2_ROUTES.readNotifications, {
    summary: 'Mark every notification read.',
    access: 'member',
    answer: UnreadCount,
    operation: 'markNotificationsRead',
  }),
} as const satisfies Record<keyof typeof V2_ROUTES, RouteRow>;

/** api-server's live stream and its tickets (../contract-live.ts, docs/live.md): the in-browser backend publishes on a BroadcastChannel instead. */
export const LIVE_TABLE = {
  liveTicket: route(['POST', LIVE_TICKET_PATH], {
    summary: "A one-time ticket for the member's live stream.",
    access: 'member',
    answer: Type.Object({ ticket: Type.String() }),
  }),
  liveEvents: route(['GET', LIVE_EVENTS_PATH], {
    summary: 'Live events (Server-Sent Events); each event’s data is a v2 shape.',
    access: 'anyone',
    query: Type.Object({
      ticket: Type.Optional(Type.String()),
      lastEventId: Type.Optional(Type.String()),
      home: Type.Optional(Type.String()),
      explore: Type.Optional(Type.String()),
      post: Type.Optional(Type.String()),
    }),
    answer: Type.String({ description: 'text/event-stream' }),
    stream: true,
  }),
} as const satisfies Record<string, RouteRow>;

/** Every row with its path under /api (`/v2/...` for v2), for the hosts' and the document's loops. */
export interface TableEntry {
  api: 'v1' | 'v2';
  name: string;
  url: string;
  row: RouteRow;
}

export const ALL_ROUTES: readonly TableEntry[] = [
  ...Object.entries(V1_TABLE).map(([name, row]) => ({ api: 'v1' as const, name, url: row.path, row: row as RouteRow })),
  ...Object.entries({ ...V2_TABLE, ...LIVE_TABLE }).map(([name, row]) => ({
    api: 'v2' as const,
    name,
    url: `/v2${row.path}`,
    row: row as RouteRow,
  })),
];

/** The row of a registered path under /api (`POST /v2/posts`), if the table has one. */
const byUrl = new Map(ALL_ROUTES.map((entry) => [`${entry.row.method} ${entry.url}`, entry.row]));
export const rowOf = (method: string, url: string): RouteRow | undefined => byUrl.get(`${method.toUpperCase()} ${url}`);

/** A row's answer's static type. */
export type AnswerOf<R extends { answer: TSchema }> = Static<R['answer']>;
