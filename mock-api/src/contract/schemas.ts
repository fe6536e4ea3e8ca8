/**
 * The API's shapes as JSON Schema (TypeBox): each entity written once. The route table
 * (./routes.ts) names them as each call's answer and input, the OpenAPI document (./openapi.ts)
 * publishes them, and the static types of ../contract.ts and ../contract-v2.ts are derived from
 * them (`Static<typeof …>`), so a field added here is on the wire, in the document and in every
 * caller's type at once. Descriptions say what a field means; docs/api.md says how calls behave.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

const Id = Type.String({ description: 'An id the API gave.' });
const Time = Type.String({ description: 'ISO 8601 date and time.' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// ---- v1 (SPEC §7) ----

const UserSummary = Type.Object(
  { _id: Id, firstName: Type.String(), lastName: Type.String(), userHandler: Type.String(), pic: Type.String() },
  { $id: 'UserSummary' },
);
type UserSummary = Static<typeof UserSummary>;

export const User = Type.Object(
  {
    ...UserSummary.properties,
    bio: Type.String(),
    link: Type.String(),
    followers: Type.Array(UserSummary),
    following: Type.Array(UserSummary),
    bookmarks: Type.Array(Id, { description: 'Post ids.' }),
    username: Type.String({ description: 'The login e-mail.' }),
    createdAt: Time,
    updatedAt: Time,
    id: Type.String({ description: 'Numeric id as text.' }),
  },
  { $id: 'User', description: 'A member as v1 answers them. The password never leaves the server.' },
);
export type User = Static<typeof User>;

const Reply = Type.Object(
  {
    _id: Type.String({ description: 'Client-generated unique id.' }),
    user: UserSummary,
    content: Type.String(),
    createdAt: Type.Optional(Time),
  },
  { $id: 'Reply' },
);
type Reply = Static<typeof Reply>;

export const Comment = Type.Object(
  {
    _id: Id,
    postId: Id,
    content: Type.String(),
    user: UserSummary,
    votes: Type.Object({ upvotedBy: Type.Array(UserSummary) }),
    replies: Type.Array(Reply),
    createdAt: Time,
    updatedAt: Time,
  },
  { $id: 'Comment' },
);
export type Comment = Static<typeof Comment>;

export const Post = Type.Object(
  {
    _id: Id,
    userId: Type.String({ description: 'Author _id.' }),
    content: Type.String(),
    pic: Type.String({ description: "Image URL, inline data URL, or ''." }),
    username: Type.String({ description: "Author's username (login e-mail)." }),
    createdAt: Time,
    updatedAt: Time,
    id: Type.String(),
    likes: Type.Object({ likeCount: Type.Number(), likedBy: Type.Array(UserSummary), dislikedBy: Type.Array(UserSummary) }),
    comments: Type.Array(Comment),
  },
  { $id: 'Post' },
);
export type Post = Static<typeof Post>;

// ---- v2 (the product's API) ----

const AuthorV2 = Type.Object(
  { _id: Id, firstName: Type.String(), lastName: Type.String(), userHandler: Type.String(), pic: Type.String() },
  { $id: 'AuthorV2', description: 'Who wrote something, as posts, comments and replies show it.' },
);
type AuthorV2 = Static<typeof AuthorV2>;

const memberFields = {
  _id: Id,
  id: Type.String({ description: 'Numeric id as text.' }),
  firstName: Type.String(),
  lastName: Type.String(),
  userHandler: Type.String(),
  pic: Type.String(),
  bio: Type.String(),
  link: Type.String(),
  createdAt: Time,
  updatedAt: Time,
  postCount: Type.Number(),
  followerCount: Type.Number(),
  followingCount: Type.Number(),
};

export const MemberV2 = Type.Object(
  {
    ...memberFields,
    viewerFollows: Type.Optional(Type.Boolean({ description: 'With a valid token: the caller follows this member.' })),
    followsViewer: Type.Optional(Type.Boolean({ description: 'With a valid token: this member follows the caller.' })),
    blocksViewer: Type.Optional(
      Type.Literal(true, { description: "Only on one member's answer, when this member blocked the caller (postCount is then 0)." }),
    ),
  },
  { $id: 'MemberV2', description: 'A member as anyone sees them: no e-mail, no bookmarks, no lists that grow.' },
);
export type MemberV2 = Static<typeof MemberV2>;

export const MeV2 = Type.Object(
  { ...memberFields, username: Type.String({ description: 'The login e-mail.' }), bookmarkCount: Type.Number() },
  { $id: 'MeV2', description: 'The signed-in member as they see themselves.' },
);
export type MeV2 = Static<typeof MeV2>;

const ReactionV2 = Type.Union([Type.Literal('like'), Type.Literal('dislike'), Type.Null()]);
type ReactionV2 = Static<typeof ReactionV2>;

const mentions = Type.Optional(Type.Array(Type.String(), { description: 'Handles of the members its text mentions; absent when none.' }));

const PictureV2 = Type.Object(
  {
    url: Type.String({ description: 'Image URL.' }),
    alt: Type.String({ description: "Its description (alt text), '' when none." }),
    width: Type.Integer({ minimum: 0, description: 'Pixels; 0 when unknown (posted through `pic`).' }),
    height: Type.Integer({ minimum: 0, description: 'Pixels; 0 when unknown.' }),
  },
  { $id: 'PictureV2' },
);
type PictureV2 = Static<typeof PictureV2>;

export const PostVersionV2 = Type.Object(
  { content: Type.String(), pictures: Type.Array(PictureV2), createdAt: Time },
  { $id: 'PostVersionV2', description: 'An earlier version of an edited post.' },
);
export type PostVersionV2 = Static<typeof PostVersionV2>;

const QuotedPostV2 = Type.Union(
  [
    Type.Object({
      _id: Id,
      available: Type.Literal(true),
      author: AuthorV2,
      content: Type.String(),
      pic: Type.String(),
      picAlt: Type.String(),
      createdAt: Time,
      quoteOf: Nullable(Type.String({ description: 'The post it quotes in turn (a link only).' })),
    }),
    Type.Object({ _id: Id, available: Type.Literal(false) }),
  ],
  { description: 'The quoted post; `available: false` when it is gone or hidden from the caller.' },
);

export const PostV2 = Type.Object(
  {
    _id: Id,
    id: Type.String(),
    userId: Type.String({ description: "The author's _id." }),
    author: AuthorV2,
    content: Type.String(),
    pic: Type.String({ description: "The first picture's URL or ''." }),
    picAlt: Type.String({ description: "The first picture's description (alt text), '' when none." }),
    pictures: Type.Array(PictureV2, { maxItems: 4 }),
    edited: Type.Boolean({ description: 'True once an edit changed its text or pictures (see its history).' }),
    createdAt: Time,
    updatedAt: Time,
    likeCount: Type.Number(),
    dislikeCount: Type.Number(),
    commentCount: Type.Number(),
    repostCount: Type.Number(),
    viewer: Type.Optional(
      Type.Object(
        { reaction: ReactionV2, bookmarked: Type.Boolean(), reposted: Type.Boolean() },
        { description: 'With a valid token: the caller’s reaction, bookmark and repost.' },
      ),
    ),
    mentions,
    repostedBy: Type.Optional(
      Type.Object({ member: AuthorV2, at: Time }, { description: 'In a list: the post is there because this member reposted it.' }),
    ),
    quote: Type.Optional(QuotedPostV2),
  },
  { $id: 'PostV2' },
);
export type PostV2 = Static<typeof PostV2>;

const edited = Type.Optional(Type.Boolean({ description: 'True once an edit changed its text.' }));

const ReplyV2 = Type.Object(
  { _id: Id, commentId: Id, user: AuthorV2, content: Type.String(), createdAt: Time, updatedAt: Time, edited, mentions },
  { $id: 'ReplyV2' },
);
type ReplyV2 = Static<typeof ReplyV2>;

export const CommentV2 = Type.Object(
  {
    _id: Id,
    postId: Id,
    content: Type.String(),
    user: AuthorV2,
    upvoteCount: Type.Number(),
    viewerUpvoted: Type.Optional(Type.Boolean({ description: 'With a valid token: the caller upvoted it.' })),
    replies: Type.Array(ReplyV2, { description: 'Every reply, oldest first.' }),
    createdAt: Time,
    updatedAt: Time,
    edited,
    mentions,
  },
  { $id: 'CommentV2' },
);
export type CommentV2 = Static<typeof CommentV2>;

const NOTIFICATION_KINDS = ['like', 'comment', 'reply', 'mention', 'follow', 'upvote', 'repost', 'quote'] as const;
const NotificationKind = Type.Union(NOTIFICATION_KINDS.map((kind) => Type.Literal(kind)));
type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationV2 = Type.Object(
  {
    _id: Id,
    kind: NotificationKind,
    actor: AuthorV2,
    actorCount: Type.Number(),
    postId: Nullable(Id),
    commentId: Nullable(Id),
    excerpt: Type.String(),
    updatedAt: Time,
    read: Type.Boolean(),
  },
  { $id: 'NotificationV2', description: 'A group of members who did the same thing to the same item, or one comment, reply or mention.' },
);
export type NotificationV2 = Static<typeof NotificationV2>;

export const RelationshipV2 = Type.Object(
  { blocking: Type.Boolean(), muting: Type.Boolean(), mutedUntil: Nullable(Time) },
  { $id: 'RelationshipV2', description: 'How the caller stands with a member (never whether that member blocked them).' },
);
export type RelationshipV2 = Static<typeof RelationshipV2>;

export const REPORT_REASONS = ['spam', 'harassment', 'other'] as const;
const ReportReasonV2 = Type.Union(REPORT_REASONS.map((reason) => Type.Literal(reason)));
type ReportReasonV2 = (typeof REPORT_REASONS)[number];
const ReportStatusV2 = Type.Union([Type.Literal('open'), Type.Literal('removed'), Type.Literal('dismissed')]);
type ReportStatusV2 = Static<typeof ReportStatusV2>;

export const ReportV2 = Type.Object(
  {
    _id: Id,
    reason: ReportReasonV2,
    details: Type.String(),
    createdAt: Time,
    reporter: AuthorV2,
    member: AuthorV2,
    post: Nullable(Type.Object({ _id: Id, content: Type.String(), pic: Type.String(), picAlt: Type.String(), createdAt: Time })),
    status: ReportStatusV2,
    decidedBy: Nullable(AuthorV2),
    decidedAt: Nullable(Time),
  },
  { $id: 'ReportV2', description: 'A report as moderators see it.' },
);
export type ReportV2 = Static<typeof ReportV2>;

const exportedMember = Type.Object({ memberId: Id, userHandler: Type.String() });
export const AccountExportV2 = Type.Object(
  {
    format: Type.Literal('orbit-account-export'),
    version: Type.Literal(1),
    exportedAt: Time,
    profile: Type.Pick(MeV2, [
      '_id',
      'id',
      'username',
      'firstName',
      'lastName',
      'userHandler',
      'pic',
      'bio',
      'link',
      'createdAt',
      'updatedAt',
    ]),
    posts: Type.Array(
      Type.Object({
        _id: Id,
        content: Type.String(),
        pic: Type.String(),
        picAlt: Type.String(),
        pictures: Type.Array(PictureV2),
        createdAt: Time,
        updatedAt: Time,
      }),
    ),
    postHistory: Type.Array(Type.Composite([Type.Object({ postId: Id }), PostVersionV2]), {
      description: 'The earlier versions of their posts, each post oldest first.',
    }),
    comments: Type.Array(Type.Object({ _id: Id, postId: Id, content: Type.String(), createdAt: Time, updatedAt: Time })),
    replies: Type.Array(Type.Object({ _id: Id, commentId: Id, postId: Id, content: Type.String(), createdAt: Time, updatedAt: Time })),
    likes: Type.Array(Type.Object({ postId: Id })),
    dislikes: Type.Array(Type.Object({ postId: Id })),
    upvotes: Type.Array(Type.Object({ commentId: Id, postId: Id })),
    bookmarks: Type.Array(Type.Object({ postId: Id })),
    reposts: Type.Array(Type.Object({ postId: Id, repostedAt: Time }), { description: 'Posts they reposted, oldest repost first.' }),
    follows: Type.Object({ following: Type.Array(exportedMember), followers: Type.Array(exportedMember) }),
    blocks: Type.Array(exportedMember),
    mutes: Type.Array(Type.Object({ memberId: Id, userHandler: Type.String(), until: Nullable(Time) })),
    followedTags: Type.Array(Type.Object({ tag: Type.String(), followedAt: Time })),
  },
  { $id: 'AccountExportV2', description: '"Download my data": everything the member made or chose. Never a password.' },
);
export type AccountExportV2 = Static<typeof AccountExportV2>;

// ---- Pages ----

const nextCursor = Nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last one.' }));
/** A page of `items` under `name`, with the next page's cursor. */
export const pageOf = <K extends string, T extends TSchema>(name: K, items: T) =>
  Type.Object({ [name]: Type.Array(items), nextCursor } as { [P in K]: ReturnType<typeof Type.Array<T>> } & {
    nextCursor: typeof nextCursor;
  });

const ErrorBody = Type.Object(
  { errors: Type.Array(Type.String(), { description: 'The messages (SPEC).' }) },
  { $id: 'ErrorBody', description: 'Every error answer.' },
);
type ErrorBody = Static<typeof ErrorBody>;

/** Every named shape, as the OpenAPI document's components. */
export const NAMED_SCHEMAS = [
  UserSummary,
  User,
  Reply,
  Comment,
  Post,
  AuthorV2,
  MemberV2,
  MeV2,
  PictureV2,
  PostVersionV2,
  PostV2,
  ReplyV2,
  CommentV2,
  NotificationV2,
  RelationshipV2,
  ReportV2,
  AccountExportV2,
  ErrorBody,
] as const;
