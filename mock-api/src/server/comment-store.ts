/**
 * The comment operations' store (../core/comments.ts, CommentStore) on the fake backend's
 * records: a comment lives in its post's record, so every change goes through findPost
 * (./store.ts) and the write stores that post.
 */
import type { CommentRef, CommentRow, CommentStore } from '../core/comments';
import type { ExistingReply, ReplyEdit } from '../core/reply-edits';
import { builtIndexes, indexOf } from './indexes';
import { MemoryPostStore } from './post-store';
import { findPost, type StoredComment, type StoredPost, type StoredReply } from './store';
import { newId } from '../core/time';

export class MemoryCommentStore extends MemoryPostStore implements CommentStore {
  /** The comment and its post, looked up for a change (the post is the record the write stores). */
  private found(commentId: string): { post: StoredPost; comment: StoredComment } | null {
    const post = indexOf(this.ctx.db).commentPost.get(commentId);
    const comment = post?.comments.find((c) => c._id === commentId);
    return post && comment ? { post: findPost(this.ctx.db, post._id) ?? post, comment } : null;
  }

  commentRef(commentId: string, postId?: string): CommentRef | null {
    const found = this.found(commentId);
    if (!found || (postId !== undefined && found.post._id !== postId)) return null;
    const { post, comment } = found;
    return { id: comment._id, postId: post._id, authorId: comment.userId, postAuthorId: post.userId, content: comment.content };
  }

  repliesOf(commentId: string): ExistingReply[] {
    return (this.found(commentId)?.comment.replies ?? []).map((r) => ({ id: r._id, authorId: r.userId, content: r.content }));
  }

  insertComment(postId: string, authorId: string, content: string, now: string): string {
    const post = findPost(this.ctx.db, postId);
    const comment: StoredComment = { _id: newId(), userId: authorId, content, upvotedBy: [], replies: [], createdAt: now, updatedAt: now };
    if (post) {
      post.comments.push(comment);
      // Found by id from now on, within this write too.
      builtIndexes(this.ctx.db)?.syncPost(post);
    }
    return comment._id;
  }

  setCommentText(commentId: string, content: string, now: string): void {
    const found = this.found(commentId);
    if (found) Object.assign(found.comment, { content, updatedAt: now, edited: true });
  }

  deleteComment(commentId: string): void {
    const found = this.found(commentId);
    if (!found) return;
    found.post.comments = found.post.comments.filter((c) => c !== found.comment);
    builtIndexes(this.ctx.db)?.syncPost(found.post);
  }

  toggleUpvote(commentId: string, memberId: string): boolean {
    const comment = this.found(commentId)?.comment;
    if (!comment) return false;
    const upvoted = !comment.upvotedBy.includes(memberId);
    comment.upvotedBy = upvoted ? [...comment.upvotedBy, memberId] : comment.upvotedBy.filter((id) => id !== memberId);
    return upvoted;
  }

  insertReply(commentId: string, authorId: string, content: string, now: string): string {
    const id = newId();
    this.found(commentId)?.comment.replies.push({ _id: id, userId: authorId, content, createdAt: now });
    return id;
  }

  setReplyText(commentId: string, replyId: string, content: string, now: string): void {
    const reply = this.found(commentId)?.comment.replies.find((r) => r._id === replyId);
    if (reply) Object.assign(reply, { content, updatedAt: now, edited: true });
  }

  deleteReply(commentId: string, replyId: string): void {
    const comment = this.found(commentId)?.comment;
    if (comment) comment.replies = comment.replies.filter((r) => r._id !== replyId);
  }

  replaceReplies(commentId: string, plan: ReplyEdit[], authorId: string, now: string): void {
    const comment = this.found(commentId)?.comment;
    if (!comment) return;
    const old = comment.replies;
    comment.replies = plan.map((item): StoredReply => {
      if ('added' in item) return { _id: item.added._id, userId: authorId, content: item.added.content, createdAt: now };
      const before = old[item.kept]!;
      return before.content === item.content ? before : { ...before, content: item.content, updatedAt: now, edited: true };
    });
  }

  readComment(commentId: string, viewerId: string | null): CommentRow | null {
    const post = indexOf(this.ctx.db).commentPost.get(commentId);
    const comment = post?.comments.find((c) => c._id === commentId);
    if (!post || !comment) return null;
    const viewer = viewerId === null ? null : (indexOf(this.ctx.db).usersById.get(viewerId) ?? null);
    return this.v2.commentRow(post, comment, viewer);
  }
}
