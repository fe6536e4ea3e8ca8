import React, { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@social/mock-api/contract';
import { V2_TEXT_LIMITS } from '@social/mock-api/contract-v2';
import type { PostComposerProps } from '@social/shell/federation';
import { EmojiPicker, IMAGE_ACCEPT, ImageIcon, insertAtCursor, readImageFile } from '@social/shell/ui';
import { focusWasLost } from '../card/focus-after-removal';
import { useMentionSuggestions } from '../text/MentionSuggestions';
import './composer.css';

/** The server refuses post text longer than this. */
export const POST_MAX_LENGTH = TEXT_LIMITS.post;
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
 * Writes or edits a post: text, one optional image, emojis. Used by the feed's Create post
 * box and by the Edit post modal (exposed as ./PostComposer). A new post's composer (no
 * `initial`) is one line until it is used: the text box grows and the photo, emoji and Post
 * controls show while focus is in it (the emoji grid's portal included: React's focus events
 * follow the component tree) or it holds a draft, so Home's first screen reaches the feed.
 */
export default function PostComposer({ initial, onSubmit, autoFocus = false }: PostComposerProps) {
  const [content, setContent] = useState(initial?.content ?? '');
  const [pic, setPic] = useState(initial?.pic ?? '');
  const [picAlt, setPicAlt] = useState(initial?.picAlt ?? '');
  const [imageError, setImageError] = useState('');
  const [reading, setReading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionSuggestions({ value: content, onValueChange: setContent, maxLength: POST_MAX_LENGTH, ref: textRef });
  const fileRef = useRef<HTMLInputElement>(null);
  // Where the caret goes after an emoji is inserted (applied once React has rendered the new text).
  const pendingCaret = useRef<number | null>(null);
  const mounted = useRef(true);
  const errorId = useId();
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
  const collapsed = initial === undefined && !focusWithin && content === '' && !pic && !imageError && !reading && !submitting;

  const pickEmoji = (emoji: string) => {
    const next = insertAtCursor(content, emoji, textRef.current);
    if (next.value.length > POST_MAX_LENGTH) return;
    pendingCaret.current = next.caret;
    setContent(next.value);
  };

  const chooseImage = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    const result = await readImageFile(file);
    if (!mounted.current) return;
    setReading(false);
    // Let the same file be chosen again after a removal or an error.
    if (fileRef.current) fileRef.current.value = '';
    if (result.ok) {
      setPic(result.dataUrl);
      setImageError('');
    } else {
      setImageError(result.message);
    }
  };

  const removeImage = () => {
    setPic('');
    setPicAlt('');
    setImageError('');
    textRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isEmpty || submitting || reading) return;
    setSubmitting(true);
    let saved = false;
    try {
      saved = await onSubmit({ content: content.trim(), pic, picAlt: pic ? picAlt.trim() : '' });
    } catch {
      // The caller reports the failure (toast); the draft stays so nothing is lost.
      saved = false;
    }
    if (!mounted.current) return;
    setSubmitting(false);
    if (saved) {
      setContent('');
      setPic('');
      setPicAlt('');
      setImageError('');
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
          aria-describedby={imageError ? errorId : undefined}
        />
        {mentions.list}
      </div>
      {content.length >= COUNT_FROM && (
        <p className="post-composer__count muted" aria-live="polite">
          {content.length} / {POST_MAX_LENGTH} characters
        </p>
      )}
      {pic && (
        <div className="post-composer__preview">
          <img src={pic} alt={picAlt.trim() || 'Selected image'} />
          <button type="button" className="btn post-composer__remove" onClick={removeImage}>
            Remove image
          </button>
          <label className="post-composer__alt">
            <span>Picture description</span>
            <input
              className="input"
              type="text"
              value={picAlt}
              maxLength={V2_TEXT_LIMITS.picAlt}
              placeholder="What the picture shows, for people who cannot see it"
              onChange={(event) => setPicAlt(event.target.value)}
            />
          </label>
        </div>
      )}
      {imageError && (
        <p id={errorId} className="field-error" role="alert">
          {imageError}
        </p>
      )}
      {/* Hidden, not unmounted, while collapsed: the emoji picker keeps its state. */}
      <div className="post-composer__bar" hidden={collapsed}>
        <div className="post-composer__tools">
          <label className="icon-btn post-composer__photo" title="Add photo or GIF">
            <ImageIcon />
            <input
              ref={fileRef}
              type="file"
              className="visually-hidden"
              aria-label="Add photo or GIF"
              accept={IMAGE_ACCEPT}
              disabled={submitting}
              onChange={(event) => void chooseImage(event.target.files?.[0])}
            />
          </label>
          <EmojiPicker onPick={pickEmoji} />
          {reading && <span className="muted post-composer__reading">Reading image…</span>}
        </div>
        <button type="submit" className="btn btn--primary" disabled={isEmpty || submitting || reading}>
          Post
        </button>
      </div>
    </form>
  );
}
