import React from 'react';
import { Link } from 'react-router-dom';
import type { QuotedPostV2 } from '@social/mock-api/contract-v2';
import { pathTo } from '@social/shell/routes';
import { formatFullDate, formatRelativeDate, useServedSrc } from '@social/shell/ui';
import { AuthorLink, authorView } from '../author/AuthorLink';
import { pictureAlt } from '../card/PostPictures';
import './share.css';

/** How much of the quoted post's text the nested card shows (characters). */
const QUOTED_TEXT_LENGTH = 280;

/** The start of a text, at most QUOTED_TEXT_LENGTH characters (code points, never half of one). */
function startOf(text: string): string {
  const chars = [...text];
  return chars.length <= QUOTED_TEXT_LENGTH ? text : `${chars.slice(0, QUOTED_TEXT_LENGTH - 1).join('')}…`;
}

/**
 * The post a quote post quotes, nested in its card as an <article>: author, the start of its text,
 * its first picture and a link to it. A quoted post that is gone, or hidden from the viewer, says
 * so; one that quotes another shows that one as a link only (one level of nesting).
 */
export function QuotedPost({ quote }: { quote: QuotedPostV2 }) {
  if (!quote.available)
    return (
      <div className="post-quote post-quote--gone muted" role="note">
        This post is no longer available
      </div>
    );
  const author = authorView(quote.author);
  const path = pathTo('post', { postId: quote._id });
  return (
    <article className="post-quote" aria-label={`Quoted post by ${author.name}`}>
      <header className="post-quote__header">
        <AuthorLink author={author} size={24} />
        <time className="muted post-quote__date" dateTime={quote.createdAt} title={formatFullDate(quote.createdAt)}>
          {formatRelativeDate(quote.createdAt)}
        </time>
      </header>
      <p className="post-quote__text">{startOf(quote.content)}</p>
      {quote.pic && <QuotedPicture src={quote.pic} alt={pictureAlt(quote.picAlt, author.name)} />}
      {quote.quoteOf && (
        <p className="post-quote__inner">
          <Link to={pathTo('post', { postId: quote.quoteOf })}>Quoting another post</Link>
        </p>
      )}
      <Link className="post-quote__open" to={path}>
        Open the quoted post
      </Link>
    </article>
  );
}

function QuotedPicture({ src, alt }: { src: string; alt: string }) {
  const shown = useServedSrc(src);
  return <img className="post-quote__image" src={shown || undefined} alt={alt} loading="lazy" />;
}
