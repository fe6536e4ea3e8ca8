import React, { useState } from 'react';
import { Link } from 'react-router-dom';
import { Modal, useServedSrc } from '@social/shell/ui';

/** The picture's text alternative: the post's own description when it has one, else "<author> photo". */
export function pictureAlt(description: string | undefined, authorName: string): string {
  return description?.trim() || `${authorName} photo`;
}

interface Props {
  src: string;
  alt: string;
  /** The post page's address: in a feed the picture opens the post (SPEC, post card). */
  pagePath: string;
  /** On the post's own page the picture opens at full size in a dialog instead. */
  onPostPage: boolean;
}

/**
 * A post's picture, never drawn larger than its natural size (card.css). In a feed it links to
 * the post page; on the post page it is a button opening the picture at full size in a dialog
 * (Escape, the Close button or a click outside closes it; focus goes back to the picture).
 */
export function PostPicture({ src, alt, pagePath, onPostPage }: Props) {
  const [open, setOpen] = useState(false);
  // No address until the backend that serves it runs: the alt text stands in meanwhile.
  const shown = useServedSrc(src);
  const image = <img className="post-card__image" src={shown || undefined} alt={alt} loading="lazy" />;
  if (!onPostPage) {
    return (
      <Link to={pagePath} className="post-card__image-link">
        {image}
      </Link>
    );
  }
  return (
    <>
      <button type="button" className="post-card__image-link post-card__image-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {image}
        <span className="visually-hidden"> (open full size)</span>
      </button>
      {open && (
        <Modal title={alt} onClose={() => setOpen(false)} className="post-picture-dialog">
          <img className="post-picture-dialog__image" src={shown || undefined} alt={alt} />
        </Modal>
      )}
    </>
  );
}
