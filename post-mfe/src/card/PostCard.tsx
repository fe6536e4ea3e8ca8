import React, { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CLIENT_MESSAGES } from '@social/mock-api/contract';
import type { PostDraftV2, PostV2 } from '@social/mock-api/contract-v2';
import type { PostCardProps } from '@social/shell/federation';
import { pathTo, useRouteMatch } from '@social/shell/routes';
import { api, toast, useAuth } from '@social/shell/bus';
import { useBookmark, usePostMutations, useReaction } from '@social/shell/actions';
import { usePostEntity } from '@social/shell/data';
import {
  CommentIcon,
  Menu,
  Modal,
  REPORT_SENT,
  ReportDialog,
  ShareIcon,
  ThumbDownIcon,
  ThumbUpIcon,
  formatFullDate,
  formatRelativeDate,
  type MenuItem,
} from '@social/shell/ui';
import PostComposer from '../composer/PostComposer';
import { AuthorLink, authorView } from '../author/AuthorLink';
import { focusInsteadOfRemoved, neighbourPost } from './focus-after-removal';
import { PostPictures, picturesOfPost } from './PostPictures';
import { EditedButton } from './EditHistory';
import { PostText } from '../text/PostText';
import { QuotedPost } from '../share/QuotedPost';
import { RepostButton } from '../share/RepostButton';
import './card.css';

/** The post as the Edit post composer starts from: its text and every picture with its description and size. */
const editDraftOf = (post: PostV2): PostDraftV2 => ({
  content: post.content,
  pic: post.pic,
  picAlt: post.picAlt,
  pictures: picturesOfPost(post).map((p) => ({ pic: p.url, alt: p.alt, width: p.width, height: p.height })),
});

/** The post's absolute address, for sharing. */
const postUrl = (postId: string): string => `${window.location.origin}${pathTo('post', { postId })}`;

/**
 * One post as an <article>: author, date, options menu, text and image, reactions, comment
 * count and share. Exposed as ./PostCard; the feed, profile and post page all render it. It
 * shows the post's entry in the query cache (seeded with the list's copy), so an answer to a
 * write anywhere shows on every card of the post.
 */
