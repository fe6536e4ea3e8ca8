/**
 * Posts known to be deleted (a live `post.deleted`, or a 404 on an action): they leave every
 * list, an open post page says so, and an action on one gets a clear message, never the
 * server's raw "does not exist. Not Found error".
 */
import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { SERVER_ERRORS } from '@social/mock-api/contract';
import type { PostsPageV2 } from '@social/mock-api/contract-v2';
import { ApiError, errorMessage } from '@social/shell/bus';
import { queryClient as defaultClient, queryKeys } from '../client';
import { removePostFrom } from '../cache';
import { updateNewPost } from './new-posts';

/** What an action on a deleted post says. */
export const DELETED_POST_MESSAGE = 'This post was deleted, so it is no longer available.';
/** The short notice when a post on screen was deleted elsewhere. */
export const POST_DELETED_NOTICE = 'A post was deleted by its author.';

let deleted: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isPostDeleted(postId: string): boolean {
  return deleted.has(postId);
}

/** True once `postId` is known to be deleted (the post page shows its notice). */
export function usePostDeleted(postId: string): boolean {
  return useSyncExternalStore(subscribe, () => deleted.has(postId));
}

/** Forgets every deleted post (sign-out). */
export function forgetDeletedPosts(): void {
  if (deleted.size === 0) return;
  deleted = new Set();
  for (const listener of listeners) listener();
}

/**
 * `postId` is gone: out of every post list and of the waiting new posts, its comments dropped.
 * Its entry stays while a page observes it (the post page then shows "deleted"); otherwise it
 * is dropped too. Answers whether it was on screen somewhere (in a list or an entry).
 */
export function markPostDeleted(postId: string, client: QueryClient = defaultClient): boolean {
  let shown = false;
  for (const [key, data] of client.getQueriesData<{ pages: PostsPageV2[] }>({ queryKey: queryKeys.postLists })) {
    if (data?.pages.some((page) => page.posts.some((p) => p._id === postId))) {
      shown = true;
      removePostFrom(postId, key, client);
    }
  }
  updateNewPost(postId, () => null);
  const entry = client.getQueryCache().find({ queryKey: queryKeys.post(postId), exact: true });
  if (entry?.getObserversCount()) shown = true;
  else client.removeQueries({ queryKey: queryKeys.post(postId), exact: true });
  client.removeQueries({ queryKey: queryKeys.comments(postId), exact: true });
  if (!deleted.has(postId)) {
    deleted = new Set(deleted).add(postId);
    for (const listener of listeners) listener();
  }
  return shown;
}

/**
 * The message for an action's failure on post `postId`: a post that no longer exists is
 * marked deleted (it leaves the lists) and gets DELETED_POST_MESSAGE; anything else the usual
 * message.
 */
export function postActionError(error: unknown, postId: string | undefined, client: QueryClient = defaultClient): string {
  if (postId && error instanceof ApiError && error.status === 404 && error.errors.includes(SERVER_ERRORS.postNotFound)) {
    markPostDeleted(postId, client);
    return DELETED_POST_MESSAGE;
  }
  return errorMessage(error);
}
