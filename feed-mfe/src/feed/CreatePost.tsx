import React, { useCallback, useMemo } from 'react';
import { CLIENT_MESSAGES, type PostDraft } from '@social/mock-api/contract';
import { api, errorMessage, setPosts, toast } from '@social/shell/bus';
import { RemoteComponent } from '@social/shell/federation';

export interface CreatePostProps {
  /** The signed-in member's _id: the new post's author. */
  userId: string;
  /** Called after the post is saved (the page switches to Latest so it shows on top). */
  onCreated?: () => void;
}

/** The Create Post box: the post remote's composer, saving through the API. */
export function CreatePost({ userId, onCreated }: CreatePostProps) {
  const onSubmit = useCallback(
    async (draft: PostDraft): Promise<boolean> => {
      try {
        const answer = await api.posts.create({ content: draft.content, pic: draft.pic, userId });
        setPosts(answer.posts);
        toast('success', CLIENT_MESSAGES.postCreated);
        onCreated?.();
        return true;
      } catch (error) {
        // The composer keeps the draft when we answer false.
        toast('error', errorMessage(error));
        return false;
      }
    },
    [userId, onCreated],
  );
  // A stable props object: the composer does not re-render when the feed changes.
  const props = useMemo(() => ({ onSubmit }), [onSubmit]);
  return (
    <section className="feed-composer card" aria-label="Create post">
      <RemoteComponent id="post/PostComposer" props={props} />
    </section>
  );
}
