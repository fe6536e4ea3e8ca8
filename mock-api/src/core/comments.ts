/**
 * Comments and replies: add, edit (author), delete (comment or post author), the upvote toggle,
 * replies (v2's own calls, and v1's edit of a comment with its replies list), and the comment
 * answer (v2's CommentV2, written once here from each store's row). v1 and v2 routes of both
 * backends call these.
 */
import { SERVER_ERRORS, TEXT_LIMITS } from '../contract';
import type { LiveComment } from '../contract-live';
import { V2_ERRORS, type AuthorV2, type CommentV2, type ReplyV2 } from '../contract-v2';
import { fail, HttpError } from './errors';
import { objectField, requiredText, type JsonObject } from './validate';
import { hiddenSetOf, refuseIfBlocked, refuseIfHiddenBy, shownTo } from './blocks';
import type { DomainEvent, Outcome } from './events';
import { forgetNotificationsOf, notify, storeMentions, unnotify, type MentionSource } from './notifications';
import { wait, type Actor, type Operation, type Step } from './operation';
import type { PostRow, PostStore } from './posts';
import { countsEvent, postV2 } from './posts';
import { assertRoomForReply, parseSentReplies, repliesAfterEdit, type ExistingReply, type ReplyEdit } from './reply-edits';
import type { PostV2 } from '../contract-v2';

/** A comment's place and authors, for the rules. */
export interface CommentRef {
  id: string;
  postId: string;
  authorId: string;
  postAuthorId: string;
  content: string;
}

export interface ReplyRow {
  id: string;
  author: AuthorV2;
  content: string;
  createdAt: string;
  updatedAt: string;
  edited: boolean;
  /** Handles of the members its text mentions. */
  mentions: string[];
}

/** A comment as the store reads it; `viewerUpvoted` is null without a viewer. */
export interface CommentRow {
  id: string;
  postId: string;
  author: AuthorV2;
  content: string;
  upvoteCount: number;
  viewerUpvoted: boolean | null;
  replies: ReplyRow[];
  createdAt: string;
  updatedAt: string;
  edited: boolean;
  /** Handles of the members its text mentions. */
  mentions: string[];
}

export interface CommentStore extends Pick<PostStore, 'postAuthor' | 'readPost' | 'blockBetween' | 'hiddenFrom' | 'notifications'> {
  /** The comment, or null when there is none (on that post, when `postId` is given). */
  commentRef(commentId: string, postId?: string): Step<CommentRef | null>;
  /** The comment's replies in order, for the rules; the store holds them until the write ends (no two edits past the cap). */
  repliesOf(commentId: string): Step<ExistingReply[]>;
  insertComment(postId: string, authorId: string, content: string, now: string): Step<string>;
  /** Changes the text and marks the comment edited (only called when the text changes). */
  setCommentText(commentId: string, content: string, now: string): Step<void>;
  deleteComment(commentId: string): Step<void>;
  /** Adds the member's upvote, or takes it back; answers whether they upvote it now. */
  toggleUpvote(commentId: string, memberId: string): Step<boolean>;
  /** Adds the reply; answers its id. */
  insertReply(commentId: string, authorId: string, content: string, now: string): Step<string>;
  /** Changes a reply's text and marks it edited (only called when the text changes). */
  setReplyText(commentId: string, replyId: string, content: string, now: string): Step<void>;
  deleteReply(commentId: string, replyId: string): Step<void>;
  /** The replies become `plan` (../core/reply-edits.ts): earlier ones by index, with their text; new ones by `authorId`. */
  replaceReplies(commentId: string, plan: ReplyEdit[], authorId: string, now: string): Step<void>;
  readComment(commentId: string, viewerId: string | null): Step<CommentRow | null>;
}

// ---- Answers ----

/** The v2 comment: `viewerUpvoted` when there is a viewer; every reply, oldest first. */
export function commentV2(row: CommentRow): CommentV2 {
  const comment: CommentV2 = {
    _id: row.id,
    postId: row.postId,
    content: row.content,
    user: { ...row.author },
    upvoteCount: row.upvoteCount,
    replies: row.replies.map((reply) => {
      const answer: ReplyV2 = {
        _id: reply.id,
        commentId: row.id,
        user: { ...reply.author },
        content: reply.content,
        createdAt: reply.createdAt,
        updatedAt: reply.updatedAt,
        edited: reply.edited,
      };
      if (reply.mentions.length > 0) answer.mentions = [...reply.mentions];
      return answer;
    }),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    edited: row.edited,
  };
  if (row.viewerUpvoted !== null) comment.viewerUpvoted = row.viewerUpvoted;
  if (row.mentions.length > 0) comment.mentions = [...row.mentions];
  return comment;
}

