import React, { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CLIENT_MESSAGES, TEXT_LIMITS } from '@social/mock-api/contract';
import type { CommentV2, MeV2, PostV2, ReplyV2 } from '@social/mock-api/contract-v2';
import { toast } from '@social/shell/bus';
import { useCommentMutations, useCommentUpvote } from '@social/shell/actions';
import { ArrowUpIcon, Menu, Modal, formatFullDate, formatRelativeDate, type MenuItem } from '@social/shell/ui';
import { AuthorLink, authorView } from '../author/AuthorLink';
import { focusWasLost } from '../card/focus-after-removal';
import { PostText } from '../text/PostText';
import { useMentionSuggestions } from '../text/MentionSuggestions';

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
 * The inline editor of a comment or a reply: its text, Cancel and Save (disabled while saving).
 * An empty text is refused with `emptyMessage`; an unchanged one closes without a call.
 */
function InlineEditor({
  label,
  initial,
  emptyMessage,
  save,
  onClose,
}: {
  label: string;
  initial: string;
  emptyMessage: string;
  save: (content: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [text, setText] = useState(initial);
  const mentions = useMentionSuggestions<HTMLTextAreaElement>({
    value: text,
    onValueChange: setText,
    maxLength: COMMENT_MAX_LENGTH,
    onKeyDown: (event) => cancelOnEscape(event, onClose),
  });
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content) {
      toast('info', emptyMessage);
      return;
    }
    if (content === initial) {
      onClose();
      return;
    }
    setSaving(true);
    let saved = false;
    try {
      saved = await save(content);
    } finally {
      setSaving(false);
    }
    if (saved) onClose();
  };

  return (
    <form className="post-comment__form" onSubmit={(event) => void submit(event)}>
      <div className="mention-field">
        <textarea
          {...mentions.fieldProps}
          className="textarea post-comment__input"
          aria-label={label}
          value={text}
          maxLength={COMMENT_MAX_LENGTH}
          // The field opens because the member pressed Edit; focus follows, it is not taken on load.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        />
        {mentions.list}
      </div>
      <div className="post-comment__buttons">
        <button type="button" className="btn" onClick={onClose} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={saving}>
          Save
        </button>
      </div>
    </form>
  );
}

/** Asks before deleting a comment or a reply; closing is refused while the delete runs. */
function ConfirmDelete({
  title,
  text,
  deleting,
  onCancel,
  onDelete,
}: {
  title: string;
  text: string;
  deleting: boolean;
  onCancel: () => void;
  onDelete: () => void;
}) {
  return (
    <Modal title={title} onClose={() => !deleting && onCancel()} className="post-modal post-modal--small">
      <p>{text}</p>
      <div className="post-modal__buttons">
        <button type="button" className="btn" onClick={onCancel} disabled={deleting}>
          Cancel
        </button>
        <button type="button" className="btn btn--danger" onClick={onDelete} disabled={deleting}>
          Delete
        </button>
      </div>
    </Modal>
  );
}

/**
 * One reply: author, time, and the same author menu as a comment ("Reply options": Edit for
 * the reply's author; Delete for the reply's author or the post's author), inline edit.
 */
