/**
 * Posts: the feeds, one post, create, edit, delete (author only), like, dislike, bookmark. Each
 * operation checks its rules, changes state through the store (PostStore, one call per change:
 * the SQL store makes each one statement) and names the events it caused. v1 and v2 routes of
 * both backends call these; only the answer's shape differs (v1 answers every post).
 */
import { POST_SORTS, SERVER_ERRORS, TEXT_LIMITS, type PostSort } from '../contract';
import type { LiveMember, LivePost } from '../contract-live';
import {
  V2_ERRORS,
  V2_TEXT_LIMITS,
  type AuthorV2,
  type MembersPageV2,
  type MemberV2,
  type PictureV2,
  type PostV2,
  type QuotedPostV2,
  type ReactionV2,
  type RepostReasonV2,
} from '../contract-v2';
import { fail } from './errors';
import { objectField, requiredText, text, type JsonObject } from './validate';
import { blockedFrom, refuseBlockSide, type BlockReader, type BlockSide, type HiddenReader } from './blocks';
import type { DomainEvent, Outcome } from './events';
import { feedTag, LIST_TAGS } from './lists';
import { wait, type Actor, type Operation, type Step } from './operation';
import { pageFrom, pageRequest, type Key, type ListKey, type Page } from './page';
import {
  defersNotices,
  deliverNotice,
  forgetNotificationsOf,
  noticeOf,
  storeMentions,
  type MentionSource,
  type Notice,
  type WithNotifications,
} from './notifications';
import { checkQuote, notifyQuote, quoteOfField } from './quotes';
import { normaliseTag, tagsOf } from './text';
import { pictureDraftsOf, samePictures, type PictureDraft, type PictureStore, type StoredPicture } from './post-pictures';

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
  /** Every picture as answers show it (./post-pictures.ts); the first is `pic`. */
  pictures: PictureV2[];
  /** It has earlier versions (an edit changed its text or pictures). */
  edited: boolean;
  createdAt: string;
  updatedAt: string;
  likeCount: number;
  dislikeCount: number;
  commentCount: number;
  repostCount: number;
  viewer: { reaction: ReactionV2; bookmarked: boolean; reposted: boolean } | null;
  /** Handles of the members its text mentions (./notifications.ts). */
  mentions: string[];
  /** In a list with reposts: the repost it is there for (./reposts.ts); else absent. */
  repostedBy?: RepostReasonV2;
  /** The post it quotes as the viewer sees it (./quotes.ts), null when it quotes none. */
  quote: QuotedPostV2 | null;
}

/** Which posts, in which order: a feed, one member's, or one tag's (`tag` normalised, ./text.ts). */
export type PostList =
  | { kind: 'explore'; sort: PostSort }
  | { kind: 'home'; memberId: string; sort: PostSort }
  | { kind: 'member'; memberId: string }
  | { kind: 'activities'; memberId: string }
  | { kind: 'tag'; tag: string };

/**
 * The sort key of a post in a list: newest first is [createdAt, id] (a repost's time for a post
 * there because of a repost: ./reposts.ts); Trending is
 * [likes + comments, createdAt, id], for posts whose score is above 0. Greater keys come first.
 */
export type PostKey = [createdAt: string, id: string] | [score: number, createdAt: string, id: string];

/** What the rules of a reaction or bookmark need to know before the write, as one store step reads it. */
export interface WriteFacts {
  /** The post's author; null when there is no such post. */
  author: string | null;
  /** How the actor stands with the author (`blockBetween(actor, author)`); 'none' without a post. */
  block: BlockSide;
  /** Whether the author's lists hide the actor (`NotificationStore.silences(author, actor)`); false without a post. */
  silenced: boolean;
}

/** A reaction's, bookmark's or repost's write and the post as it is after it (null unless changed). */
export interface Written {
  change: Change;
  post: PostRow | null;
}

/**
 * The storage behind the post operations (the fake backend's memory and IndexedDB, api-server's
 * PostgreSQL). A store whose every step is a round trip answers the hot writes' optional combined
 * steps (`writeFacts`, `applyReaction`, `applyBookmark`): one read before the write, one write
 * that reads its post back (and records the notice, for a store that DefersNotices); the others
 * are asked step by step. The operation decides the same way from either.
 */
