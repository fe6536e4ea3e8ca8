/**
 * The spec's v1 answers (SPEC §3/§7: User, Post, Comment with every list in full) and the v1
 * reads, written once for both backends. A store reads v1 rows: the v1 shapes with member ids
 * where the answer shows members, and `nameOf` for those members; the serializers here turn ids
 * into UserSummary (a member gone since is left out of a list, and shown as a former member where
 * one member is named).
 */
import type { Comment, Post, PostSort, Reply, User, UserSummary } from '../contract';
import { fail } from './errors';
import { wholeNumber } from './validate';
import { shownTo } from './blocks';
import { wait, type Operation, type Step } from './operation';
import { postSortOf } from './posts';

export type V1ReplyRow = Omit<Reply, 'user'> & { userId: string };

export type V1CommentRow = Omit<Comment, 'postId' | 'user' | 'votes' | 'replies'> & {
  userId: string;
  upvotedBy: readonly string[];
  replies: readonly V1ReplyRow[];
};

/** A post as v1 answers it, members as ids (`username`: its author's login e-mail; `pic`: the picture's URL or ''). */
export type V1PostRow = Omit<Post, 'likes' | 'comments'> & {
  likedBy: readonly string[];
  dislikedBy: readonly string[];
  comments: readonly V1CommentRow[];
};

/** A member as v1 answers them, follow lists as ids in their order. */
export type V1UserRow = Omit<User, 'followers' | 'following'> & { followers: readonly string[]; following: readonly string[] };

/** Rows of one answer and the name of every member they hold (undefined: no such member now). */
export interface V1Rows<T> {
  rows: T[];
  nameOf(memberId: string): UserSummary | undefined;
}

/** Which posts, in which order: every post newest first or by Trending's score (ties newest first), or one author's, newest first. */
export type V1PostList = { sort: PostSort; count: number } | { authorId: string };

/** The storage behind the v1 reads (each method a few set-based reads on api-server). */
export interface V1Store {
  /** Posts with their reactions, comments, replies and upvotes: every post newest first, or `ids` in their order (ids of no post left out). */
  v1Posts(ids?: readonly string[]): Step<V1Rows<V1PostRow>>;
  /** Members with their follow lists and bookmarks: every member in signup order, or the members of `ids`. */
  v1Users(ids?: readonly string[]): Step<V1Rows<V1UserRow>>;
  v1PostIds(list: V1PostList): Step<string[]>;
  /** The member whose login e-mail or handle (`field`) is `value`, ignoring case. */
  memberIdBy(field: 'username' | 'userHandler', value: string): Step<string | null>;
  /** The member's bookmarks (post ids), oldest first. */
  bookmarkIds(memberId: string): Step<string[]>;
}

// ---- Answers ----

/** Who wrote something whose author is gone, as answers name them (v1 and v2). */
export const formerMember = (id: string): UserSummary => ({ _id: id, firstName: 'Former', lastName: 'member', userHandler: '', pic: '' });

/** Each member's summary once per answer (a list of thousands of posts names the same members again and again). */
function namesOf(nameOf: (memberId: string) => UserSummary | undefined) {
  const known = new Map<string, UserSummary | null>();
  const find = (id: string): UserSummary | null => {
    let name = known.get(id);
    if (name === undefined) known.set(id, (name = nameOf(id) ?? null));
    return name && { ...name };
  };
  return {
    one: (id: string): UserSummary => find(id) ?? formerMember(id),
    list: (ids: readonly string[]): UserSummary[] => {
      const names: UserSummary[] = [];
      for (const id of ids) {
        const name = find(id);
        if (name) names.push(name);
      }
      return names;
    },
  };
}

export function postsV1({ rows, nameOf }: V1Rows<V1PostRow>): Post[] {
  const names = namesOf(nameOf);
  return rows.map((post) => ({
    _id: post._id,
    id: post.id,
    userId: post.userId,
    username: post.username,
    content: post.content,
    pic: post.pic,
    likes: { likeCount: post.likedBy.length, likedBy: names.list(post.likedBy), dislikedBy: names.list(post.dislikedBy) },
    comments: post.comments.map((comment): Comment => ({
      _id: comment._id,
      postId: post._id,
      content: comment.content,
      user: names.one(comment.userId),
      votes: { upvotedBy: names.list(comment.upvotedBy) },
      replies: comment.replies.map((reply) => ({
        _id: reply._id,
        user: names.one(reply.userId),
        content: reply.content,
        createdAt: reply.createdAt,
      })),
      createdAt: comment.createdAt,
      updatedAt: comment.updatedAt,
    })),
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
  }));
}

