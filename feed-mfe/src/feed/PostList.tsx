import React, { memo, useMemo } from 'react';
import type { PostV2 } from '@social/mock-api/contract-v2';
import { RemoteComponent } from '@social/shell/federation';
import { RepostLine } from './RepostLine';

/** One card, with who reposted it when that is why the feed holds it. Memoised on the post object, so a like re-renders only the card it changed. */
const FeedItem = memo(function FeedItem({ post }: { post: PostV2 }) {
  const props = useMemo(() => ({ post }), [post]);
  return (
    <li className="feed-list__item">
      {post.repostedBy && <RepostLine reason={post.repostedBy} />}
      <RemoteComponent id="post/PostCard" props={props} compact />
    </li>
  );
});

/** The feed: a list of post cards (each an <article> from the post remote). */
export function PostList({ posts, label }: { posts: readonly PostV2[]; label: string }) {
  return (
    <ul className="feed-list" aria-label={label}>
      {posts.map((post) => (
        <FeedItem key={post._id} post={post} />
      ))}
    </ul>
  );
}
