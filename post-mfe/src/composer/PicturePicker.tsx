import React, { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { POST_PICTURES, V2_TEXT_LIMITS, type PictureDraftV2, type PictureV2 } from '@social/mock-api/contract-v2';
import { IMAGE_ACCEPT, ImageIcon, readImageFile } from '@social/shell/ui';
import './picture-picker.css';

/** One picture of a draft: a new one (a data: URL, prepared by readImageFile) or one the post already shows (its URL). */
export interface DraftPicture {
  /** Stable across edits of the list (React key, focus after a removal). */
  key: string;
  src: string;
  alt: string;
  /** 0 × 0 until known: a picture the post kept from before sizes were stored is measured when its preview loads. */
  width: number;
  height: number;
}

export const TOO_MANY_PICTURES = `A post has at most ${POST_PICTURES.max} pictures.`;
const PICTURE_NOT_LOADED = 'This picture could not be loaded. Remove it, or add it again.';

let nextKey = 0;
const keyOf = () => `picture-${(nextKey += 1)}`;

/** The pictures a post already shows, as draft pictures (Edit post). */
const draftPicturesOf = (pictures: readonly PictureV2[]): DraftPicture[] =>
  pictures.map((p) => ({ key: keyOf(), src: p.url, alt: p.alt, width: p.width, height: p.height }));

/** The draft's pictures as the API takes them (every size known: see `ready`). */
export const picturesDraft = (pictures: readonly DraftPicture[]): PictureDraftV2[] =>
  pictures.map((p) => ({ pic: p.src, alt: p.alt.trim(), width: p.width, height: p.height }));

export interface PicturePicker {
  pictures: DraftPicture[];
  /** The file input "Add photo or GIF" (its icon label), for the composer's toolbar. */
  input: ReactNode;
  /** The pictures with their "Picture description" boxes and "Remove picture" buttons, and the picker's messages. */
  list: ReactNode;
  /** Files are being prepared, or a kept picture's size is not known yet: the draft cannot be sent. */
  busy: boolean;
  /** Something for the composer to keep open (a picture, a message, work under way). */
  inUse: boolean;
  reset: () => void;
}

interface Options {
  initial?: readonly PictureV2[];
  disabled?: boolean;
  /** Where focus goes when the last picture is removed (the text box). */
  onEmptied?: () => void;
}

/**
 * The picture part of a post composer (Create post, Edit post, Quote post): up to
 * POST_PICTURES.max pictures, each prepared for upload by readImageFile (a phone photo is
 * shrunk to at most 2048 px), shown with its "Picture description" box and a "Remove picture"
 * button. A hook, so each composer places the input and the list where its layout wants them.
 */
export function usePicturePicker({ initial, disabled = false, onEmptied }: Options = {}): PicturePicker {
  const [pictures, setPictures] = useState<DraftPicture[]>(() => draftPicturesOf(initial ?? []));
  const [message, setMessage] = useState('');
  const [preparing, setPreparing] = useState<{ done: number; total: number } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const mounted = useRef(true);
  const messageId = useId();
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const room = POST_PICTURES.max - pictures.length;

  const choose = async (files: File[]) => {
    // Let the same file be chosen again after a removal or an error.
    if (fileRef.current) fileRef.current.value = '';
    if (files.length === 0) return;
    const taken = files.slice(0, Math.max(0, room));
    const problems: string[] = files.length > taken.length ? [TOO_MANY_PICTURES] : [];
    setPreparing({ done: 0, total: taken.length });
    const added: DraftPicture[] = [];
    for (const file of taken) {
      const result = await readImageFile(file);
      if (!mounted.current) return;
      if (result.ok) added.push({ key: keyOf(), src: result.dataUrl, alt: '', width: result.width, height: result.height });
      else problems.push(taken.length > 1 ? `${file.name}: ${result.message}` : result.message);
      setPreparing({ done: added.length, total: taken.length });
    }
    setPreparing(null);
    setPictures((current) => [...current, ...added].slice(0, POST_PICTURES.max));
    setMessage(problems.join(' '));
  };

  const remove = (key: string) => {
    const index = pictures.findIndex((p) => p.key === key);
    const next = pictures.filter((p) => p.key !== key);
    setPictures(next);
    setMessage('');
    // Focus stays in the list: on the picture that took its place, else the one before, else the text box.
    window.setTimeout(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button');
      const target = buttons?.[Math.min(index, next.length - 1)];
      if (target) target.focus();
      else onEmptied?.();
    }, 0);
  };

  const update = (key: string, change: Partial<DraftPicture>) =>
    setPictures((current) => current.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const unmeasured = pictures.some((p) => p.width === 0 || p.height === 0);
  const busy = preparing !== null || unmeasured;

  const input = (
    <label className="icon-btn post-composer__photo" title="Add photo or GIF" aria-disabled={room <= 0 || undefined}>
      <ImageIcon />
      <input
        ref={fileRef}
        type="file"
        multiple
        className="visually-hidden"
        aria-label="Add photo or GIF"
        aria-describedby={message ? messageId : undefined}
        accept={IMAGE_ACCEPT}
        disabled={disabled || room <= 0 || preparing !== null}
        onChange={(event) => void choose(Array.from(event.target.files ?? []))}
      />
    </label>
  );

  const list = (
    <>
      {pictures.length > 0 && (
        <ul ref={listRef} className={`picture-picker picture-picker--${pictures.length}`} aria-label="Pictures">
          {pictures.map((picture, i) => (
            <li key={picture.key} className="picture-picker__item">
              <img
                className="picture-picker__preview"
                src={picture.src}
                alt={picture.alt.trim() || `Picture ${i + 1}`}
                onLoad={(event) => {
                  // A kept picture without a stored size: its preview tells it.
                  const img = event.currentTarget;
                  if ((picture.width === 0 || picture.height === 0) && img.naturalWidth > 0)
                    update(picture.key, { width: img.naturalWidth, height: img.naturalHeight });
                }}
                onError={() => {
                  if (picture.width === 0) setMessage(PICTURE_NOT_LOADED);
                }}
              />
              <label className="picture-picker__alt">
                <span>Picture description</span>
                <textarea
                  className="textarea"
                  rows={2}
                  value={picture.alt}
                  maxLength={V2_TEXT_LIMITS.picAlt}
                  placeholder="What the picture shows, for people who cannot see it"
                  disabled={disabled}
                  onChange={(event) => update(picture.key, { alt: event.target.value })}
                />
              </label>
              <button type="button" className="btn picture-picker__remove" disabled={disabled} onClick={() => remove(picture.key)}>
                Remove picture
              </button>
            </li>
          ))}
        </ul>
      )}
      {preparing && (
        <p className="muted picture-picker__status" role="status">
          Preparing {preparing.total > 1 ? `pictures: ${preparing.done} of ${preparing.total}` : 'picture'}…
        </p>
      )}
      {message && (
        <p id={messageId} className="field-error" role="alert">
          {message}
        </p>
      )}
    </>
  );

  return {
    pictures,
    input,
    list,
    busy,
    inUse: pictures.length > 0 || preparing !== null || message !== '',
    reset: () => {
      setPictures([]);
      setMessage('');
    },
  };
}