/** The comment as events carry it, to everyone. */
export const liveComment = (row: CommentRow): LiveComment => commentV2({ ...row, viewerUpvoted: null });

/** A comment's or reply's text from a request body (`commentData` or `replyData`). */
export const commentText = (body: JsonObject, field: 'commentData' | 'replyData'): string =>
  requiredText(objectField(body, field).content, 'content', { max: TEXT_LIMITS.comment });

function* commentOr404(store: CommentStore, commentId: string, postId?: string): Operation<CommentRef> {
  const comment = yield* wait(store.commentRef(commentId, postId));
  if (!comment) throw fail.commentNotFound();
  return comment;
}

function* readCommentOr404(store: CommentStore, commentId: string, viewerId: string | null): Operation<CommentRow> {
  const row = yield* wait(store.readComment(commentId, viewerId));
  if (!row) throw fail.commentNotFound();
  return row;
}

function* postRow(store: CommentStore, postId: string, viewerId: string | null): Operation<PostRow> {
  const post = yield* wait(store.readPost(postId, viewerId));
  if (!post) throw fail.postNotFound();
  return post;
}

/**
 * The comment as it is now, as the caller may see it (the replies of members their lists hide
 * left out: ./blocks.ts, hiddenSetOf), and its `comment.edited` event (every reply: each stream
 * applies its own member's rule).
 */
function* edited(store: CommentStore, actor: Actor, commentId: string): Operation<Outcome<CommentV2>> {
  const row = yield* readCommentOr404(store, commentId, actor.memberId);
  const hidden = yield* hiddenSetOf(store, actor.memberId, actor.now);
  const seen = { ...row, replies: shownTo(row.replies, (reply) => reply.author._id, hidden) };
  return { result: commentV2(seen), events: [{ kind: 'comment.edited', data: { comment: liveComment(row) } }] };
}

/** 404 commentNotFound when the post's or the comment's author blocked the caller (./blocks.ts, refuseIfHiddenBy). */
const refuseIfCommentHidden = (store: CommentStore, actor: Actor, authors: readonly string[]) =>
  refuseIfHiddenBy(store, actor.memberId, authors, fail.commentNotFound);

const commentSource = (postId: string, commentId: string, replyId: string | null = null): MentionSource => ({ postId, commentId, replyId });

// ---- Operations ----

export function* readComment(store: CommentStore, commentId: string, viewerId: string | null): Operation<CommentV2> {
  return commentV2(yield* readCommentOr404(store, commentId, viewerId));
}

/** Anyone signed in comments on a post, unless a block stands between them and its author. */
export function* addComment(
  store: CommentStore,
  actor: Actor,
  postId: string,
  textOf: () => string,
): Operation<Outcome<{ comment: CommentV2; post: PostV2 }>> {
  const postAuthor = yield* wait(store.postAuthor(postId));
  if (postAuthor === null) throw fail.postNotFound();
  yield* refuseIfBlocked(store, actor.memberId, [postAuthor]);
  const content = textOf();
  const commentId = yield* wait(store.insertComment(postId, actor.memberId, content, actor.now));
  const source = commentSource(postId, commentId);
  const notified = yield* notify(store.notifications, actor, postAuthor, 'comment', source);
  const mentions = yield* storeMentions(store.notifications, actor, source, content, true, postAuthor);
  const row = yield* readCommentOr404(store, commentId, actor.memberId);
  const post = yield* postRow(store, postId, actor.memberId);
  return {
    result: { comment: commentV2(row), post: postV2(post) },
    events: [{ kind: 'comment.added', data: { comment: liveComment(row) } }, countsEvent(post), ...notified, ...mentions],
  };
}

/** The author changes the text; only a changed text marks the comment edited. */
export function* editComment(store: CommentStore, actor: Actor, commentId: string, textOf: () => string): Operation<Outcome<CommentV2>> {
  const comment = yield* commentOr404(store, commentId);
  const content = textOf();
  if (comment.authorId !== actor.memberId) throw fail.forbidden(SERVER_ERRORS.commentEditNotOwner);
  yield* refuseIfCommentHidden(store, actor, [comment.postAuthorId]);
  if (content === comment.content) return yield* edited(store, actor, commentId);
  yield* wait(store.setCommentText(commentId, content, actor.now));
  const mentions = yield* storeMentions(
    store.notifications,
    actor,
    commentSource(comment.postId, commentId),
    content,
    false,
    comment.postAuthorId,
  );
  return withEvents(yield* edited(store, actor, commentId), mentions);
}

