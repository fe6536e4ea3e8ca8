import React from 'react';
import { Link } from 'react-router-dom';
import type { UserSummary } from '@social/mock-api/contract';
import { useUsers } from '@social/shell/bus';
import { Avatar, fullName } from '@social/shell/ui';
import { pathTo } from '@social/shell/routes';

/** What a card needs to show who wrote something. `handler` is null when the member is unknown. */
export interface AuthorView {
  name: string;
  handler: string | null;
  pic: string;
}

const fromSummary = (user: UserSummary): AuthorView => ({
  name: fullName(user) || user.userHandler,
  handler: user.userHandler || null,
  pic: user.pic,
});

/** A post's author from the members list (fresh name and picture), else their username as plain text. */
export function usePostAuthor(userId: string, username: string): AuthorView {
  const { allUsers } = useUsers();
  const user = allUsers.find((u) => u._id === userId) ?? allUsers.find((u) => u.username === username);
  return user ? fromSummary(user) : { name: username || 'Unknown member', handler: null, pic: '' };
}

/** A comment's or reply's author: the members list first (so a renamed member shows the new name), else the summary the post carries. */
export function useMemberSummary(summary: UserSummary): AuthorView {
  const { allUsers } = useUsers();
  const user = allUsers.find((u) => u._id === summary._id);
  return fromSummary(user ?? summary);
}

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
