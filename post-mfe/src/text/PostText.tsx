import React, { Fragment, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { tokenize } from '@social/mock-api/text';
import { pathTo } from '@social/shell/routes';
import { WebLink, safeHttpUrl, withEmoji } from '@social/shell/ui';

/**
 * Post, comment and reply text: web addresses as safe links, #tags as links to their pages
 * (`/tag/{tag}`, named as written: "#Orbit"), and @mentions of members the server found
 * (`mentions`: their handles) as links to their profiles; the rest plain text. React elements
 * only, never HTML. The tokens are the backends' own (`@social/mock-api/text`), so a tag or a
 * mention links exactly where the server found one. The picker's emoji in the plain text are
 * drawn as the picker draws them (`withEmoji`, the UI kit's Emoji), staying text.
 */
export function PostText({ text, mentions = [], className }: { text: string; mentions?: readonly string[]; className?: string }) {
  const members = new Map(mentions.map((handle) => [handle.toLowerCase(), handle]));
  // A card renders again on each click of its buttons; its text has not changed.
  const tokens = useMemo(() => tokenize(text), [text]);
  const parts = tokens.map((token, i) => {
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
    } else if (token.kind === 'mention') {
      const handle = members.get(token.handle.toLowerCase());
      if (handle)
        return (
          <Link key={i} to={pathTo('profile', { userHandler: handle })} onClick={(e) => e.stopPropagation()}>
            {token.text}
          </Link>
        );
    }
    return <Fragment key={i}>{withEmoji(token.text)}</Fragment>;
  });
  return <p className={className}>{parts}</p>;
}