/** The outcome with more events after its own. */
function withEvents<T>(outcome: Outcome<T>, events: DomainEvent[]): Outcome<T> {
  outcome.events.push(...events);
  return outcome;
}

/**
 * v1's comment edit (SPEC §7: replies are added by editing the parent comment with an extended
 * replies list): the author may change the text; the replies follow ./reply-edits.ts (nobody
 * changes or removes another member's reply; anyone else may only add their own).
 */
export function* editCommentWithReplies(
  store: CommentStore,
  actor: Actor,
  postId: string,
  commentId: string,
  body: JsonObject,
): Operation<Outcome<null>> {
  if ((yield* wait(store.postAuthor(postId))) === null) throw fail.postNotFound();
  const comment = yield* commentOr404(store, commentId, postId);
  const commentData = objectField(body, 'commentData');
  const content = requiredText(commentData.content, 'content', { max: TEXT_LIMITS.comment });
  const sent = commentData.replies === undefined ? undefined : parseSentReplies(commentData.replies);
  const isAuthor = comment.authorId === actor.memberId;
  if (!isAuthor && content !== comment.content) throw fail.forbidden(SERVER_ERRORS.commentEditNotOwner);
  const notified: DomainEvent[] = [];
  const before = sent ? yield* wait(store.repliesOf(commentId)) : [];
  const plan = sent ? repliesAfterEdit(before, sent, actor.memberId, isAuthor) : null;
  // A new reply is a reply to the comment's author on its post's author's post.
  if (plan?.some((edit) => 'added' in edit)) yield* refuseIfBlocked(store, actor.memberId, [comment.authorId, comment.postAuthorId]);
  yield* refuseIfCommentHidden(store, actor, [comment.authorId, comment.postAuthorId]);
  if (plan) {
    const kept = new Set(plan.flatMap((item) => ('kept' in item ? [before[item.kept]!.id] : [])));
    // Replies it removed take their notifications with them; the ones it adds notify, like v2's calls.
    for (const reply of before)
      if (!kept.has(reply.id))
        notified.push(...(yield* forgetNotificationsOf(store.notifications, commentSource(postId, commentId, reply.id))));
    yield* wait(store.replaceReplies(commentId, plan, actor.memberId, actor.now));
    for (const item of plan) {
      const replyId = 'added' in item ? item.added._id : before[item.kept]!.id;
      const text = 'added' in item ? item.added.content : item.content;
      const source = commentSource(postId, commentId, replyId);
      if ('added' in item) notified.push(...(yield* notify(store.notifications, actor, comment.authorId, 'reply', source)));
      if ('added' in item || text !== before[item.kept]!.content)
        notified.push(...(yield* storeMentions(store.notifications, actor, source, text, 'added' in item, comment.authorId)));
    }
  }
  if (content !== comment.content) {
    yield* wait(store.setCommentText(commentId, content, actor.now));
    notified.push(
      ...(yield* storeMentions(store.notifications, actor, commentSource(postId, commentId), content, false, comment.postAuthorId)),
    );
  }
  return { result: null, events: [...(yield* edited(store, actor, commentId)).events, ...notified] };
}

/** The comment's author or the post's author deletes it, with its replies. */
export function* deleteComment(
  store: CommentStore,
  actor: Actor,
  commentId: string,
  postId?: string,
): Operation<Outcome<{ commentId: string; post: PostV2 }>> {
  if (postId !== undefined && (yield* wait(store.postAuthor(postId))) === null) throw fail.postNotFound();
  const comment = yield* commentOr404(store, commentId, postId);
  if (comment.authorId !== actor.memberId && comment.postAuthorId !== actor.memberId)
    throw fail.forbidden(SERVER_ERRORS.commentDeleteNotAllowed);
  // The post's author removes any comment of their post (the answer is their post); its author, none under a post whose author blocked them.
  if (comment.postAuthorId !== actor.memberId) yield* refuseIfCommentHidden(store, actor, [comment.postAuthorId]);
  const forgotten = yield* forgetNotificationsOf(store.notifications, commentSource(comment.postId, commentId));
  yield* wait(store.deleteComment(commentId));
  const post = yield* postRow(store, comment.postId, actor.memberId);
  return {
    result: { commentId, post: postV2(post) },
    events: [{ kind: 'comment.deleted', data: { commentId, postId: comment.postId } }, countsEvent(post), ...forgotten],
  };
}