export function membersV1({ rows, nameOf }: V1Rows<V1UserRow>): User[] {
  const names = namesOf(nameOf);
  return rows.map((user) => ({
    _id: user._id,
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    userHandler: user.userHandler,
    username: user.username,
    pic: user.pic,
    bio: user.bio,
    link: user.link,
    followers: names.list(user.followers),
    following: names.list(user.following),
    bookmarks: [...user.bookmarks],
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  }));
}

/**
 * v1's answers as a member whose lists hide `hidden` may see them (./blocks.ts, hiddenSetOf): the
 * posts, comments and replies of hidden members left out, and those members out of the lists of
 * names (likes, upvotes). Counts stay the stored ones, as v2's do. Unchanged when nobody is hidden.
 */
export function postsSeenBy(posts: Post[], hidden: ReadonlySet<string>): Post[] {
  if (hidden.size === 0) return posts;
  const names = (list: UserSummary[]) => shownTo(list, (member) => member._id, hidden);
  return shownTo(posts, (post) => post.userId, hidden).map((post) => ({
    ...post,
    likes: { ...post.likes, likedBy: names(post.likes.likedBy), dislikedBy: names(post.likes.dislikedBy) },
    comments: shownTo(post.comments, (comment) => comment.user._id, hidden).map((comment) => ({
      ...comment,
      votes: { upvotedBy: names(comment.votes.upvotedBy) },
      replies: shownTo(comment.replies, (reply) => reply.user._id, hidden),
    })),
  }));
}

/** Members as `postsSeenBy` shows posts: hidden members left out, and out of every follow list. */
export function membersSeenBy(users: User[], hidden: ReadonlySet<string>): User[] {
  if (hidden.size === 0) return users;
  const names = (list: UserSummary[]) => shownTo(list, (member) => member._id, hidden);
  return shownTo(users, (user) => user._id, hidden).map((user) => ({
    ...user,
    followers: names(user.followers),
    following: names(user.following),
  }));
}

// ---- Reads ----

/** Every post, newest first: GET /posts, and the answer of every v1 write (SPEC §7). */
export function* readPostsV1(store: V1Store, ids?: readonly string[]): Operation<Post[]> {
  return postsV1(yield* wait(store.v1Posts(ids)));
}

export function* readPostV1(store: V1Store, postId: string): Operation<Post> {
  const [post] = yield* readPostsV1(store, [postId]);
  if (!post) throw fail.postNotFound();
  return post;
}

export function* readUsersV1(store: V1Store, ids?: readonly string[]): Operation<User[]> {
  return membersV1(yield* wait(store.v1Users(ids)));
}

export function* readUserV1(store: V1Store, memberId: string | null): Operation<User> {
  const [user] = memberId === null ? [] : yield* readUsersV1(store, [memberId]);
  if (!user) throw fail.memberNotFound();
  return user;
}

/** Largest page size a caller may ask for; the explore feed asks for 2. */
const MAX_PAGE_LIMIT = 1000;

/**
 * The explore page (`/posts/:limit/:page`), cumulative: the first page*limit + limit posts, by
 * Trending's score (./posts.ts, trendingScore; every post, newest first on ties) or, with
 * ?sort=latest, newest first.
 */
export function* explorePageV1(
  store: V1Store,
  limitText: string | undefined,
  pageText: string | undefined,
  sort: unknown,
): Operation<Post[]> {
  const limit = wholeNumber(limitText, 'limit');
  const page = wholeNumber(pageText, 'page');
  if (limit < 1 || limit > MAX_PAGE_LIMIT) throw fail.badRequest(`"limit" must be between 1 and ${MAX_PAGE_LIMIT}.`);
  const list = { sort: postSortOf(sort, 'v1'), count: page * limit + limit };
  return yield* readPostsV1(store, yield* wait(store.v1PostIds(list)));
}

/** One author's posts, newest first; the author named by login e-mail or, failing that, by handle. */
export function* postsByUserV1(store: V1Store, name: string): Operation<Post[]> {
  const key = name.trim();
  const authorId = (yield* wait(store.memberIdBy('username', key))) ?? (yield* wait(store.memberIdBy('userHandler', key)));
  if (authorId === null) throw fail.memberNotFound();
  return yield* readPostsV1(store, yield* wait(store.v1PostIds({ authorId })));
}
