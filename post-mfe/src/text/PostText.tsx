import React, { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { tokenize } from '@social/mock-api/text';
import { pathTo } from '@social/shell/routes';
import { WebLink, safeHttpUrl } from '@social/shell/ui';

/**
 * Post, comment and reply text: web addresses as safe links, #tags as links to their pages
 * (`/tag/{tag}`, named as written: "#Orbit"); the rest, @mentions included, plain text. React
 * elements only, never HTML. The tokens are the backends' own (`@social/mock-api/text`), so a
 * tag links exactly where the server found one.
 */
export function PostText({ text, className }: { text: string; className?: string }) {
  const parts = tokenize(text).map((token, i) => {
    if (token.kind === 'url') {
      const href = safeHttpUrl(token.text);
      if (href)
        return (
          <WebLink key={i} href={href}>
            {token.text}
          </WebLink>
        );
    } else if (token.kind === 'tag') {
      return (
        <Link key={i} to={pathTo('tag', { tag: token.tag })} onClick={(e) => e.stopPropagation()}>
          {token.text}
        </Link>
      );
    }
    return <Fragment key={i}>{token.text}</Fragment>;
  });
  return <p className={className}>{parts}</p>;
}
