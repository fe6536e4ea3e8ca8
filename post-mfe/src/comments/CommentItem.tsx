import React, { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CLIENT_MESSAGES, TEXT_LIMITS } from '@social/mock-api/contract';
import type { CommentV2, MeV2, PostV2, ReplyV2 } from '@social/mock-api/contract-v2';
import { toast } from '@social/shell/bus';
import { useCommentMutations, useCommentUpvote } from '@social/shell/actions';
import { ArrowUpIcon, Menu, Modal, RichText, formatFullDate, formatRelativeDate, type MenuItem } from '@social/shell/ui';
import { AuthorLink, authorView } from '../common/authors';

/** The server refuses comment and reply text longer than this. */
export const COMMENT_MAX_LENGTH = TEXT_LIMITS.comment;

function TimeAgo({ iso }: { iso: string }) {
  return (
    <time className="post-comment__date muted" dateTime={iso} title={formatFullDate(iso)}>
      {formatRelativeDate(iso)}
    </time>
  );
}

const cancelOnEscape = (event: KeyboardEvent, cancel: () => void) => {
  if (event.key === 'Escape') {
    event.preventDefault();
    cancel();
  }
};

/**
 * One reply: author, time, and the same author menu as a comment ("Reply options": Edit for
 * the reply's author; Delete for the reply's author or the post's author), inline edit.
 */
function ReplyItem({ reply, comment, post, me }: { reply: ReplyV2; comment: CommentV2; post: PostV2; me: MeV2 | null }) {
  const author = authorView(reply.user);
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [editText, setEditText] = useState(reply.content);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState<null | 'edit' | 'delete'>(null);
  const rootRef = useRef<HTMLLIElement>(null);
  const mutations = useCommentMutations(post._id);
  const isReplyAuthor = !!me && me._id === reply.user._id;
  const isPostAuthor = !!me && me._id === post.userId;

  const focusOptions = () => rootRef.current?.querySelector<HTMLButtonElement>('button[aria-label="Reply options"]')?.focus();

  const saveEdit = async (event: FormEvent) => {
    event.preventDefault();
    const content = editText.trim();
    if (!content) {
      toast('info', CLIENT_MESSAGES.emptyReply);
      return;
    }
    if (content === reply.content) {
      setMode('view');
      return;
    }
    setBusy('edit');
    const saved = await mutations.editReply(comment._id, reply._id, content);
    setBusy(null);
    if (saved) setMode('view');
  };

  const remove = async () => {
    setBusy('delete');
    const removed = await mutations.removeReply(comment._id, reply._id);
    setBusy(null);
    if (!removed) setConfirmDelete(false); // Removed: the reply is gone with its dialog.
  };

  const items: MenuItem[] = [
    ...(isReplyAuthor
      ? [
          {
            label: 'Edit',
            onSelect: () => {
              setEditText(reply.content);
              setMode('edit');
            },
          },
        ]
      : []),
    ...(isReplyAuthor || isPostAuthor ? [{ label: 'Delete', danger: true, onSelect: () => (focusOptions(), setConfirmDelete(true)) }] : []),
  ];

  return (
    <li ref={rootRef} className="post-reply">
      <div className="post-comment__head">
        <AuthorLink author={author} size={28} />
        {reply.createdAt && <TimeAgo iso={reply.createdAt} />}
        {reply.updatedAt && reply.createdAt && reply.updatedAt !== reply.createdAt && <span className="muted post-comment__edited">(edited)</span>}
        {items.length > 0 && mode === 'view' && <Menu label="Reply options" items={items} />}
      </div>
      {mode === 'edit' ? (
        <form className="post-comment__form" onSubmit={(event) => void saveEdit(event)}>
          <textarea
            className="textarea post-comment__input"
            aria-label="Edit reply"
            value={editText}
            maxLength={COMMENT_MAX_LENGTH}
            autoFocus
            onChange={(event) => setEditText(event.target.value)}
            onKeyDown={(event) => cancelOnEscape(event, () => setMode('view'))}
          />
          <div className="post-comment__buttons">
            <button type="button" className="btn" onClick={() => setMode('view')} disabled={busy === 'edit'}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy === 'edit'}>
              Save
            </button>
          </div>
        </form>
      ) : (
        <RichText text={reply.content} className="post-comment__text" />
      )}
      {confirmDelete && (
        <Modal title="Delete reply?" onClose={() => busy !== 'delete' && setConfirmDelete(false)} className="post-modal post-modal--small">
          <p>This reply will be removed for good.</p>
          <div className="post-modal__buttons">
            <button type="button" className="btn" onClick={() => setConfirmDelete(false)} disabled={busy === 'delete'}>
              Cancel
            </button>
            <button type="button" className="btn btn--danger" onClick={() => void remove()} disabled={busy === 'delete'}>
              Delete
            </button>
          </div>
        </Modal>
      )}
    </li>
  );
}

/**
 * One comment of the post page: author, options (edit for its author; delete for its author
 * or the post's author), inline edit, upvote toggle, replies and a reply box.
 */
