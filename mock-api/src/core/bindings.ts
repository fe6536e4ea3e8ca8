/**
 * v2 calls written once, as one table of bindings both backends register with one loop
 * (mock-api/src/server/v2/bindings.ts, api-server/src/v2/bindings.ts): each reads its request and
 * runs the core's operation on the store it names. The call's other facts (method, path, status,
 * who may call it) are its row in the route table (../contract/routes.ts). A write runs in one
 * transaction with the events it names. The calls not here are bound by each backend
 * (docs/architecture.md, "Routes").
 */
import type { V2RouteName } from '../contract-v2';
import type { JsonObject } from './validate';
import type { Outcome } from './events';
import type { Actor, Operation } from './operation';
import {
  addComment,
  addReply,
  commentText,
  deleteComment,
  deleteReply,
  editComment,
  editReply,
  upvoteComment,
  type CommentStore,
} from './comments';
import { follow, readMember, type MemberStore } from './members';
import { readPostHistory } from './post-pictures';
import { bookmark, createPost, deletePost, editPost, postDraftOf, react, readLikers, readPost, type PostStore } from './posts';
import { readRepostersPage, repost, type RepostStore } from './reposts';
import {
  block,
  decideReport,
  isModerator,
  mute,
  readRelationship,
  readReports,
  readSafetyPage,
  reportMember,
  reportPost,
  unmute,
  type SafetyStore,
} from './safety';

/** What a binding reads of the request. */
export interface CoreCall {
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
  body: JsonObject;
}

/** The request's stores, one per port; each host makes only the ones a binding reads. */
export interface CoreStores {
  readonly posts: PostStore;
  readonly comments: CommentStore;
  readonly members: MemberStore;
  readonly reposts: RepostStore;
  readonly safety: SafetyStore;
}

/** A caller who may be signed out (`memberId` null): reads that anyone may make. */
export interface Viewer {
  memberId: string | null;
  now: string;
}

export type CoreBinding =
  /** A read anyone may make; a token adds the viewer's fields. */
  | { kind: 'read'; run(stores: CoreStores, viewer: Viewer, call: CoreCall): Operation<unknown> }
  /** A read of the member's own or the moderators' data: the member is required. */
  | { kind: 'member'; run(stores: CoreStores, actor: Actor, call: CoreCall): Operation<unknown> }
  /** A write by the member: its events are logged with it. */
  | { kind: 'write'; run(stores: CoreStores, actor: Actor, call: CoreCall): Operation<Outcome<unknown>> };

const param = (call: CoreCall, name: string): string => call.params[name] ?? '';
const member = (run: (s: CoreStores, actor: Actor, call: CoreCall) => Operation<unknown>): CoreBinding => ({ kind: 'member', run });
const write = (run: (s: CoreStores, actor: Actor, call: CoreCall) => Operation<Outcome<unknown>>): CoreBinding => ({ kind: 'write', run });
const read = (run: (s: CoreStores, viewer: Viewer, call: CoreCall) => Operation<unknown>): CoreBinding => ({ kind: 'read', run });

/** The operation's result under one name of the answer (`{ post }`, `{ comment }`). */
function* under<K extends string, T>(key: K, operation: Operation<Outcome<T>>): Operation<Outcome<Record<K, T>>> {
  const { result, events } = yield* operation;
  return { result: { [key]: result } as Record<K, T>, events };
}
const textOf = (call: CoreCall, field: 'commentData' | 'replyData') => () => commentText(call.body, field);

