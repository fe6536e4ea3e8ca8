/**
 * The v1 API (../contract.ts, V1_ROUTES) as one table of bindings both backends register: each
 * reads its request, runs the core's operation and answers in v1's shapes (./v1.ts). Every write
 * answers every post (SPEC §7), a follow every member. Login, signup and logout are each
 * backend's own (sessions and password hashing differ); they answer with ./v1.ts too.
 */
import type { V1RouteName } from '../contract';
import type { JsonObject } from './validate';
import { addComment, commentText, deleteComment, editCommentWithReplies, upvoteComment, type CommentStore } from './comments';
import type { DomainEvent, Outcome } from './events';
import { editProfile, follow, type MemberStore } from './members';
import { wait, type Actor, type Operation, type Step } from './operation';
import { bookmark, createPost, deletePost, editPost, postDraftOf, react, type PostStore } from './posts';
import { hiddenSetOf } from './blocks';
import {
  explorePageV1,
  postsByUserV1,
  postsSeenBy,
  readPostsV1,
  readPostV1,
  readUsersV1,
  readUserV1,
  membersSeenBy,
  type V1Store,
} from './v1';

/** One request's stores, one per port. */
export interface V1Stores {
  posts: PostStore;
  members: MemberStore;
  comments: CommentStore;
  v1: V1Store;
}

/** What a binding reads of the request. */
export interface V1Call {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: JsonObject;
  /** The token holder (404 userNotFound without a token, 401 with a bad one), with the request's timestamp. */
  actor(): Step<Actor>;
}

export interface V1Answer {
  status: 200 | 201;
  body: unknown;
  /** What the call changed, as its operation named the events (none for a read). */
  events: DomainEvent[];
}

export type V1Binding = (stores: V1Stores, call: V1Call) => Operation<V1Answer>;

const ok = (body: unknown, events: DomainEvent[] = []): V1Answer => ({ status: 200, body, events });
const param = (call: V1Call, name: string): string => call.params[name] ?? '';

/** What the actor's lists hide (./blocks.ts): a write's answer leaves it out, as their lists do. */
const hiddenFor = (stores: V1Stores, actor: Actor) => hiddenSetOf(stores.posts, actor.memberId, actor.now);

/** A write by the token holder, answered with every post the token holder may see. */
const postsWrite = (change: (stores: V1Stores, actor: Actor, call: V1Call) => Operation<Outcome<unknown>>): V1Binding =>
  function* (stores, call) {
    const actor = yield* wait(call.actor());
    const { events } = yield* change(stores, actor, call);
    const posts = postsSeenBy(yield* readPostsV1(stores.v1), yield* hiddenFor(stores, actor));
    return { status: 201, body: { posts }, events };
  };

const bookmarkWrite = (bookmarked: boolean): V1Binding =>
  function* (stores, call) {
    const actor = yield* wait(call.actor());
    const { events } = yield* bookmark(stores.posts, actor, param(call, 'postId'), bookmarked);
    return ok({ bookmarks: yield* wait(stores.v1.bookmarkIds(actor.memberId)) }, events);
  };

const followWrite = (following: boolean): V1Binding =>
  function* (stores, call) {
    const actor = yield* wait(call.actor());
    const { events } = yield* follow(stores.members, actor, param(call, 'followUserId'), following);
    const allUsers = membersSeenBy(yield* readUsersV1(stores.v1), yield* hiddenFor(stores, actor));
    return ok({ user: allUsers.find((user) => user._id === actor.memberId), allUsers }, events);
  };

export const V1_BINDINGS: Record<Exclude<V1RouteName, 'login' | 'signup' | 'logout'>, V1Binding> = {
  *users(s) {
    return ok({ users: yield* readUsersV1(s.v1) });
  },
  *userById(s, call) {
    return ok({ user: yield* readUserV1(s.v1, param(call, 'userId')) });
  },
  *userByHandle(s, call) {
    return ok({ user: yield* readUserV1(s.v1, yield* wait(s.v1.memberIdBy('userHandler', param(call, 'userHandler')))) });
  },
  // Only the fields a member may change (./members.ts, editProfile).
  *editUser(s, call) {
    const actor = yield* wait(call.actor());
    const { events } = yield* editProfile(s.members, actor, call.body);
    const [user] = membersSeenBy([yield* readUserV1(s.v1, actor.memberId)], yield* hiddenFor(s, actor));
    return { status: 201, body: { user }, events };
  },
  *bookmarks(s, call) {
    return ok({ bookmarks: yield* wait(s.v1.bookmarkIds((yield* wait(call.actor())).memberId)) });
  },
  bookmark: bookmarkWrite(true),
  removeBookmark: bookmarkWrite(false),
  follow: followWrite(true),
  unfollow: followWrite(false),

  *posts(s) {
    return ok({ posts: yield* readPostsV1(s.v1) });
  },
  *postsPage(s, call) {
    return ok({ posts: yield* explorePageV1(s.v1, call.params.limit, call.params.page, call.query.sort) });
  },
  *post(s, call) {
    return ok({ post: yield* readPostV1(s.v1, param(call, 'postId')) });
  },
  *postsByUser(s, call) {
    return ok({ posts: yield* postsByUserV1(s.v1, param(call, 'username')) });
  },
  // The author is the token holder; a userId in postData is ignored (it could name someone else).
  createPost: postsWrite((s, actor, call) => createPost(s.posts, actor, postDraftOf(call.body, 'v1'))),
  editPost: postsWrite((s, actor, call) => editPost(s.posts, actor, param(call, 'postId'), postDraftOf(call.body, 'v1'))),
  deletePost: postsWrite((s, actor, call) => deletePost(s.posts, actor, param(call, 'postId'))),
  like: postsWrite((s, actor, call) => react(s.posts, actor, param(call, 'postId'), 'like')),
  dislike: postsWrite((s, actor, call) => react(s.posts, actor, param(call, 'postId'), 'dislike')),

  *comments(s, call) {
    return ok({ comments: (yield* readPostV1(s.v1, param(call, 'postId'))).comments });
  },
  addComment: postsWrite((s, actor, call) =>
    addComment(s.comments, actor, param(call, 'postId'), () => commentText(call.body, 'commentData')),
  ),
  // Replies are added by editing the comment with an extended replies list (./reply-edits.ts).
  editComment: postsWrite((s, actor, call) =>
    editCommentWithReplies(s.comments, actor, param(call, 'postId'), param(call, 'commentId'), call.body),
  ),
  deleteComment: postsWrite((s, actor, call) => deleteComment(s.comments, actor, param(call, 'commentId'), param(call, 'postId'))),
  // A toggle: the first call adds the caller's vote, the next takes it back.
  upvoteComment: postsWrite((s, actor, call) => upvoteComment(s.comments, actor, param(call, 'commentId'), param(call, 'postId'))),
};
