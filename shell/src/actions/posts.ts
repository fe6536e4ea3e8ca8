import { useMemo } from 'react';
import { CLIENT_MESSAGES, type PostDraft } from '@social/mock-api/contract';
import { api, errorMessage, setPosts, toast } from '@social/shell/bus';

/**
 * Create, edit and delete posts. Each answer replaces the shared posts list and shows the
 * product's success toast; a refusal shows the server's message. Each returns whether it was
 * saved, so a composer keeps its draft when it was not.
 */
export function usePostMutations() {
  return useMemo(() => {
    const run = async (call: () => ReturnType<typeof api.posts.all>, success: string): Promise<boolean> => {
      try {
        const { posts } = await call();
        setPosts(posts);
        toast('success', success);
        return true;
      } catch (error) {
        toast('error', errorMessage(error));
        return false;
      }
    };
    return {
      create: (draft: PostDraft, userId: string) =>
        run(() => api.posts.create({ content: draft.content, pic: draft.pic, userId }), CLIENT_MESSAGES.postCreated),
      edit: (postId: string, draft: PostDraft) => run(() => api.posts.edit(postId, draft), CLIENT_MESSAGES.postUpdated),
      remove: (postId: string) => run(() => api.posts.remove(postId), CLIENT_MESSAGES.postDeleted),
    };
  }, []);
}
