import React, { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@social/mock-api/contract';
import type { PictureV2 } from '@social/mock-api/contract-v2';
import type { PostComposerProps } from '@social/shell/federation';
import { uploadProgress$, useSubject } from '@social/shell/bus';
import { EmojiPicker, insertAtCursor } from '@social/shell/ui';
import { focusWasLost } from '../card/focus-after-removal';
import { useMentionSuggestions } from '../text/MentionSuggestions';
import { picturesDraft, usePicturePicker } from './PicturePicker';
import './composer.css';

/** The server refuses post text longer than this. */
const POST_MAX_LENGTH = TEXT_LIMITS.post;
/** Show the character count only when the writer gets close to the limit. */
const COUNT_FROM = POST_MAX_LENGTH - 500;

export type { PostComposerProps } from '@social/shell/federation';

/** Whether a mouse button, a finger or a pen is down (so a blur is the start of a click). */
let pointerIsDown = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pointerIsDown = true), true);
  for (const type of ['pointerup', 'pointercancel']) document.addEventListener(type, () => (pointerIsDown = false), true);
}

/**
 * Runs `fold` now, or, when focus left with a press (a click elsewhere), once the press has
 * ended and its click has landed: folding the composer moves what is below it up, and at the
 * press that would move the target of the click away from under the pointer.
 */
function foldAfterPointer(fold: () => void): void {
  if (!pointerIsDown) return fold();
  const after = () => {
    document.removeEventListener('pointerup', after, true);
    document.removeEventListener('pointercancel', after, true);
    window.setTimeout(fold, 0);
  };
  document.addEventListener('pointerup', after, true);
  document.addEventListener('pointercancel', after, true);
}

/**
 * Writes or edits a post: text, up to four pictures with their descriptions (./PicturePicker.tsx), emojis. Used by the feed's Create post
 * box and by the Edit post modal (exposed as ./PostComposer). A new post's composer (no
 * `initial`) is one line until it is used: the text box grows and the photo, emoji and Post
 * controls show while focus is in it (the emoji grid's portal included: React's focus events
 * follow the component tree) or it holds a draft, so Home's first screen reaches the feed.
 */
/** The pictures of the draft to edit: its list, or (a caller that knows no list) its one `pic`, size unknown. */
const initialPictures = (initial: PostComposerProps['initial']): PictureV2[] => {
  if (initial?.pictures) return initial.pictures.map((p) => ({ url: p.pic, alt: p.alt ?? '', width: p.width, height: p.height }));
  return initial?.pic ? [{ url: initial.pic, alt: initial.picAlt ?? '', width: 0, height: 0 }] : [];
};

export default function PostComposer({ initial, onSubmit, autoFocus = false }: PostComposerProps) {
  const [content, setContent] = useState(initial?.content ?? '');
  const [submitting, setSubmitting] = useState(false);
  // A slow upload (pictures) shows how far it has gone.
  const upload = useSubject(uploadProgress$);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionSuggestions({ value: content, onValueChange: setContent, maxLength: POST_MAX_LENGTH, ref: textRef });
  const pictures = usePicturePicker({ initial: initialPictures(initial), disabled: submitting, onEmptied: () => textRef.current?.focus() });
  // Where the caret goes after an emoji is inserted (applied once React has rendered the new text).
  const pendingCaret = useRef<number | null>(null);
  const mounted = useRef(true);
  const [focusWithin, setFocusWithin] = useState(autoFocus);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!autoFocus) return;
    // After the current commit: a surrounding Modal focuses its first control in its own effect, which runs after ours.
    const timer = window.setTimeout(() => {
      const box = textRef.current;
      if (!box) return;
      box.focus();
      box.setSelectionRange(box.value.length, box.value.length);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [autoFocus]);

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null || !textRef.current) return;
    pendingCaret.current = null;
    textRef.current.focus();
    textRef.current.setSelectionRange(caret, caret);
  }, [content]);

  const isEmpty = content.trim() === '';
  const collapsed = initial === undefined && !focusWithin && content === '' && !pictures.inUse && !submitting;

  const pickEmoji = (emoji: string) => {
    const next = insertAtCursor(content, emoji, textRef.current);
    if (next.value.length > POST_MAX_LENGTH) return;
    pendingCaret.current = next.caret;
    setContent(next.value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isEmpty || submitting || pictures.busy) return;
    setSubmitting(true);
    let saved = false;
    try {
      const sent = picturesDraft(pictures.pictures);
      // `pic` and `picAlt` name the first picture too, as v1 does; `pictures` is what the backend keeps.
      saved = await onSubmit({ content: content.trim(), pic: sent[0]?.pic ?? '', picAlt: sent[0]?.alt ?? '', pictures: sent });
    } catch {
      // The caller reports the failure (toast); the draft stays so nothing is lost.
      saved = false;
    }
    if (!mounted.current) return;
    setSubmitting(false);
    if (saved) {
      setContent('');
      pictures.reset();
    }
    // The Post button was disabled while sending, which drops its focus to <body>: a keyboard
    // member goes on from the text box (empty for the next post, or holding the unsaved draft).
    if (focusWasLost()) textRef.current?.focus();
  };

  return (
    <form
      ref={formRef}
      className={collapsed ? 'post-composer post-composer--collapsed' : 'post-composer'}
      onSubmit={(event) => void submit(event)}
      onFocus={() => setFocusWithin(true)}
      onBlur={(event) => {
        // Focus going to another of its controls, or into the emoji grid (a portal), stays within.
        const next = event.relatedTarget;
        if (next instanceof Element && (event.currentTarget.contains(next) || next.closest('.popover'))) return;
        foldAfterPointer(() => {
          if (!mounted.current) return;
          const active = document.activeElement;
          if (active && (formRef.current?.contains(active) || active.closest('.popover'))) return;
          setFocusWithin(false);
        });
      }}
      aria-busy={submitting || undefined}
    >
      <div className="mention-field">
        <textarea
          {...mentions.fieldProps}
          className="textarea post-composer__text"
          aria-label="What's on your mind?"
          placeholder="What's on your mind?"
          rows={collapsed ? 1 : undefined}
          value={content}
          maxLength={POST_MAX_LENGTH}
        />
        {mentions.list}
      </div>
      {content.length >= COUNT_FROM && (
        <p className="post-composer__count muted" aria-live="polite">
          {content.length} / {POST_MAX_LENGTH} characters
        </p>
      )}
      {pictures.list}
      {submitting && upload && upload.total > 0 && (
        <div className="post-composer__upload" role="status">
          <progress value={upload.sent} max={upload.total} aria-label="Uploading pictures" />
          <span className="muted">Uploading… {Math.floor((100 * upload.sent) / upload.total)}%</span>
        </div>
      )}
      {/* Hidden, not unmounted, while collapsed: the emoji picker keeps its state. */}
      <div className="post-composer__bar" hidden={collapsed}>
        <div className="post-composer__tools">
          {pictures.input}
          <EmojiPicker onPick={pickEmoji} />
        </div>
        <button type="submit" className="btn btn--primary" disabled={isEmpty || submitting || pictures.busy}>
          Post
        </button>
      </div>
    </form>
  );
}
