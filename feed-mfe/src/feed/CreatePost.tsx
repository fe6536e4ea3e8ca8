import React, { useCallback, useMemo } from 'react';
import type { PostDraft } from '@social/mock-api/contract';
import { usePostMutations } from '@social/shell/actions';
import { RemoteComponent } from '@social/shell/federation';

export interface CreatePostProps {
  /** The signed-in member's _id: the new post's author. */
  userId: string;
  /** Called after the post is saved (the page switches to Latest so it shows on top). */
  onCreated?: () => void;
}

/** The Create Post box: the post remote's composer, saving through the API. */
export function CreatePost({ userId, onCreated }: CreatePostProps) {
  const { create } = usePostMutations();
  const onSubmit = useCallback(
    async (draft: PostDraft): Promise<boolean> => {
      // The composer keeps the draft when we answer false.
      const saved = await create(draft, userId);
      if (saved) onCreated?.();
      return saved;
    },
    [create, userId, onCreated],
  );
  // A stable props object: the composer does not re-render when the feed changes.
  const props = useMemo(() => ({ onSubmit }), [onSubmit]);
  return (
    <section className="feed-composer card" aria-label="Create post">
      <RemoteComponent id="post/PostComposer" props={props} />
    </section>
  );
}