/** A toggle: the first call adds the member's upvote, the next takes it back (refused across a block). */
export function* upvoteComment(store: CommentStore, actor: Actor, commentId: string, postId?: string): Operation<Outcome<CommentV2>> {
  if (postId !== undefined && (yield* wait(store.postAuthor(postId))) === null) throw fail.postNotFound();
  const comment = yield* commentOr404(store, commentId, postId);
  yield* refuseIfBlocked(store, actor.memberId, [comment.authorId, comment.postAuthorId]);
  const upvoted = yield* wait(store.toggleUpvote(commentId, actor.memberId));
  const subject = commentSource(comment.postId, commentId);
  const notified = upvoted
    ? yield* notify(store.notifications, actor, comment.authorId, 'upvote', subject)
    : yield* unnotify(store.notifications, actor.memberId, comment.authorId, 'upvote', subject);
  const outcome = yield* edited(store, actor, commentId);
  outcome.events.push({ kind: 'viewer.comment', data: { memberId: actor.memberId, postId: comment.postId, commentId, upvoted } });
  return withEvents(outcome, notified);
}

/** Anyone signed in replies to a comment, while it has room (LIMITS.maxRepliesPerComment) and no block stands in the way. */
export function* addReply(store: CommentStore, actor: Actor, commentId: string, textOf: () => string): Operation<Outcome<CommentV2>> {
  const comment = yield* commentOr404(store, commentId);
  yield* refuseIfBlocked(store, actor.memberId, [comment.authorId, comment.postAuthorId]);
  const content = textOf();
  assertRoomForReply((yield* wait(store.repliesOf(commentId))).length);
  const replyId = yield* wait(store.insertReply(commentId, actor.memberId, content, actor.now));
  const source = commentSource(comment.postId, commentId, replyId);
  const notified = yield* notify(store.notifications, actor, comment.authorId, 'reply', source);
  const mentions = yield* storeMentions(store.notifications, actor, source, content, true, comment.authorId);
  return withEvents(yield* edited(store, actor, commentId), [...notified, ...mentions]);
}

function* replyOr404(store: CommentStore, commentId: string, replyId: string): Operation<{ comment: CommentRef; reply: ExistingReply }> {
  const comment = yield* commentOr404(store, commentId);
  const reply = (yield* wait(store.repliesOf(commentId))).find((r) => r.id === replyId);
  if (!reply) throw new HttpError(404, V2_ERRORS.replyNotFound);
  return { comment, reply };
}

/** The reply's author changes its text; only a changed text marks it edited. */
export function* editReply(
  store: CommentStore,
  actor: Actor,
  commentId: string,
  replyId: string,
  textOf: () => string,
): Operation<Outcome<CommentV2>> {
  const { comment, reply } = yield* replyOr404(store, commentId, replyId);
  const content = textOf();
  if (reply.authorId !== actor.memberId) throw fail.forbidden(V2_ERRORS.replyEditNotOwner);
  yield* refuseIfCommentHidden(store, actor, [comment.authorId, comment.postAuthorId]);
  if (content === reply.content) return yield* edited(store, actor, commentId);
  yield* wait(store.setReplyText(commentId, replyId, content, actor.now));
  const mentions = yield* storeMentions(
    store.notifications,
    actor,
    commentSource(comment.postId, commentId, replyId),
    content,
    false,
    comment.authorId,
  );
  return withEvents(yield* edited(store, actor, commentId), mentions);
}

/** The reply's author or the post's author deletes it. */
export function* deleteReply(store: CommentStore, actor: Actor, commentId: string, replyId: string): Operation<Outcome<CommentV2>> {
  const { comment, reply } = yield* replyOr404(store, commentId, replyId);
  if (reply.authorId !== actor.memberId && comment.postAuthorId !== actor.memberId) throw fail.forbidden(V2_ERRORS.replyDeleteNotAllowed);
  yield* refuseIfCommentHidden(store, actor, [comment.authorId, comment.postAuthorId]);
  const forgotten = yield* forgetNotificationsOf(store.notifications, commentSource(comment.postId, commentId, replyId));
  yield* wait(store.deleteReply(commentId, replyId));
  return withEvents(yield* edited(store, actor, commentId), forgotten);
}
