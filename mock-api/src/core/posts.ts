/**
 * Posts: the feeds, one post, create, edit, delete (author only), like, dislike, bookmark. Each
 * operation checks its rules, changes state through the store (PostStore, one call per change:
 * the SQL store makes each one statement) and names the events it caused. v1 and v2 routes of
 * both backends call these; only the answer's shape differs (v1 answers every post).
 */
import { POST_SORTS, SERVER_ERRORS, TEXT_LIMITS, type PostSort } from '../contract';
import type { LiveMember, LivePost } from '../contract-live';
import { V2_ERRORS, V2_TEXT_LIMITS, type AuthorV2, type MembersPageV2, type MemberV2, type PostV2, type ReactionV2 } from '../contract-v2';
import { fail } from './errors';
import { objectField, requiredText, text, type JsonObject } from './validate';
import { blockedFrom, refuseIfBlocked, type BlockReader, type HiddenReader } from './blocks';
import type { DomainEvent, Outcome } from './events';
import { feedTag, LIST_TAGS } from './lists';
import { wait, type Actor, type Operation, type Step } from './operation';
import { pageFrom, pageRequest, type Key, type ListKey, type Page } from './page';
import { forgetNotificationsOf, notify, storeMentions, unnotify, type MentionSource, type WithNotifications } from './notifications';
import { normaliseTag, tagsOf } from './text';

export type Reaction = 'like' | 'dislike';
/** What a change asked of the store did: changed, was already so, or found no such post. */
export type Change = 'changed' | 'same' | 'missing';

/** A post as the store reads it; `viewer` is the viewer's own reaction and bookmark, null without a viewer. */
export interface PostRow {
  id: string;
  numericId: string;
  author: AuthorV2;
  content: string;
  /** The picture's URL as answers show it, or ''. */
  pic: string;
  picAlt: string;
  createdAt: string;
  updatedAt: string;
  likeCount: number;
  dislikeCount: number;
  commentCount: number;
  viewer: { reaction: ReactionV2; bookmarked: boolean } | null;
  /** Handles of the members its text mentions (./notifications.ts). */
  mentions: string[];
}

/** Which posts, in which order: a feed, one member's, or one tag's (`tag` normalised, ./text.ts). */
export type PostList =
  | { kind: 'explore'; sort: PostSort }
  | { kind: 'home'; memberId: string; sort: PostSort }
  | { kind: 'member'; memberId: string }
  | { kind: 'activities'; memberId: string }
  | { kind: 'tag'; tag: string };

/**
 * The sort key of a post in a list: newest first is [createdAt, id]; Trending is
 * [likes + comments, createdAt, id], for posts whose score is above 0. Greater keys come first.
 */
export type PostKey = [createdAt: string, id: string] | [score: number, createdAt: string, id: string];

/** The storage behind the post operations (the fake backend's memory and IndexedDB, api-server's PostgreSQL). */
export interface PostStore extends BlockReader, HiddenReader, WithNotifications {
  /** The post's author, or null when there is no such post. */
  postAuthor(postId: string): Step<string | null>;
  /** The post's stored picture (a reference only the store reads) and its description. */
  postPicture(postId: string): Step<{ pic: string; picAlt: string } | null>;
  /** A `pic` field checked and stored: undefined when absent, '' for none, else the store's reference. */
  storePicture(value: unknown, field: string): Step<string | undefined>;
  /** Adds a post with its tags (its content's, normalised: ./text.ts); answers its id. */
  insertPost(post: { authorId: string; content: string; pic: string; picAlt: string; tags: string[]; now: string }): Step<string>;
  /** Changes the post; `tags` are its new content's, which replace the ones it had. */
  updatePost(postId: string, post: { content: string; pic: string; picAlt: string; tags: string[]; now: string }): Step<void>;
  /** Deletes the post with its comments, reactions and bookmarks, and its picture when nothing else shows it. */
  deletePost(postId: string): Step<void>;
  /** The member's reaction to the post becomes `kind` (a like replaces a dislike, and the other way round). */
  setReaction(memberId: string, postId: string, kind: Reaction): Step<Change>;
  setBookmark(memberId: string, postId: string, bookmarked: boolean): Step<Change>;
  readPost(postId: string, viewerId: string | null): Step<PostRow | null>;
  /**
   * Up to `count` posts of the list after `after` (from the start when null), in the list's order.
   * With a viewer, the lists leave out what safety hides from them (docs/safety.md): explore,
   * home, tag pages and activities the posts of members blocked either way or muted; a member's
   * own posts when that member blocked the viewer.
   */
  readPosts(list: PostList, after: PostKey | null, count: number, viewerId: string | null): Step<PostRow[]>;
  /** A member as anyone sees them (their counts moved). */
  readMember(memberId: string): Step<LiveMember | null>;
  /**
   * Up to `count` members who like the post, newest like first, after `after` ([position, member
   * id] of the last one given), less the members the viewer's lists hide (docs/safety.md); each
   * with the viewer's follow flags. `position` grows with each like.
   */
  readLikers(
    postId: string,
    after: readonly [number, string] | null,
    count: number,
    viewer: { memberId: string | null; now: string },
  ): Step<{ position: number; member: MemberV2 }[]>;
}

