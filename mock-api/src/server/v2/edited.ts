/**
 * "(edited)": marked by the edit itself, never by comparing times (timestamps stop at seconds,
 * so an edit within the second a comment was written looked unedited). An edit that changes a
 * comment's or a reply's text sets `edited` on the stored record; the v2 answers carry it.
 * Records stored before the mark existed count as edited when their times say so: a comment
 * whose updatedAt moved, a reply that has an updatedAt (only an edit set one).
 */
import type { CommentV2 } from '../../contract-v2';
import type { StoredComment, StoredReply } from '../store';

type Marked<T> = T & { edited?: true };

/** Marks a comment or reply whose text an edit changed. */
export function markEdited(record: StoredComment | StoredReply): void {
  (record as Marked<typeof record>).edited = true;
}

const commentEdited = (c: Marked<StoredComment>) => c.edited === true || c.updatedAt !== c.createdAt;
const replyEdited = (r: Marked<StoredReply>) => r.edited === true || r.updatedAt !== undefined;

/** A rendered comment with the edit marks of the comment and of each reply. */
export function withEditMarks(answer: CommentV2, comment: StoredComment): CommentV2 {
  const replies = new Map(comment.replies.map((r) => [r._id, r]));
  return {
    ...answer,
    edited: commentEdited(comment),
    replies: answer.replies.map((reply) => {
      const stored = replies.get(reply._id);
      return { ...reply, edited: !!stored && replyEdited(stored) };
    }),
  };
}
