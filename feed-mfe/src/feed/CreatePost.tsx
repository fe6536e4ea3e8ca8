import React, { useCallback, useMemo } from 'react';
import type { PostDraftV2 } from '@social/mock-api/contract-v2';
import { usePostMutations } from '@social/shell/actions';
import { RemoteComponent } from '@social/shell/federation';

export interface CreatePostProps {
  /** Called after the post is saved (the page switches to Latest so it shows on top). */
  onCreated?: () => void;
}

/** The Create Post box: the post remote's composer, saving through the API. */
export function CreatePost({ onCreated }: CreatePostProps) {
  const { create } = usePostMutations();
  const onSubmit = useCallback(
    async (draft: PostDraftV2): Promise<boolean> => {
      // The composer keeps the draft when we answer false; the author is the token's member.
      const saved = await create(draft);
      if (saved) onCreated?.();
      return saved;
    },
    [create, onCreated],
  );
  // A stable props object: the composer does not re-render when the feed changes.
  const props = useMemo(() => ({ onSubmit }), [onSubmit]);
  return (
    <section className="feed-composer card" aria-label="Create post">
      <RemoteComponent id="post/PostComposer" props={props} />
    </section>
  );
}
