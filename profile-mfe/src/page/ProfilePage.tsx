/**
 * The profile page (/profile/:userHandler): header with counts and actions, and the
 * POSTS / BOOKMARKED / ACTIVITIES tabs. Exposed to the shell as ./ProfilePage. The member is
 * read by handle and then followed by id in the query cache (`@social/shell/data` useMember),
 * so a follow, an edit or a post anywhere shows in the counts at once.
 */
import React, { useEffect } from 'react';
import { ApiError, errorMessage, toast, useAuth } from '@social/shell/bus';
import { useMember } from '@social/shell/data';
import { useRemoteRouteParams } from '@social/shell/federation';
import { Spinner } from '@social/shell/ui';
import { NotFoundMember } from './NotFoundMember';
import { ProfileHeader } from '../header/ProfileHeader';
import { ProfileTabs } from '../tabs/ProfileTabs';
import './profile.css';

export default function ProfilePage() {
  const { userHandler } = useRemoteRouteParams('profile/ProfilePage');
  const handle = userHandler.trim();
  const auth = useAuth();
  const { member, error, refetch } = useMember(handle);
  const notFound = error instanceof ApiError && error.status === 404;

  useEffect(() => {
    if (error && !notFound) toast('error', errorMessage(error));
  }, [error, notFound]);

  if (notFound) return <NotFoundMember handle={handle} />;
  if (!member && error) {
    return (
      <section className="profile-missing card" role="alert">
        <h1>This profile could not be loaded</h1>
        <p className="muted">{errorMessage(error)}</p>
        <button type="button" className="btn btn--primary" onClick={refetch}>
          Try again
        </button>
      </section>
    );
  }
  if (!member) return <Spinner size="page" />;

  const isOwn = !!auth && auth.user._id === member._id;
  return (
    <div className="profile-page">
      <ProfileHeader key={`header-${member._id}`} member={member} isOwn={isOwn} onReload={refetch} />
      {/* A new member starts afresh: default tab, no open dialog. */}
      <ProfileTabs key={`tabs-${member._id}`} member={member} isOwn={isOwn} />
    </div>
  );
}
