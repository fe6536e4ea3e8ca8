import React from 'react';
import { Link } from 'react-router-dom';
import type { AuthorV2 } from '@social/mock-api/contract-v2';
import { Avatar, fullName } from '@social/shell/ui';
import { pathTo } from '@social/shell/routes';

/** What a card needs to show who wrote something. `handler` is null when the member is unknown. */
export interface AuthorView {
  name: string;
  handler: string | null;
  pic: string;
}

/** The author a post, comment or reply carries (the server answers it with each of them). */
export const authorView = (author: AuthorV2): AuthorView => ({
  name: fullName(author) || author.userHandler || 'Unknown member',
  handler: author.userHandler || null,
  pic: author.pic,
});

/** Avatar and name, linking to the member's profile when the member is known. */
export function AuthorLink({ author, size = 40, className }: { author: AuthorView; size?: number; className?: string }) {
  const content = (
    <>
      <Avatar src={author.pic} name={author.name} size={size} decorative />
      <span className="post-author__name">{author.name}</span>
    </>
  );
  const classes = `post-author ${className ?? ''}`;
  return author.handler ? (
    <Link className={classes} to={pathTo('profile', { userHandler: author.handler })}>
      {content}
    </Link>
  ) : (
    <span className={classes}>{content}</span>
  );
}