function ReplyItem({ reply, comment, post, me }: { reply: ReplyV2; comment: CommentV2; post: PostV2; me: MeV2 | null }) {
  const author = authorView(reply.user);
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const rootRef = useRef<HTMLLIElement>(null);
  const mutations = useCommentMutations(post._id);
  const isReplyAuthor = !!me && me._id === reply.user._id;
  const isPostAuthor = !!me && me._id === post.userId;

  const focusOptions = () => rootRef.current?.querySelector<HTMLButtonElement>('button[aria-label="Reply options"]')?.focus();

  const remove = async () => {
    setDeleting(true);
    const removed = await mutations.removeReply(comment._id, reply._id);
    setDeleting(false);
    if (!removed) setConfirmDelete(false); // Removed: the reply is gone with its dialog.
  };

  const items: MenuItem[] = [
    ...(isReplyAuthor ? [{ label: 'Edit', onSelect: () => setMode('edit') }] : []),
    ...(isReplyAuthor || isPostAuthor ? [{ label: 'Delete', danger: true, onSelect: () => (focusOptions(), setConfirmDelete(true)) }] : []),
  ];

  return (
    <li ref={rootRef} className="post-reply">
      <div className="post-comment__head">
        <AuthorLink author={author} size={28} />
        {reply.createdAt && <TimeAgo iso={reply.createdAt} />}
        {reply.edited && <span className="muted post-comment__edited">(edited)</span>}
        {items.length > 0 && mode === 'view' && <Menu label="Reply options" items={items} />}
      </div>
      {mode === 'edit' ? (
        <InlineEditor
          label="Edit reply"
          initial={reply.content}
          emptyMessage={CLIENT_MESSAGES.emptyReply}
          save={(content) => mutations.editReply(comment._id, reply._id, content)}
          onClose={() => setMode('view')}
        />
      ) : (
        <PostText text={reply.content} mentions={reply.mentions} className="post-comment__text" />
      )}
      {confirmDelete && (
        <ConfirmDelete
          title="Delete reply?"
          text="This reply will be removed for good."
          deleting={deleting}
          onCancel={() => setConfirmDelete(false)}
          onDelete={() => void remove()}
        />
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
  const [replyOpen, setReplyOpen] = useState(false);
  const [replyText, setReplyText] = useState('');
  const replyMentions = useMentionSuggestions<HTMLInputElement>({
    value: replyText,
    onValueChange: setReplyText,
    maxLength: COMMENT_MAX_LENGTH,
    onKeyDown: (event) => cancelOnEscape(event, () => setReplyOpen(false)),
  });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState<null | 'reply' | 'delete'>(null);
  const rootRef = useRef<HTMLLIElement>(null);
  const replyButtonRef = useRef<HTMLButtonElement>(null);
  const replyFormRef = useRef<HTMLFormElement>(null);
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
      // Back to Reply only from the reply box (or from nowhere): a member who went on to another
      // control (the search, another comment) while the reply was sent keeps their place.
      const fromForm = !!replyFormRef.current?.contains(document.activeElement) || focusWasLost();
      setReplyText('');
      setReplyOpen(false);
      if (fromForm) replyButtonRef.current?.focus();
    }
  };

  const remove = async () => {
    if (await run('delete', () => mutations.remove(comment._id))) return; // The comment is gone with its dialog.
    setConfirmDelete(false);
  };

  const items: MenuItem[] = [
    ...(isCommentAuthor ? [{ label: 'Edit', onSelect: () => setMode('edit') }] : []),
    ...(isCommentAuthor || isPostAuthor
      ? [{ label: 'Delete', danger: true, onSelect: () => (focusOptions(), setConfirmDelete(true)) }]
      : []),
  ];

  return (
    <li ref={rootRef} className="post-comment">
      <div className="post-comment__head">
        <AuthorLink author={author} size={36} />
        <TimeAgo iso={comment.createdAt} />
        {comment.edited && <span className="muted post-comment__edited">(edited)</span>}
        {items.length > 0 && mode === 'view' && <Menu label="Comment options" items={items} />}
      </div>

      {mode === 'edit' ? (
        <InlineEditor
          label="Edit comment"
          initial={comment.content}
          emptyMessage={CLIENT_MESSAGES.emptyEditComment}
          save={(content) => mutations.edit(comment._id, content)}
          onClose={() => setMode('view')}
        />
      ) : (
        <PostText text={comment.content} mentions={comment.mentions} className="post-comment__text" />
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
        <form ref={replyFormRef} className="post-comment__form post-comment__form--reply" onSubmit={(event) => void sendReply(event)}>
          <div className="mention-field">
            <input
              {...replyMentions.fieldProps}
              className="input"
              aria-label="Write a reply"
              placeholder="Write a reply"
              value={replyText}
              maxLength={COMMENT_MAX_LENGTH}
              // The field opens because the member pressed Reply; focus follows, it is not taken on load.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
            />
            {replyMentions.list}
          </div>
          <button type="submit" className="btn btn--primary" disabled={busy === 'reply'}>
            Send reply
          </button>
        </form>
      )}

      {confirmDelete && (
        <ConfirmDelete
          title="Delete comment?"
          text="This comment and its replies will be removed for good."
          deleting={busy === 'delete'}
          onCancel={() => setConfirmDelete(false)}
          onDelete={() => void remove()}
        />
      )}
    </li>
  );
}
