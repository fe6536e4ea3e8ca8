/**
 * Member actions written once (`@social/shell/actions`): each hook owns the API call (v2), the
 * query cache update (`@social/shell/data`), the optimistic state and the toasts; remotes
 * compose them. Stateless over the shared cache and bus, so each app may bundle its own copy.
 */
export { useDesiredState, type DesiredState, type DesiredStateOptions, type ToggleValue } from './use-desired-state';
export { useReaction, type Reaction, type ReactionChoice } from './reactions';
export { useBookmark } from './bookmarks';
export { useRepost } from './reposts';
export { useFollow } from './follow';
export { useCommentUpvote, useCommentMutations } from './comments';
export { usePostMutations } from './posts';
