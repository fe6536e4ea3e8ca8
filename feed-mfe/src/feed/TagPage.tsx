import React from 'react';
import { V2_ERRORS } from '@social/mock-api/contract-v2';
import { normaliseTag } from '@social/mock-api/text';
import { errorMessage, useAuth } from '@social/shell/bus';
import { useTagPosts } from '@social/shell/data';
import { useRemoteRouteParams } from '@social/shell/federation';
import { Spinner } from '@social/shell/ui';
import { LoadError, MorePosts, useErrorToast } from './MorePosts';
import { PostList } from './PostList';
import { FollowTagButton } from '../tags/FollowTagButton';
import '../tags/tags.css';
import './feed.css';

/**
 * `/tag/{tag}`: the posts whose text has the tag, newest first, page by page with the feed's
 * infinite scroll. The tag in the address is matched as the server matches it (any case, any
 * Unicode form): `/tag/Orbit` is the page of #orbit. The member follows the tag from here: its
 * posts then join their home feed.
 */
export default function TagPage() {
  const auth = useAuth();
  const { tag: written } = useRemoteRouteParams('feed/TagPage');
  const tag = normaliseTag(written);
  const posts = useTagPosts(tag ?? '');
  useErrorToast(posts.error);

  if (!auth) return null; // The shell's guard sends signed-out visitors to /login.

  if (tag === null) {
    return (
      <div className="feed-page">
        <h1 className="feed-page__title">#{written}</h1>
        <p className="feed-empty">{V2_ERRORS.badTag}</p>
      </div>
    );
  }

  let body: React.ReactNode;
  if (posts.isPending)
    body = posts.error ? <LoadError message={errorMessage(posts.error)} onRetry={posts.retry} /> : <Spinner size="page" />;
  else if (posts.items.length === 0 && !posts.hasNextPage)
    body = posts.error ? (
      <LoadError message={errorMessage(posts.error)} onRetry={posts.retry} />
    ) : (
      <p className="feed-empty">No posts with #{tag} yet</p>
    );
  else body = <PostList posts={posts.items} label={`Posts with #${tag}`} />;

  return (
    <div className="feed-page">
      <div className="tag-page__head">
        <h1 className="feed-page__title">#{tag}</h1>
        <FollowTagButton tag={tag} />
      </div>
      {body}
      <MorePosts list={posts} />
    </div>
  );
}
