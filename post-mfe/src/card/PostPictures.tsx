import React, { useState, type CSSProperties, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { PictureV2, PostV2 } from '@social/mock-api/contract-v2';
import { Modal, useServedSrc } from '@social/shell/ui';
import './post-pictures.css';

/** The picture's text alternative: its own description when it has one, else "<author> photo". */
export function pictureAlt(description: string | undefined, authorName: string): string {
  return description?.trim() || `${authorName} photo`;
}

/** A post's pictures: its list, or (a post kept by an older page, e.g. a saved first screen) its one `pic`. */
export const picturesOfPost = (post: Pick<PostV2, 'pic' | 'picAlt'> & { pictures?: PictureV2[] }): PictureV2[] =>
  post.pictures ?? (post.pic ? [{ url: post.pic, alt: post.picAlt, width: 0, height: 0 }] : []);

/**
 * The room a lone picture takes before it loads: its own proportions, never wider than the
 * card, than its natural width (a small picture stays small and sharp) or than 28rem high
 * allows. One of unknown size gets a 4:3 box and is fitted inside it.
 */
function loneStyle({ width, height }: PictureV2): CSSProperties {
  const known = width > 0 && height > 0;
  // Custom properties read by post-pictures.css (.post-pictures--1).
  return { '--picture-ratio': known ? width / height : 4 / 3, '--picture-width': known ? `${width}px` : '100%' } as CSSProperties;
}

interface Props {
  pictures: PictureV2[];
  authorName: string;
  /**
   * What a picture opens: in a feed the post page (SPEC, post card: `post` with its `pagePath`);
   * on the post's own page the picture large (`viewer`); in the edit history, nothing.
   */
  opens: 'post' | 'viewer' | 'nothing';
  pagePath?: string;
}

/**
 * A post's pictures together (one to four): their room is reserved from their stored sizes
 * (post-pictures.css), so nothing moves while they load. In a feed each links to the post page;
 * on the post page each is a button that opens it large in a viewer (arrow keys included).
 */
export function PostPictures({ pictures, authorName, opens, pagePath = '' }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  if (pictures.length === 0) return null;
  const lone = pictures.length === 1;
  return (
    <>
      <div
        className={`post-pictures post-pictures--${Math.min(pictures.length, 4)}`}
        style={lone ? loneStyle(pictures[0]!) : undefined}
        role={lone ? undefined : 'group'}
        aria-label={lone ? undefined : `${pictures.length} pictures`}
      >
        {pictures.map((picture, i) => (
          <PictureCell
            key={`${i}-${picture.url}`}
            picture={picture}
            alt={pictureAlt(picture.alt, authorName)}
            pagePath={opens === 'post' ? pagePath : null}
            onOpen={opens === 'viewer' ? () => setOpen(i) : null}
          />
        ))}
      </div>
      {open !== null && pictures[open] && (
        <PictureViewer pictures={pictures} index={open} authorName={authorName} onIndex={setOpen} onClose={() => setOpen(null)} />
      )}
    </>
  );
}

function PictureCell({
  picture,
  alt,
  pagePath,
  onOpen,
}: {
  picture: PictureV2;
  alt: string;
  pagePath: string | null;
  onOpen: (() => void) | null;
}) {
  // No address until the backend that serves it runs: the alt text stands in meanwhile.
  const shown = useServedSrc(picture.url);
  const image = (
    <img
      className="post-pictures__image"
      src={shown || undefined}
      alt={alt}
      width={picture.width || undefined}
      height={picture.height || undefined}
      loading="lazy"
      decoding="async"
    />
  );
  if (pagePath !== null)
    return (
      <Link to={pagePath} className="post-pictures__cell">
        {image}
      </Link>
    );
  if (!onOpen) return <div className="post-pictures__cell">{image}</div>;
  return (
    <button type="button" className="post-pictures__cell post-pictures__button" aria-haspopup="dialog" onClick={onOpen}>
      {image}
      <span className="visually-hidden"> (open full size)</span>
    </button>
  );
}

/**
 * One picture large, named by its description; with several, "Previous picture" and "Next
 * picture" (and the arrow keys) go through them. Escape, Close or a click outside closes it,
 * and focus goes back to the picture that opened it (Modal).
 */
function PictureViewer({
  pictures,
  index,
  authorName,
  onIndex,
  onClose,
}: {
  pictures: PictureV2[];
  index: number;
  authorName: string;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const picture = pictures[index]!;
  const alt = pictureAlt(picture.alt, authorName);
  const shown = useServedSrc(picture.url);
  const several = pictures.length > 1;
  const go = (step: number) => onIndex((index + step + pictures.length) % pictures.length);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!several || event.target instanceof HTMLTextAreaElement) return;
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    go(step);
  };
  return (
    <Modal title={alt} onClose={onClose} className="post-picture-dialog">
      {/* The arrow keys reach the dialog from any of its controls. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div className="post-picture-dialog__content" onKeyDown={onKeyDown}>
        <img className="post-picture-dialog__image" src={shown || undefined} alt={alt} />
        {picture.alt.trim() && <p className="post-picture-dialog__description">{picture.alt.trim()}</p>}
        {several && (
          <div className="post-picture-dialog__nav">
            <button type="button" className="btn" onClick={() => go(-1)}>
              Previous picture
            </button>
            <span className="muted" aria-live="polite">
              {index + 1} of {pictures.length}
            </span>
            <button type="button" className="btn" onClick={() => go(1)}>
              Next picture
            </button>
          </div>
        )}
      </div>
    </Modal>
  );
}
