/**
 * The replies a v1 comment edit may leave (SPEC: "Replies are added by editing the parent comment
 * with an extended replies list"), one rule for both backends (issue 41, findings 6 and 7):
 * - nobody changes or removes another member's reply: theirs stay, in their order, as written;
 * - the comment's author may change or remove their own replies;
 * - anyone else may only add: every earlier reply stays where and as it was;
 * - an edit adds at most LIMITS.maxRepliesAddedPerEdit reply (the caller's, whatever author the
 *   body names), and a comment holds at most LIMITS.maxRepliesPerComment.
 */
import { LIMITS, SERVER_ERRORS } from '../contract';
import { fail, HttpError } from './errors';
import { INPUT_MESSAGES, isObject, requiredText, TEXT_LIMITS } from './validate';

/** A comment edit's `replies`: a list of `{_id, content}` (a sent `user` is never read), ids unique. */
export function parseSentReplies(value: unknown): { _id: string; content: string }[] {
  if (!Array.isArray(value)) throw fail.badRequest(INPUT_MESSAGES.repliesList);
  const seen = new Set<string>();
  return value.map((item: unknown) => {
    if (!isObject(item) || typeof item._id !== 'string' || !item._id.trim() || item._id.length > 200 || typeof item.content !== 'string') {
      throw fail.badRequest(INPUT_MESSAGES.repliesList);
    }
    if (seen.has(item._id)) throw fail.badRequest(INPUT_MESSAGES.duplicateReply);
    seen.add(item._id);
    return { _id: item._id, content: requiredText(item.content, 'reply content', { max: TEXT_LIMITS.comment }) };
  });
}

/** 409 when a comment holding `count` replies has no room for another (v1 edits and v2's reply calls alike). */
export function assertRoomForReply(count: number): void {
  if (count >= LIMITS.maxRepliesPerComment) throw new HttpError(409, INPUT_MESSAGES.tooManyReplies);
}

export interface ExistingReply {
  id: string;
  authorId: string;
  content: string;
}

/** One reply of the list the edit leaves: an earlier one (by its index in `old`, with its content) or a new one. */
export type ReplyEdit = { kept: number; content: string } | { added: { _id: string; content: string } };

export function repliesAfterEdit(
  old: readonly ExistingReply[],
  sent: readonly { _id: string; content: string }[],
  callerId: string,
  isCommentAuthor: boolean,
): ReplyEdit[] {
  const index = new Map(old.map((reply, i) => [reply.id, i]));
  const next: ReplyEdit[] = sent.map((reply) => {
    const i = index.get(reply._id);
    if (i === undefined) return { added: { _id: reply._id, content: reply.content } };
    if (old[i]!.content !== reply.content && old[i]!.authorId !== callerId) throw fail.forbidden(INPUT_MESSAGES.replyEditNotOwner);
    return { kept: i, content: reply.content };
  });
  const kept = next.flatMap((item) => ('kept' in item ? [item.kept] : []));
  if (isCommentAuthor) {
    // Others' replies: all of them, in their order (own ones may go or move).
    const others = (list: number[]) => list.filter((i) => old[i]!.authorId !== callerId);
    const before = others(old.map((_, i) => i));
    const after = others(kept);
    if (after.length !== before.length || after.some((i, n) => i !== before[n])) throw fail.forbidden(INPUT_MESSAGES.replyRemoveNotOwner);
  } else {
    const appendsOnly = old.every((reply, i) => {
      const item = next[i];
      return item !== undefined && 'kept' in item && item.kept === i && item.content === reply.content;
    });
    if (!appendsOnly) throw fail.forbidden(SERVER_ERRORS.commentEditNotOwner);
  }
  const added = next.length - kept.length;
  if (added > LIMITS.maxRepliesAddedPerEdit) throw fail.badRequest(INPUT_MESSAGES.tooManyNewReplies);
  if (added > 0) assertRoomForReply(next.length - added);
  return next;
}
