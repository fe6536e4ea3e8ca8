/**
 * Writing the change log (docs/live.md): the events an operation of the core returns, written in
 * the write's own transaction by one call of `log_events` (./schema.ts), which also takes the
 * transaction's id before the rows' seqs (the hub's gap wait finds running writers by their ids)
 * and notifies every listening instance when, and only if, the transaction commits.
 */
import { recipientOf } from '@social/mock-api/contract-live';
import type { DomainEvent, Operation, Outcome } from '@social/mock-api/core';
import { runAsync } from '@social/mock-api/core';
import { sql, type Transaction } from '../db';

/** A change log row's columns: what the streams' filters and an account deletion look up. */
interface LoggedEvent {
  kind: DomainEvent['kind'];
  /** The entity the event is about (a post, comment or member id; empty for a reset). */
  entityId: string;
  /** The post it belongs to (a post's or comment's events): a stream of that post's comments takes it. */
  postId: string | null;
  /** Who it is by: a new post's author (home feeds), a follow's follower, a changed member. */
  memberId: string | null;
  /** The one member a private event is for (contract-live.ts, PRIVATE_LIVE_KINDS). */
  recipientId: string | null;
  data: DomainEvent['data'];
}

function loggedOf(event: DomainEvent): LoggedEvent {
  const row = { kind: event.kind, data: event.data, recipientId: recipientOf(event) };
  switch (event.kind) {
    case 'post.created':
    case 'post.edited':
      return { ...row, entityId: event.data.post._id, postId: event.data.post._id, memberId: event.data.post.author._id };
    case 'post.deleted':
    case 'post.counts':
      return { ...row, entityId: event.data.postId, postId: event.data.postId, memberId: null };
    case 'comment.added':
    case 'comment.edited':
      return { ...row, entityId: event.data.comment._id, postId: event.data.comment.postId, memberId: event.data.comment.user._id };
    case 'comment.deleted':
      return { ...row, entityId: event.data.commentId, postId: event.data.postId, memberId: null };
    case 'member.changed':
      return { ...row, entityId: event.data.member._id, postId: null, memberId: event.data.member._id };
    case 'follow.changed':
      return { ...row, entityId: event.data.followeeId, postId: null, memberId: event.data.followerId };
    case 'viewer.post':
      return { ...row, entityId: event.data.postId, postId: event.data.postId, memberId: event.data.memberId };
    case 'viewer.comment':
      return { ...row, entityId: event.data.commentId, postId: event.data.postId, memberId: event.data.memberId };
    case 'viewer.relationship':
      return { ...row, entityId: event.data.otherId, postId: null, memberId: event.data.memberId };
    case 'notification.changed':
      return { ...row, entityId: event.data.notification._id, postId: null, memberId: event.data.memberId };
    case 'notification.removed':
      return { ...row, entityId: event.data.notificationId, postId: null, memberId: event.data.memberId };
    case 'notification.read':
      return { ...row, entityId: event.data.memberId, postId: null, memberId: event.data.memberId };
    case 'reset':
      return { ...row, entityId: '', postId: null, memberId: null };
  }
}

/** Writes the events to the change log, in order; `ex` must be the write's transaction. */
export async function logEvents(ex: Transaction, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await sql`select log_events(${JSON.stringify(events.map(loggedOf))}::jsonb)`.execute(ex);
}

/** Runs a writing operation of the core inside `ex` (a transaction) and logs the events it returns there. */
export async function perform<T>(ex: Transaction, operation: Operation<Outcome<T>>): Promise<Outcome<T>> {
  const outcome = await runAsync(operation);
  await logEvents(ex, outcome.events);
  return outcome;
}