export default function PostCard({ post: listed }: PostCardProps) {
  const post = usePostEntity(listed);
  const auth = useAuth();
  const me = auth?.user ?? null;
  const author = authorView(post.author);
  const navigate = useNavigate();
  const onThisPostPage = useRouteMatch('post')?.postId === post._id;
  const articleRef = useRef<HTMLElement>(null);
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'report' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const reaction = useReaction(post, me?._id ?? null);
  const bookmark = useBookmark(post);
  const mutations = usePostMutations();
  // Set once this post is deleted: where focus goes when the card leaves the page.
  const focusAfterRemoval = useRef<{ next: HTMLElement | null } | null>(null);
  useEffect(
    () => () => {
      if (focusAfterRemoval.current) focusInsteadOfRemoved(focusAfterRemoval.current.next);
    },
    [],
  );

  const isAuthor = !!me && me._id === post.userId;
  const pagePath = pathTo('post', { postId: post._id });
  // useId, not the post id: the same post can be on a page twice (e.g. two profile tabs).
  const countId = useId();
  const commentCount = post.commentCount;

  // Menu items unmount on choice: focus the options button first, so the dialog gives focus back to it.
  const focusOptions = () => articleRef.current?.querySelector<HTMLButtonElement>('button[aria-label="Post options"]')?.focus();

  const saveEdit = async (draft: PostDraftV2): Promise<boolean> => {
    const saved = await mutations.edit(post._id, draft);
    if (saved) setDialog(null);
    return saved;
  };

  const confirmDelete = async () => {
    setDeleting(true);
    // Set before the call: the answer may remove the card before this function resumes.
    focusAfterRemoval.current = { next: onThisPostPage ? null : neighbourPost(articleRef.current) };
    const removed = await mutations.remove(post._id);
    if (!removed) focusAfterRemoval.current = null;
    setDeleting(false);
    setDialog(null);
    // `void`: under <BrowserRouter> navigate() finishes at once; its Promise type is for data routers.
    if (removed && onThisPostPage) void navigate(pathTo('home'));
  };

  const share = async () => {
    const link = postUrl(post._id);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(link);
      toast('success', CLIENT_MESSAGES.linkCopied);
    } catch {
      toast('error', `Could not copy the link. Copy it yourself: ${link}`);
    }
  };

  // The text opens the post page, but not when the reader is selecting text or clicked a link in it.
  const openFromText = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a')) return;
    if (window.getSelection()?.toString()) return;
    if (!onThisPostPage) void navigate(pagePath); // `void`: as above
  };

  const items: MenuItem[] = [
    { label: bookmark.saved ? 'Remove saved' : 'Save post', onSelect: bookmark.toggle },
    ...(isAuthor
      ? [
          { label: 'Edit post', onSelect: () => (focusOptions(), setDialog('edit')) },
          { label: 'Delete post', danger: true, onSelect: () => (focusOptions(), setDialog('delete')) },
        ]
      : [{ label: 'Report post', onSelect: () => (focusOptions(), setDialog('report')) }]),
  ];

  return (
    // tabIndex -1: focus can be put on the post (after the one before it is deleted, "Skip to posts").
    <article ref={articleRef} className="card post-card" aria-label={`Post by ${author.name}`} tabIndex={-1}>
      <header className="post-card__header">
        <div className="post-card__who">
          <AuthorLink author={author} />
          <time className="post-card__date muted" dateTime={post.createdAt} title={formatFullDate(post.createdAt)}>
            {formatRelativeDate(post.createdAt)}
          </time>
          {post.edited && <EditedButton post={post} authorName={author.name} />}
        </div>
        {me && <Menu label="Post options" items={items} />}
      </header>

      {/* A mouse shortcut only: the keyboard opens the post with the Comments link below, and a
          button around the text would hide the links inside it and stop text selection. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div className="post-card__body" onClick={openFromText}>
        <PostText text={post.content} mentions={post.mentions} className="post-card__text" />
      </div>
      <PostPictures
        pictures={picturesOfPost(post)}
        authorName={author.name}
        opens={onThisPostPage ? 'viewer' : 'post'}
        pagePath={pagePath}
      />
      {post.quote && <QuotedPost quote={post.quote} />}

      <footer className="post-card__actions">
        <div className="post-card__reactions">
          <button
            type="button"
            className="icon-btn post-card__action"
            aria-label="Like"
            aria-pressed={reaction.liked}
            aria-disabled={reaction.liked || undefined}
            aria-busy={reaction.pending || undefined}
            onClick={reaction.like}
          >
            <ThumbUpIcon filled={reaction.liked} />
          </button>
          <span className="post-card__count">{reaction.likeCount}</span>
          <button
            type="button"
            className="icon-btn post-card__action"
            aria-label="Dislike"
            aria-pressed={reaction.disliked}
            aria-disabled={reaction.disliked || undefined}
            aria-busy={reaction.pending || undefined}
            onClick={reaction.dislike}
          >
            <ThumbDownIcon filled={reaction.disliked} />
          </button>
        </div>
        {/* The count sits beside the link (as the like count does): a visible text inside a link
            named "Comments" would not be part of its name. */}
        <span className="post-card__comment-group">
          <Link to={pagePath} className="icon-btn post-card__comments" aria-label="Comments" aria-describedby={countId}>
            <CommentIcon />
          </Link>
          <span id={countId} className="post-card__count">
            {commentCount}
          </span>
        </span>
        <RepostButton post={post} signedIn={!!me} />
        <button type="button" className="icon-btn post-card__action" aria-label="Share" onClick={() => void share()}>
          <ShareIcon />
        </button>
      </footer>

      {dialog === 'edit' && (
        <Modal title="Edit post" onClose={() => setDialog(null)} className="post-modal">
          <PostComposer initial={editDraftOf(post)} onSubmit={saveEdit} autoFocus />
        </Modal>
      )}
      {dialog === 'delete' && (
        <Modal title="Delete post?" onClose={() => !deleting && setDialog(null)} className="post-modal post-modal--small">
          <p>This post, its image and all its comments will be removed for good.</p>
          <div className="post-modal__buttons">
            <button type="button" className="btn" onClick={() => setDialog(null)} disabled={deleting}>
              Cancel
            </button>
            <button type="button" className="btn btn--danger" onClick={() => void confirmDelete()} disabled={deleting}>
              Delete
            </button>
          </div>
        </Modal>
      )}
      {dialog === 'report' && (
        <ReportDialog
          subject="this post"
          onClose={() => setDialog(null)}
          onSend={async (draft) => {
            await api.v2.posts.report(post._id, draft);
            setDialog(null);
            toast('success', REPORT_SENT);
          }}
        />
      )}
    </article>
  );
}