export interface PostStore extends BlockReader, HiddenReader, WithNotifications, PictureStore {
  /** The post's author, or null when there is no such post. */
  postAuthor(postId: string): Step<string | null>;
  /** A `pic` field checked and stored: undefined when absent, '' for none, else the store's reference. */
  storePicture(value: unknown, field: string): Step<string | undefined>;
  /** Adds a post with its tags (its content's, normalised: ./text.ts) and the post it quotes (or null); answers its id. */
  insertPost(post: {
    authorId: string;
    content: string;
    pic: string;
    picAlt: string;
    tags: string[];
    now: string;
    quoteOf: string | null;
  }): Step<string>;
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
  /** The facts of `memberId`'s write to the post, in one step (else postAuthor, blockBetween, notifications.silences). */
  writeFacts?(memberId: string, postId: string, now: string): Step<WriteFacts>;
  /** setReaction, with `notice` recorded by the same write (DeferredNotices), and the post read back; in one step. */
  applyReaction?(memberId: string, postId: string, kind: Reaction, notice: Notice | null): Step<Written>;
  /** setBookmark and the post read back, in one step. */
  applyBookmark?(memberId: string, postId: string, bookmarked: boolean): Step<Written>;
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
  return isTrending(list) ? [trendingScore(post), post.createdAt, post.id] : [post.repostedBy?.at ?? post.createdAt, post.id];
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
    pictures: row.pictures.map((picture) => ({ ...picture })),
    edited: row.edited,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    likeCount: row.likeCount,
    dislikeCount: row.dislikeCount,
    commentCount: row.commentCount,
    repostCount: row.repostCount,
  };
  if (row.viewer) post.viewer = { ...row.viewer };
  if (row.mentions.length > 0) post.mentions = [...row.mentions];
  if (row.repostedBy) post.repostedBy = { member: { ...row.repostedBy.member }, at: row.repostedBy.at };
  if (row.quote) post.quote = row.quote.available ? { ...row.quote, author: { ...row.quote.author } } : { ...row.quote };
  return post;
}

/**
 * The post as events carry it, to everyone: no viewer fields, no repost reason; a quoted post as
 * anyone sees it (each client's own lists hide what they hide).
 */
export const livePost = (row: PostRow): LivePost => {
  const { viewer: _viewer, repostedBy: _reason, ...rest } = postV2({ ...row, viewer: null });
  return rest;
};

export const countsEvent = (row: PostRow): DomainEvent => ({
  kind: 'post.counts',
  data: {
    postId: row.id,
    likeCount: row.likeCount,
    dislikeCount: row.dislikeCount,
    commentCount: row.commentCount,
    repostCount: row.repostCount,
  },
});

export const viewerEvent = (memberId: string, row: PostRow): DomainEvent => ({
  kind: 'viewer.post',
  data: {
    memberId,
    postId: row.id,
    viewer: {
      reaction: row.viewer?.reaction ?? null,
      bookmarked: row.viewer?.bookmarked ?? false,
      reposted: row.viewer?.reposted ?? false,
    },
  },
});

function* memberChanged(store: PostStore, memberId: string): Operation<DomainEvent[]> {
  const member = yield* wait(store.readMember(memberId));
  return member ? [{ kind: 'member.changed', data: { member } }] : [];
}

export function* postOr404(store: PostStore, postId: string, viewerId: string | null): Operation<PostRow> {
  const post = yield* wait(store.readPost(postId, viewerId));
  if (!post) throw fail.postNotFound();
  return post;
}

const postSource = (postId: string): MentionSource => ({ postId, commentId: null, replyId: null });

// ---- Operations ----

