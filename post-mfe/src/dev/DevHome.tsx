import React from 'react';
import type { PostDraftV2 } from '@social/mock-api/contract-v2';
import { usePostMutations } from '@social/shell/actions';
import { useFeed } from '@social/shell/data';
import { Spinner } from '@social/shell/ui';
import PostCard from '../card/PostCard';
import PostComposer from '../composer/PostComposer';
import './dev.css';

/** How many cards the dev page lists. */
const SHOWN = 5;

/** Dev page only: a composer that creates posts and the newest few posts as cards. */
export function DevHome() {
  const feed = useFeed('explore', 'latest');
  const mutations = usePostMutations();
  const create = (draft: PostDraftV2): Promise<boolean> => mutations.create(draft);

  return (
    <div className="post-dev">
      <h1 className="post-dev__title">Post cards</h1>
      <section className="card" aria-label="Create post">
        <PostComposer onSubmit={create} />
      </section>
      {feed.isPending ? (
        <Spinner size="page" />
      ) : (
        <div className="post-dev__list">
          {feed.items.slice(0, SHOWN).map((post) => (
            <PostCard key={post._id} post={post} />
          ))}
        </div>
      )}
    </div>
  );
}