// ---- Rules ----

/**
 * `?sort=`: latest or trending. v2's default is Latest; the spec's v1 explore page defaults to
 * Trending and says so in its own message.
 */
export function postSortOf(value: unknown, api: 'v1' | 'v2'): PostSort {
  if (value === undefined) return api === 'v1' ? 'trending' : 'latest';
  if (typeof value === 'string' && (POST_SORTS as readonly string[]).includes(value)) return value as PostSort;
  throw fail.badRequest(SORT_MESSAGES[api]);
}

export const SORT_MESSAGES = { v1: `"sort" must be one of: ${POST_SORTS.join(', ')}.`, v2: V2_ERRORS.badSort } as const;

/** Trending's score: likes plus comments. A post is in Trending when it is above 0. */
export const trendingScore = (post: { likeCount: number; commentCount: number }): number => post.likeCount + post.commentCount;

const ISO_SHAPE = ['iso', 'text'] as const;
const TRENDING_SHAPE = ['int4', 'iso', 'text'] as const;

/** The cursor tag and key shape of a post list. */
export function postListKey(list: PostList): ListKey {
  switch (list.kind) {
    case 'explore':
    case 'home':
      return { tag: feedTag(list.kind, list.sort), shape: list.sort === 'trending' ? TRENDING_SHAPE : ISO_SHAPE };
    case 'member':
      return { tag: LIST_TAGS.memberPosts, shape: ISO_SHAPE };
    case 'activities':
      return { tag: LIST_TAGS.activities, shape: ISO_SHAPE };
    case 'tag':
      return { tag: LIST_TAGS.tagPosts, shape: ISO_SHAPE };
  }
}

/** The list of a tag as a request names it (`/tags/:tag/posts`): matched case-insensitively; 400 badTag when it is no tag. */
export function tagListOf(raw: unknown): PostList {
  const tag = typeof raw === 'string' ? normaliseTag(raw) : null;
  if (tag === null) throw fail.badRequest(V2_ERRORS.badTag);
  return { kind: 'tag', tag };
}

const isTrending = (list: PostList) => (list.kind === 'explore' || list.kind === 'home') && list.sort === 'trending';

function keyOf(list: PostList, post: PostRow): Key {
  return isTrending(list) ? [trendingScore(post), post.createdAt, post.id] : [post.createdAt, post.id];
}

// ---- Answers ----

/** The v2 post: the public fields, and `viewer` when there is a viewer. */
export function postV2(row: PostRow): PostV2 {
  const post: PostV2 = {
    _id: row.id,
    id: row.numericId,
    userId: row.author._id,
    author: { ...row.author },
    content: row.content,
    pic: row.pic,
    picAlt: row.picAlt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    likeCount: row.likeCount,
    dislikeCount: row.dislikeCount,
    commentCount: row.commentCount,
  };
  if (row.viewer) post.viewer = { ...row.viewer };
  if (row.mentions.length > 0) post.mentions = [...row.mentions];
  return post;
}

/** The post as events carry it, to everyone: no viewer fields. */
export const livePost = (row: PostRow): LivePost => postV2({ ...row, viewer: null });

const countsEvent = (row: PostRow): DomainEvent => ({
  kind: 'post.counts',
  data: { postId: row.id, likeCount: row.likeCount, dislikeCount: row.dislikeCount, commentCount: row.commentCount },
});

const viewerEvent = (memberId: string, row: PostRow): DomainEvent => ({
  kind: 'viewer.post',
  data: { memberId, postId: row.id, viewer: { reaction: row.viewer?.reaction ?? null, bookmarked: row.viewer?.bookmarked ?? false } },
});

function* memberChanged(store: PostStore, memberId: string): Operation<DomainEvent[]> {
  const member = yield* wait(store.readMember(memberId));
  return member ? [{ kind: 'member.changed', data: { member } }] : [];
}

