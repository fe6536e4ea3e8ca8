import React, { useEffect } from 'react';
import type { PostDraft } from '@social/mock-api/contract';
import { auth$, errorMessage, refreshPosts, toast, usePosts } from '@social/shell/bus';
import { usePostMutations } from '@social/shell/actions';
import { Spinner } from '@social/shell/ui';
import PostCard from '../card/PostCard';
import PostComposer from '../composer/PostComposer';
import './dev.css';

/** How many cards the dev page lists. */
const SHOWN = 5;

/** Dev page only: a composer that creates posts and the newest few posts as cards. */
export function DevHome() {
  const { allPosts, isLoading } = usePosts();

  useEffect(() => {
    refreshPosts().catch((error: unknown) => toast('error', errorMessage(error)));
  }, []);

  const mutations = usePostMutations();
  const create = async (draft: PostDraft): Promise<boolean> => {
    const me = auth$.value?.user;
    return me ? mutations.create(draft, me._id) : false;
  };

  const newest = [...allPosts].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, SHOWN);
  return (
    <div className="post-dev">
      <h1 className="post-dev__title">Post cards</h1>
      <section className="card" aria-label="Create post">
        <PostComposer onSubmit={create} />
      </section>
      {isLoading ? (
        <Spinner size="page" />
      ) : (
        <div className="post-dev__list">
          {newest.map((post) => (
            <PostCard key={post._id} post={post} />
          ))}
        </div>
      )}
    </div>
  );
}