export const CORE_BINDINGS = {
  // Posts (docs/api.md). On api-server, like, dislike and the bookmarks are hot writes (src/hot).
  post: read(function* (s, viewer, call) {
    return { post: yield* readPost(s.posts, param(call, 'postId'), viewer.memberId) };
  }),
  createPost: write((s, actor, call) => under('post', createPost(s.posts, actor, postDraftOf(call.body, 'v2')))),
  editPost: write((s, actor, call) => under('post', editPost(s.posts, actor, param(call, 'postId'), postDraftOf(call.body, 'v2')))),
  deletePost: write((s, actor, call) => deletePost(s.posts, actor, param(call, 'postId'))),
  like: write((s, actor, call) => under('post', react(s.posts, actor, param(call, 'postId'), 'like'))),
  dislike: write((s, actor, call) => under('post', react(s.posts, actor, param(call, 'postId'), 'dislike'))),
  bookmark: write((s, actor, call) => under('post', bookmark(s.posts, actor, param(call, 'postId'), true))),
  removeBookmark: write((s, actor, call) => under('post', bookmark(s.posts, actor, param(call, 'postId'), false))),
  likers: read((s, viewer, call) => readLikers(s.posts, viewer, param(call, 'postId'), call.query)),
  postHistory: read((s, viewer, call) => readPostHistory(s.posts, param(call, 'postId'), call.query, () => viewer.memberId)),
  // Reposts; a quote is a field of createPost.
  repost: write((s, actor, call) => under('post', repost(s.reposts, actor, param(call, 'postId'), true))),
  undoRepost: write((s, actor, call) => under('post', repost(s.reposts, actor, param(call, 'postId'), false))),
  reposters: read((s, viewer, call) => readRepostersPage(s.reposts, param(call, 'postId'), call.query, () => viewer.memberId)),
  // Comments and replies (a post's comments page is each backend's own query).
  addComment: write((s, actor, call) => addComment(s.comments, actor, param(call, 'postId'), textOf(call, 'commentData'))),
  editComment: write((s, actor, call) =>
    under('comment', editComment(s.comments, actor, param(call, 'commentId'), textOf(call, 'commentData'))),
  ),
  deleteComment: write((s, actor, call) => deleteComment(s.comments, actor, param(call, 'commentId'))),
  // A toggle: the first call adds the caller's vote, the next takes it back.
  upvoteComment: write((s, actor, call) => under('comment', upvoteComment(s.comments, actor, param(call, 'commentId')))),
  addReply: write((s, actor, call) => under('comment', addReply(s.comments, actor, param(call, 'commentId'), textOf(call, 'replyData')))),
  editReply: write((s, actor, call) =>
    under('comment', editReply(s.comments, actor, param(call, 'commentId'), param(call, 'replyId'), textOf(call, 'replyData'))),
  ),
  deleteReply: write((s, actor, call) =>
    under('comment', deleteReply(s.comments, actor, param(call, 'commentId'), param(call, 'replyId'))),
  ),
  // Members (their lists and search are each backend's own queries).
  member: read(function* (s, viewer, call) {
    return { member: yield* readMember(s.members, param(call, 'memberId'), viewer.memberId) };
  }),
  follow: write((s, actor, call) => follow(s.members, actor, param(call, 'memberId'), true)),
  unfollow: write((s, actor, call) => follow(s.members, actor, param(call, 'memberId'), false)),
  // Safety (docs/safety.md).
  myRoles: member((s, actor) => isModerator(s.safety, actor)),
  myBlocks: member((s, actor, call) => readSafetyPage(s.safety, actor, 'blocks', call.query)),
  myMutes: member((s, actor, call) => readSafetyPage(s.safety, actor, 'mutes', call.query)),
  relationship: member(function* (s, actor, call) {
    return { relationship: yield* readRelationship(s.safety, actor, param(call, 'memberId')) };
  }),
  block: write((s, actor, call) => block(s.safety, actor, param(call, 'memberId'), true)),
  unblock: write((s, actor, call) => block(s.safety, actor, param(call, 'memberId'), false)),
  mute: write((s, actor, call) => mute(s.safety, actor, param(call, 'memberId'), call.body)),
  unmute: write((s, actor, call) => unmute(s.safety, actor, param(call, 'memberId'))),
  reportPost: write((s, actor, call) => reportPost(s.safety, actor, param(call, 'postId'), call.body)),
  reportMember: write((s, actor, call) => reportMember(s.safety, actor, param(call, 'memberId'), call.body)),
  reports: member((s, actor, call) => readReports(s.safety, actor, call.query)),
  // The decision and the post's removal (with its picture): one transaction.
  removeReportedPost: write((s, actor, call) => decideReport(s.safety, actor, param(call, 'reportId'), 'removed')),
  dismissReport: write((s, actor, call) => decideReport(s.safety, actor, param(call, 'reportId'), 'dismissed')),
} satisfies Partial<Record<V2RouteName, CoreBinding>>;

export type CoreRouteName = keyof typeof CORE_BINDINGS;
