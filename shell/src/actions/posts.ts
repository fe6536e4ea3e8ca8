import { useMemo } from 'react';
import { CLIENT_MESSAGES } from '@social/mock-api/contract';
import type { PostDraftV2 } from '@social/mock-api/contract-v2';
import { tagsOf } from '@social/mock-api/text';
import { api, auth$, toast } from '@social/shell/bus';
import { postActionError, prependOwnPost, putPost, queryClient, queryKeys, removePost } from '@social/shell/data';

/** Counts of the author change with a post created or deleted: read them again. */
function refreshAuthor(authorId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.member(authorId) });
  if (auth$.value?.user._id === authorId) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
}

/**
 * Create, edit and delete posts. Each answer is written into the query cache (a new post on
 * top of the Latest feeds, the author's tabs and its tags' pages; an edit into every list showing the post; a
 * deletion out of every list) with the product's success toast; a refusal shows the server's
 * message. Each returns whether it was saved, so a composer keeps its draft when it was not.
 */
export function usePostMutations() {
  return useMemo(() => {
    const run = async (call: () => Promise<void>, success: string, postId?: string): Promise<boolean> => {
      try {
        await call();
        toast('success', success);
        return true;
      } catch (error) {
        toast('error', postActionError(error, postId));
        return false;
      }
    };
    return {
      create: (draft: PostDraftV2) =>
        run(async () => {
          const { post } = await api.v2.posts.create(draft);
          prependOwnPost(post);
          refreshAuthor(post.userId);
        }, CLIENT_MESSAGES.postCreated),
      edit: (postId: string, draft: PostDraftV2) =>
        run(
          async () => {
            const { post } = await api.v2.posts.edit(postId, draft);
            putPost(post);
            // A tag the edit added: its page, if loaded, is read again when shown (the post goes in at its own time).
            for (const tag of tagsOf(post.content)) void queryClient.invalidateQueries({ queryKey: queryKeys.tagPosts(tag), exact: true });
          },
          CLIENT_MESSAGES.postUpdated,
          postId,
        ),
      remove: (postId: string) =>
        run(
          async () => {
            const authorId = queryClient.getQueryData<{ userId: string }>(queryKeys.post(postId))?.userId;
            await api.v2.posts.remove(postId);
            removePost(postId);
            if (authorId) refreshAuthor(authorId);
          },
          CLIENT_MESSAGES.postDeleted,
          postId,
        ),
    };
  }, []);
}
