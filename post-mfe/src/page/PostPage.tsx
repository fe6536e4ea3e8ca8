import React, { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CLIENT_MESSAGES } from '@social/mock-api/contract';
import { ApiError, errorMessage, toast, useAuth } from '@social/shell/bus';
import { useComments, useLikers, usePost, usePostDeleted } from '@social/shell/data';
import { useRemoteRouteParams } from '@social/shell/federation';
import { pathTo } from '@social/shell/routes';
import { useCommentMutations } from '@social/shell/actions';
import { Avatar, Modal, Spinner, fullName } from '@social/shell/ui';
import PostCard from '../card/PostCard';
import { COMMENT_MAX_LENGTH, CommentItem } from '../comments/CommentItem';
import { useMentionSuggestions } from '../text/MentionSuggestions';
import '../comments/comments.css';
import './page.css';

/** The comment box under the post. */
function CommentForm({ postId }: { postId: string }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const { add } = useCommentMutations(postId);
  const mentions = useMentionSuggestions<HTMLTextAreaElement>({ value: text, onValueChange: setText, maxLength: COMMENT_MAX_LENGTH });

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
      <div className="mention-field">
        <textarea
          {...mentions.fieldProps}
          className="textarea post-page__comment-input"
          aria-label="Write a comment"
          placeholder="Write a comment"
          rows={2}
          maxLength={COMMENT_MAX_LENGTH}
          value={text}
        />
        {mentions.list}
      </div>
      <button type="submit" className="btn btn--primary" disabled={sending}>
        Post
      </button>
    </form>
  );
}

/** "Liked by": the members who liked the post, newest first, page by page; each opens their profile. */
function LikersDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const list = useLikers(postId);
  const members = list.items;
  let body: React.ReactNode;
  if (members.length === 0) {
    if (list.isPending) body = <Spinner size="small" />;
    else if (list.error) body = <p className="muted">{errorMessage(list.error)}</p>;
    else body = <p className="muted">Nobody you can see liked this post yet.</p>;
  } else {
    body = (
      <ul className="post-page__likers">
        {members.map((member) => (
          <li key={member._id}>
            <Link className="post-page__liker" to={pathTo('profile', { userHandler: member.userHandler })} onClick={onClose}>
              <Avatar src={member.pic} name={fullName(member)} size={40} decorative />
              <span className="post-page__liker-name">{fullName(member)}</span>
              {/* Hidden from the link name so it reads as the member's name. */}
              <span className="muted" aria-hidden="true">
                @{member.userHandler}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Modal title="Liked by" onClose={onClose}>
      {body}
      {members.length > 0 && list.isFetchingNextPage && <Spinner size="small" />}
      {members.length > 0 && (list.hasNextPage || list.error !== null) && !list.isFetchingNextPage && (
        <button type="button" className="btn" onClick={list.error !== null ? list.retry : list.fetchNextPage}>
          {list.error !== null ? 'Try again' : 'Show more'}
        </button>
      )}
    </Modal>
  );
}

/**
 * /post/:postId: the post (its entry in the query cache, so a change made anywhere shows here,
 * and a deletion anywhere takes it away), its comments page by page, oldest first, and a
 * comment box.
 */
export default function PostPage() {
  const { postId } = useRemoteRouteParams('post/PostPage');
  const me = useAuth()?.user ?? null;
  const { data: post, error, refetch } = usePost(postId);
  const comments = useComments(postId);
  const deleted = usePostDeleted(postId);
  const [likersOpen, setLikersOpen] = useState(false);

  if (deleted) {
    return (
      <section className="card post-page__notice" role="status">
        <h1 className="post-page__notice-title">Post deleted</h1>
        <p>This post was deleted by its author.</p>
        <Link to={pathTo('home')} className="btn btn--primary">
          Go to the home feed
        </Link>
      </section>
    );
  }

  // A 404 is final, even over a copy a list cached before the post was deleted elsewhere.
  if (error instanceof ApiError && error.status === 404) {
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

  if (!post) {
    if (error) {
      return (
        <section className="card post-page__notice" role="alert">
          <h1 className="post-page__notice-title">This post could not be loaded</h1>
          <p>{errorMessage(error)}</p>
          <button type="button" className="btn btn--primary" onClick={() => void refetch()}>
            Try again
          </button>
        </section>
      );
    }
    return <Spinner size="page" />;
  }

  const count = post.commentCount;
  return (
    <div className="post-page">
      <h1 className="visually-hidden">Post</h1>
      <PostCard post={post} />
      <div className="post-page__likes">
        <button type="button" className="btn" onClick={() => setLikersOpen(true)}>
          {post.likeCount === 1 ? '1 like' : `${post.likeCount} likes`}
        </button>
      </div>
      {likersOpen && <LikersDialog postId={post._id} onClose={() => setLikersOpen(false)} />}
      <section className="card post-page__comments" aria-labelledby="post-page-comments-title">
        <h2 id="post-page-comments-title" className="post-page__comments-title">
          {count === 1 ? '1 comment' : `${count} comments`}
        </h2>
        <CommentForm postId={post._id} />
        {comments.items.length === 0 ? (
          comments.isPending ? (
            <Spinner size="small" />
          ) : (
            <p className="muted">No comments yet. Be the first to say something.</p>
          )
        ) : (
          <ul className="post-page__comment-list">
            {comments.items.map((comment) => (
              <CommentItem key={comment._id} comment={comment} post={post} me={me} />
            ))}
          </ul>
        )}
        {comments.error !== null && !comments.isPending && (
          <p className="muted" role="alert">
            Comments could not be loaded: {errorMessage(comments.error)}
          </p>
        )}
        {comments.isFetchingNextPage && <Spinner size="small" />}
        {(comments.hasNextPage || comments.error !== null) && !comments.isFetchingNextPage && (
          <button type="button" className="btn" onClick={comments.error !== null ? comments.retry : comments.fetchNextPage}>
            {comments.error !== null ? 'Try again' : 'Show more comments'}
          </button>
        )}
      </section>
    </div>
  );
}