function* postOr404(store: PostStore, postId: string, viewerId: string | null): Operation<PostRow> {
  const post = yield* wait(store.readPost(postId, viewerId));
  if (!post) throw fail.postNotFound();
  return post;
}

const postSource = (postId: string): MentionSource => ({ postId, commentId: null, replyId: null });

// ---- Operations ----

/** A post's fields as the caller sent them (`postData`): content, pic, and v2's optional picAlt. */
export interface PostDraft {
  content: string;
  pic: unknown;
  picAlt: string | undefined;
}

/**
 * Reads and checks a draft from a request body. Operations call it after their own checks
 * (a missing post is 404 and someone else's is 403 whatever the body holds). v1 has no picAlt.
 */
export type DraftOf = () => PostDraft;

export const postDraftOf =
  (body: JsonObject, api: 'v1' | 'v2'): DraftOf =>
  () => {
    const postData = objectField(body, 'postData');
    return {
      content: requiredText(postData.content, 'content', { max: TEXT_LIMITS.post }),
      pic: postData.pic,
      picAlt:
        api === 'v2'
          ? text(postData.picAlt, 'picAlt', { required: false, allowEmpty: true, max: V2_TEXT_LIMITS.picAlt })?.trim()
          : undefined,
    };
  };

/** One post; a post whose author blocked the viewer is not found for them (docs/safety.md). */
export function* readPost(store: PostStore, postId: string, viewerId: string | null): Operation<PostV2> {
  const post = yield* postOr404(store, postId, viewerId);
  if (yield* blockedFrom(store, viewerId, post.author._id)) throw fail.postNotFound();
  return postV2(post);
}

const LIKERS_LIST: ListKey = { tag: LIST_TAGS.likers, shape: ['int', 'text'] };

/** GET /v2/posts/:postId/likers: a page of the members who liked the post, newest first (404 as the post's other reads). */
export function* readLikers(
  store: PostStore,
  viewer: { memberId: string | null; now: string },
  postId: string,
  query: Record<string, unknown>,
): Operation<MembersPageV2> {
  const request = pageRequest(query, LIKERS_LIST);
  yield* visiblePostOr404(store, postId, viewer.memberId);
  const found = yield* wait(store.readLikers(postId, request.after as [number, string] | null, request.limit + 1, viewer));
  const page = pageFrom(found, request, (row) => [row.position, row.member._id]);
  return { members: page.items.map((row) => row.member), nextCursor: page.nextCursor };
}

/** 404 for a post that does not exist, or whose author blocked the viewer: what reads of the post and its comments check first. */
export function* visiblePostOr404(
  store: Pick<PostStore, 'postAuthor' | 'blockBetween'>,
  postId: string,
  viewerId: string | null,
): Operation<string> {
  const author = yield* wait(store.postAuthor(postId));
  if (author === null || (yield* blockedFrom(store, viewerId, author))) throw fail.postNotFound();
  return author;
}

/**
 * A page of a post list, with the viewer's own fields when there is a viewer. `viewerOf` is
 * asked after the page's limit and cursor are checked (a bad one is 400 whatever the token).
 */
export function* readPostPage(
  store: PostStore,
  list: PostList,
  query: Record<string, unknown>,
  viewerOf: () => Step<string | null>,
): Operation<{ posts: PostV2[]; nextCursor: string | null }> {
  const request = pageRequest(query, postListKey(list));
  const viewerId = yield* wait(viewerOf());
  const found = yield* wait(store.readPosts(list, request.after as PostKey | null, request.limit + 1, viewerId));
  const page: Page<PostRow> = pageFrom(found, request, (post) => keyOf(list, post));
  return { posts: page.items.map(postV2), nextCursor: page.nextCursor };
}

/** The author is the caller (a userId in the draft could name someone else). A description goes only with a picture. */
export function* createPost(store: PostStore, actor: Actor, draftOf: DraftOf): Operation<Outcome<PostV2>> {
  const draft = draftOf();
  const pic = (yield* wait(store.storePicture(draft.pic, 'pic'))) ?? '';
  const postId = yield* wait(
    store.insertPost({
      authorId: actor.memberId,
      content: draft.content,
      pic,
      picAlt: pic ? (draft.picAlt ?? '') : '',
      tags: tagsOf(draft.content),
      now: actor.now,
    }),
  );
  const mentions = yield* storeMentions(store.notifications, actor, postSource(postId), draft.content, true, null);
  const post = yield* postOr404(store, postId, actor.memberId);
  return {
    result: postV2(post),
    events: [{ kind: 'post.created', data: { post: livePost(post) } }, ...(yield* memberChanged(store, actor.memberId)), ...mentions],
  };
}