/** A post's fields as the caller sent them (`postData`): content, pic, and v2's optional picAlt, pictures and quoteOf. */
export interface PostDraft {
  content: string;
  pic: unknown;
  picAlt: string | undefined;
  /** The post it quotes (v2, creation only: an edit keeps what the post quotes). */
  quoteOf?: string;
  /** v2's list of pictures, which replaces `pic` and `picAlt` when sent. */
  pictures?: PictureDraft[];
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
      quoteOf: api === 'v2' ? quoteOfField(postData.quoteOf) : undefined,
      pictures: api === 'v2' ? pictureDraftsOf(postData.pictures) : undefined,
    };
  };

/** The pictures a draft sent as a list, each checked and stored (a data: URL becomes a stored image). */
function* storedPicturesOf(store: PostStore, sent: PictureDraft[]): Operation<StoredPicture[]> {
  const pictures: StoredPicture[] = [];
  for (const [i, picture] of sent.entries()) {
    const pic = yield* wait(store.storePicture(picture.pic, `pictures[${i}].pic`));
    if (pic) pictures.push({ pic, alt: picture.alt, width: picture.width, height: picture.height });
  }
  return pictures;
}

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
  const quotedAuthor = draft.quoteOf === undefined ? null : yield* checkQuote(store, actor, draft.quoteOf);
  let pictures: StoredPicture[];
  if (draft.pictures) pictures = yield* storedPicturesOf(store, draft.pictures);
  else {
    const pic = (yield* wait(store.storePicture(draft.pic, 'pic'))) ?? '';
    pictures = pic ? [{ pic, alt: draft.picAlt ?? '', width: 0, height: 0 }] : [];
  }
  const postId = yield* wait(
    store.insertPost({
      authorId: actor.memberId,
      content: draft.content,
      pic: pictures[0]?.pic ?? '',
      picAlt: pictures[0]?.alt ?? '',
      tags: tagsOf(draft.content),
      now: actor.now,
      quoteOf: draft.quoteOf ?? null,
    }),
  );
  yield* wait(store.setPostPictures(postId, pictures));
  const mentions = yield* storeMentions(store.notifications, actor, postSource(postId), draft.content, true, quotedAuthor);
  const quoted = quotedAuthor === null ? [] : yield* notifyQuote(store, actor, quotedAuthor, postId);
  const post = yield* postOr404(store, postId, actor.memberId);
  return {
    result: postV2(post),
    events: [
      { kind: 'post.created', data: { post: livePost(post) } },
      ...(yield* memberChanged(store, actor.memberId)),
      ...mentions,
      ...quoted,
    ],
  };
}

/**
 * The author edits the text and, when `pictures` is sent, every picture; else, when `pic` is
 * sent, the first one (v1 knows one picture: a new one replaces them all, the same one keeps the
 * others). The description stays with its picture: a new picture without one has none, and no
 * picture has no description. An edit that changes the text or a picture keeps the version
 * before it (./post-pictures.ts), which marks the post edited.
 */