export function CommentItem({ comment, post, me }: { comment: CommentV2; post: PostV2; me: MeV2 | null }) {
  const author = authorView(comment.user);
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [editText, setEditText] = useState(comment.content);
  const [replyOpen, setReplyOpen] = useState(false);
  const [replyText, setReplyText] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState<null | 'edit' | 'reply' | 'delete'>(null);
  const rootRef = useRef<HTMLLIElement>(null);
  const replyButtonRef = useRef<HTMLButtonElement>(null);
  const mutations = useCommentMutations(post._id);
  const upvote = useCommentUpvote(comment, me?._id ?? null);

  const isCommentAuthor = !!me && me._id === comment.user._id;
  const isPostAuthor = !!me && me._id === post.userId;

  /** Runs one comment call; the form it belongs to stays disabled meanwhile (no double send). */
  const run = async (kind: NonNullable<typeof busy>, call: () => Promise<boolean>): Promise<boolean> => {
    setBusy(kind);
    try {
      return await call();
    } finally {
      setBusy(null);
    }
  };

  const focusOptions = () => rootRef.current?.querySelector<HTMLButtonElement>('button[aria-label="Comment options"]')?.focus();

  const startEdit = () => {
    setEditText(comment.content);
    setMode('edit');
  };

  const saveEdit = async (event: FormEvent) => {
    event.preventDefault();
    const content = editText.trim();
    if (!content) {
      toast('info', CLIENT_MESSAGES.emptyEditComment);
      return;
    }
    if (content === comment.content) {
      setMode('view');
      return;
    }
    if (await run('edit', () => mutations.edit(comment._id, content))) setMode('view');
  };

  const sendReply = async (event: FormEvent) => {
    event.preventDefault();
    const content = replyText.trim();
    if (!content) {
      toast('info', CLIENT_MESSAGES.emptyReply);
      return;
    }
    if (!me) return;
    const saved = await run('reply', () => mutations.reply(comment, content));
    if (saved) {
      setReplyText('');
      setReplyOpen(false);
      replyButtonRef.current?.focus();
    }
  };

  const remove = async () => {
    if (await run('delete', () => mutations.remove(comment._id))) return; // The comment is gone with its dialog.
    setConfirmDelete(false);
  };

  const items: MenuItem[] = [
    ...(isCommentAuthor ? [{ label: 'Edit', onSelect: startEdit }] : []),
    ...(isCommentAuthor || isPostAuthor
      ? [{ label: 'Delete', danger: true, onSelect: () => (focusOptions(), setConfirmDelete(true)) }]
      : []),
  ];

  return (
    <li ref={rootRef} className="post-comment">
      <div className="post-comment__head">
        <AuthorLink author={author} size={36} />
        <TimeAgo iso={comment.createdAt} />
        {comment.updatedAt !== comment.createdAt && <span className="muted post-comment__edited">(edited)</span>}
        {items.length > 0 && mode === 'view' && <Menu label="Comment options" items={items} />}
      </div>

      {mode === 'edit' ? (
        <form className="post-comment__form" onSubmit={(event) => void saveEdit(event)}>
          <textarea
            className="textarea post-comment__input"
            aria-label="Edit comment"
            value={editText}
            maxLength={COMMENT_MAX_LENGTH}
            autoFocus
            onChange={(event) => setEditText(event.target.value)}
            onKeyDown={(event) => cancelOnEscape(event, () => setMode('view'))}
          />
          <div className="post-comment__buttons">
            <button type="button" className="btn" onClick={() => setMode('view')} disabled={busy === 'edit'}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy === 'edit'}>
              Save
            </button>
          </div>
        </form>
      ) : (
        <RichText text={comment.content} className="post-comment__text" />
      )}

      <div className="post-comment__actions">
        <button
          type="button"
          className="icon-btn post-comment__upvote"
          aria-label="Upvote"
          aria-pressed={upvote.upvoted}
          aria-busy={upvote.pending || undefined}
          onClick={upvote.toggle}
        >
          <ArrowUpIcon filled={upvote.upvoted} />
        </button>
        <span className="post-comment__count">{upvote.count}</span>
        <button
          ref={replyButtonRef}
          type="button"
          className="btn post-comment__reply-btn"
          aria-expanded={replyOpen}
          onClick={() => setReplyOpen((open) => !open)}
        >
          Reply
        </button>
      </div>

      {comment.replies.length > 0 && (
        <ul className="post-comment__replies" aria-label={`Replies to ${author.name}`}>
          {comment.replies.map((reply) => (
            <ReplyItem key={reply._id} reply={reply} comment={comment} post={post} me={me} />
          ))}
        </ul>
      )}

      {replyOpen && (
        <form className="post-comment__form post-comment__form--reply" onSubmit={(event) => void sendReply(event)}>
          <input
            className="input"
            aria-label="Write a reply"
            placeholder="Write a reply"
            value={replyText}
            maxLength={COMMENT_MAX_LENGTH}
            autoFocus
            onChange={(event) => setReplyText(event.target.value)}
            onKeyDown={(event) => cancelOnEscape(event, () => setReplyOpen(false))}
          />
          <button type="submit" className="btn btn--primary" disabled={busy === 'reply'}>
            Send reply
          </button>
        </form>
      )}

      {confirmDelete && (
        <Modal title="Delete comment?" onClose={() => busy !== 'delete' && setConfirmDelete(false)} className="post-modal post-modal--small">
          <p>This comment and its replies will be removed for good.</p>
          <div className="post-modal__buttons">
            <button type="button" className="btn" onClick={() => setConfirmDelete(false)} disabled={busy === 'delete'}>
              Cancel
            </button>
            <button type="button" className="btn btn--danger" onClick={() => void remove()} disabled={busy === 'delete'}>
              Delete
            </button>
          </div>
        </Modal>
      )}
    </li>
  );
}