/**
 * The author edits the text and, when `pic` is sent, the picture. The description stays with its
 * picture: a new picture without one has none, and no picture has no description.
 */
export function* editPost(store: PostStore, actor: Actor, postId: string, draftOf: DraftOf): Operation<Outcome<PostV2>> {
  const author = yield* wait(store.postAuthor(postId));
  if (author === null) throw fail.postNotFound();
  if (author !== actor.memberId) throw fail.forbidden(SERVER_ERRORS.editNotOwner);
  const draft = draftOf();
  const before = (yield* wait(store.postPicture(postId))) ?? { pic: '', picAlt: '' };
  const sent = yield* wait(store.storePicture(draft.pic, 'pic'));
  const pic = sent ?? before.pic;
  const picAlt = !pic ? '' : (draft.picAlt ?? (pic !== before.pic ? '' : before.picAlt));
  yield* wait(store.updatePost(postId, { content: draft.content, pic, picAlt, tags: tagsOf(draft.content), now: actor.now }));
  const mentions = yield* storeMentions(store.notifications, actor, postSource(postId), draft.content, false, null);
  const post = yield* postOr404(store, postId, actor.memberId);
  return { result: postV2(post), events: [{ kind: 'post.edited', data: { post: livePost(post) } }, ...mentions] };
}

/** The author deletes the post, with its comments, reactions and bookmarks. */
export function* deletePost(store: PostStore, actor: Actor, postId: string): Operation<Outcome<{ postId: string }>> {
  const author = yield* wait(store.postAuthor(postId));
  if (author === null) throw fail.postNotFound();
  if (author !== actor.memberId) throw fail.forbidden(SERVER_ERRORS.deleteNotOwner);
  return { result: { postId }, events: yield* removePost(store, postId, author) };
}

/**
 * Deletes the post with its comments, reactions, bookmarks and picture, and every notification
 * about it (unread counts follow): the author's deletion and a moderator's removal alike.
 */
export function* removePost(store: PostStore, postId: string, authorId: string): Operation<DomainEvent[]> {
  const forgotten = yield* forgetNotificationsOf(store.notifications, postSource(postId));
  yield* wait(store.deletePost(postId));
  return [{ kind: 'post.deleted', data: { postId } }, ...(yield* memberChanged(store, authorId)), ...forgotten];
}

/**
 * A like replaces the member's dislike, and a dislike takes back their like (SPEC §4: the count
 * goes down by one); the same reaction twice is refused. A like notifies the author; a dislike
 * notifies nobody and takes the member out of the author's likes notification.
 */
export function* react(store: PostStore, actor: Actor, postId: string, kind: Reaction): Operation<Outcome<PostV2>> {
  const author = yield* wait(store.postAuthor(postId));
  if (author === null) throw fail.postNotFound();
  yield* refuseIfBlocked(store, actor.memberId, [author]);
  const change = yield* wait(store.setReaction(actor.memberId, postId, kind));
  if (change === 'missing') throw fail.postNotFound();
  if (change === 'same') throw fail.badRequest(kind === 'like' ? SERVER_ERRORS.alreadyLiked : SERVER_ERRORS.alreadyDisliked);
  const post = yield* postOr404(store, postId, actor.memberId);
  const subject = { postId, commentId: null, replyId: null };
  const notified =
    kind === 'like'
      ? yield* notify(store.notifications, actor, post.author._id, 'like', subject)
      : yield* unnotify(store.notifications, actor.memberId, post.author._id, 'like', subject);
  return { result: postV2(post), events: [countsEvent(post), viewerEvent(actor.memberId, post), ...notified] };
}

/**
 * Saves the post to the member's bookmarks (`bookmarked`), or takes it out; either twice is
 * refused. A post whose author blocked the member is 404, as everywhere it is addressed.
 */
export function* bookmark(store: PostStore, actor: Actor, postId: string, bookmarked: boolean): Operation<Outcome<PostV2>> {
  yield* visiblePostOr404(store, postId, actor.memberId);
  const change = yield* wait(store.setBookmark(actor.memberId, postId, bookmarked));
  if (change === 'missing') throw fail.postNotFound();
  if (change === 'same') throw fail.badRequest(bookmarked ? SERVER_ERRORS.alreadyBookmarked : SERVER_ERRORS.notBookmarked);
  const post = yield* postOr404(store, postId, actor.memberId);
  return { result: postV2(post), events: [viewerEvent(actor.memberId, post)] };
}
