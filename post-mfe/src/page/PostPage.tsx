import React, { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CLIENT_MESSAGES, type Post } from '@social/mock-api/contract';
import { ApiError, api, errorMessage, posts$, refreshPosts, toast, useAuth, usePosts } from '@social/shell/bus';
import { useRemoteRouteParams } from '@social/shell/federation';
import { pathTo } from '@social/shell/routes';
import { useAbortableEffect, useCommentMutations } from '@social/shell/actions';
import { Spinner } from '@social/shell/ui';
import PostCard from '../card/PostCard';
import { COMMENT_MAX_LENGTH, CommentItem } from '../comments/CommentItem';
import '../comments/comments.css';
import './page.css';

/** The answer for one post id (kept with the id, so a new id never shows the old one's outcome). */
type Lookup =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'found'; postId: string; post: Post }
  | { state: 'missing'; postId: string }
  | { state: 'error'; postId: string; message: string };

/** The comment box under the post. */
function CommentForm({ postId }: { postId: string }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const { add } = useCommentMutations(postId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content) {
      toast('info', CLIENT_MESSAGES.emptyComment);
      return;
    }
    setSending(true);
    // The text stays in the box when it was not saved, so nothing is lost.
    if (await add(content)) setText('');
    setSending(false);
  };

  return (
    <form className="post-page__comment-form" onSubmit={(event) => void submit(event)}>
      <textarea
        className="textarea post-page__comment-input"
        aria-label="Write a comment"
        placeholder="Write a comment"
        rows={2}
        maxLength={COMMENT_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="btn btn--primary" disabled={sending}>
        Post
      </button>
    </form>
  );
}

/**
 * /post/:postId: the post, its comments and a comment box. It follows the shared posts list,
 * so a change made anywhere shows here; a post the list lacks is fetched on its own.
 */
export default function PostPage() {
  const { postId } = useRemoteRouteParams('post/PostPage');
  const { allPosts } = usePosts();
  const me = useAuth()?.user ?? null;
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);

  const listed = allPosts.find((p) => p._id === postId);

  // Nobody loaded the shared list yet (the page was opened directly): load it.
  useEffect(() => {
    if (posts$.value.allPosts.length === 0) refreshPosts().catch(() => undefined);
  }, []);

  // Not in the list (a partial list, or not loaded yet): ask for this one post. Runs again when
  // the list changes while the post is still missing from it, so a deletion elsewhere shows.
  const missingFrom = listed ? null : allPosts;
  useAbortableEffect(
    (signal) => {
      if (!missingFrom || !postId) return;
      setLookup((current) => (current.state === 'found' && current.postId === postId ? current : { state: 'loading' }));
      api.posts
        .byId(postId)
        .then(({ post }) => {
          if (!signal.aborted) setLookup({ state: 'found', postId, post });
        })
        .catch((error: unknown) => {
          if (signal.aborted) return;
          if (error instanceof ApiError && error.status === 404) setLookup({ state: 'missing', postId });
          else setLookup({ state: 'error', postId, message: errorMessage(error) });
        });
    },
    [postId, missingFrom, attempt],
  );

  const settled = lookup.state !== 'idle' && lookup.state !== 'loading' && lookup.postId === postId ? lookup : null;
  const post = listed ?? (settled?.state === 'found' ? settled.post : null);

  if (!post) {
    if (settled?.state === 'missing') {
      return (
        <section className="card post-page__notice">
          <h1 className="post-page__notice-title">Post not found</h1>
          <p>This post doesn&apos;t exist or was deleted</p>
          <Link to={pathTo('home')} className="btn btn--primary">
            Go to the home feed
          </Link>
        </section>
      );
    }
    if (settled?.state === 'error') {
      return (
        <section className="card post-page__notice" role="alert">
          <h1 className="post-page__notice-title">This post could not be loaded</h1>
          <p>{settled.message}</p>
          <button type="button" className="btn btn--primary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </section>
      );
    }
    return <Spinner size="page" />;
  }

  const count = post.comments.length;
  return (
    <div className="post-page">
      <h1 className="visually-hidden">Post</h1>
      <PostCard post={post} />
      <section className="card post-page__comments" aria-labelledby="post-page-comments-title">
        <h2 id="post-page-comments-title" className="post-page__comments-title">
          {count === 1 ? '1 comment' : `${count} comments`}
        </h2>
        <CommentForm postId={post._id} />
        {count === 0 ? (
          <p className="muted">No comments yet. Be the first to say something.</p>
        ) : (
          <ul className="post-page__comment-list">
            {post.comments.map((comment) => (
              <CommentItem key={comment._id} comment={comment} post={post} me={me} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