export function* editPost(store: PostStore, actor: Actor, postId: string, draftOf: DraftOf): Operation<Outcome<PostV2>> {
  const author = yield* wait(store.postAuthor(postId));
  if (author === null) throw fail.postNotFound();
  if (author !== actor.memberId) throw fail.forbidden(SERVER_ERRORS.editNotOwner);
  const draft = draftOf();
  const previous = yield* postOr404(store, postId, null);
  const before = yield* wait(store.postPictures(postId));
  let pictures: StoredPicture[];
  if (draft.pictures) pictures = yield* storedPicturesOf(store, draft.pictures);
  else {
    const first = before[0];
    const pic = (yield* wait(store.storePicture(draft.pic, 'pic'))) ?? first?.pic ?? '';
    if (!pic) pictures = [];
    else if (first && pic === first.pic) pictures = [{ ...first, alt: draft.picAlt ?? first.alt }, ...before.slice(1)];
    else pictures = [{ pic, alt: draft.picAlt ?? '', width: 0, height: 0 }];
  }
  // Kept before the change: the pictures it showed stay stored while a version shows them.
  if (draft.content !== previous.content || !samePictures(before, pictures))
    yield* wait(store.addPostVersion(postId, { content: previous.content, pictures: before, createdAt: previous.updatedAt }));
  yield* wait(
    store.updatePost(postId, {
      content: draft.content,
      pic: pictures[0]?.pic ?? '',
      picAlt: pictures[0]?.alt ?? '',
      tags: tagsOf(draft.content),
      now: actor.now,
    }),
  );
  yield* wait(store.setPostPictures(postId, pictures));
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

/** The facts of the actor's write to the post: one step when the store reads them together. */
export function* writeFactsOf(store: PostStore, actor: Actor, postId: string, needsSilence: boolean): Operation<WriteFacts> {
  if (store.writeFacts) return yield* wait(store.writeFacts(actor.memberId, postId, actor.now));
  const author = yield* wait(store.postAuthor(postId));
  if (author === null || author === actor.memberId) return { author, block: 'none', silenced: false };
  const block = yield* wait(store.blockBetween(actor.memberId, author));
  const silenced = needsSilence && block === 'none' ? yield* wait(store.notifications.silences(author, actor.memberId, actor.now)) : false;
  return { author, block, silenced };
}

/**
 * A like replaces the member's dislike, and a dislike takes back their like (SPEC §4: the count
 * goes down by one); the same reaction twice is refused. A like notifies the author; a dislike
 * notifies nobody and takes the member out of the author's likes notification. A store that
 * defers notices keeps the notice with the reaction and delivers it after the commit
 * (docs/architecture.md, "How a write reaches the database").
 */
export function* react(store: PostStore, actor: Actor, postId: string, kind: Reaction): Operation<Outcome<PostV2>> {
  const facts = yield* writeFactsOf(store, actor, postId, kind === 'like');
  if (facts.author === null) throw fail.postNotFound();
  if (facts.author !== actor.memberId) refuseBlockSide(facts.block);
  const subject = { postId, commentId: null, replyId: null };
  const notice = noticeOf(kind === 'like' ? 'add' : 'remove', actor, facts.author, 'like', subject, facts.silenced);
  const written: Written = store.applyReaction
    ? yield* wait(store.applyReaction(actor.memberId, postId, kind, notice))
    : yield* readBack(store, actor, postId, yield* wait(store.setReaction(actor.memberId, postId, kind)));
  if (written.change === 'missing') throw fail.postNotFound();
  if (written.change === 'same') throw fail.badRequest(kind === 'like' ? SERVER_ERRORS.alreadyLiked : SERVER_ERRORS.alreadyDisliked);
  const post = written.post ?? (yield* postOr404(store, postId, actor.memberId));
  const notified = defersNotices(store) ? [] : yield* deliverNotice(store.notifications, notice);
  return { result: postV2(post), events: [countsEvent(post), viewerEvent(actor.memberId, post), ...notified] };
}

/** A step-by-step store's write, with its post read back when it changed. */
export function* readBack(store: PostStore, actor: Actor, postId: string, change: Change): Operation<Written> {
  return { change, post: change === 'changed' ? yield* postOr404(store, postId, actor.memberId) : null };
}

/**
 * Saves the post to the member's bookmarks (`bookmarked`), or takes it out; either twice is
 * refused. A post whose author blocked the member is 404, as everywhere it is addressed.
 */
export function* bookmark(store: PostStore, actor: Actor, postId: string, bookmarked: boolean): Operation<Outcome<PostV2>> {
  const facts = yield* writeFactsOf(store, actor, postId, false);
  if (facts.author === null || facts.block === 'blocked-by') throw fail.postNotFound();
  const written: Written = store.applyBookmark
    ? yield* wait(store.applyBookmark(actor.memberId, postId, bookmarked))
    : yield* readBack(store, actor, postId, yield* wait(store.setBookmark(actor.memberId, postId, bookmarked)));
  if (written.change === 'missing') throw fail.postNotFound();
  if (written.change === 'same') throw fail.badRequest(bookmarked ? SERVER_ERRORS.alreadyBookmarked : SERVER_ERRORS.notBookmarked);
  const post = written.post ?? (yield* postOr404(store, postId, actor.memberId));
  return { result: postV2(post), events: [viewerEvent(actor.memberId, post)] };
}
