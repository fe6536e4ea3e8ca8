/**
 * The profile page (/profile/:userHandler): header with counts and actions, and the
 * POSTS / BOOKMARKED / ACTIVITIES tabs. Exposed to the shell as ./ProfilePage.
 */
import React, { useEffect } from 'react';
import { errorMessage, refreshPosts, toast, useAuth, usePosts } from '@social/shell/bus';
import { useRemoteRouteParams } from '@social/shell/federation';
import { Spinner } from '@social/shell/ui';
import { NotFoundMember } from './NotFoundMember';
import { ProfileHeader } from './ProfileHeader';
import { ProfileTabs } from './ProfileTabs';
import { postsBy } from './selectPosts';
import { useMember } from './useMember';
import './profile.css';

export default function ProfilePage() {
  const { userHandler } = useRemoteRouteParams('profile/ProfilePage');
  const handle = userHandler.trim();
  const auth = useAuth();
  const { allPosts } = usePosts();
  const state = useMember(handle);

  useEffect(() => {
    refreshPosts().catch((error: unknown) => toast('error', errorMessage(error)));
  }, []);

  if (state.status === 'notFound') return <NotFoundMember handle={handle} />;
  if (state.status === 'error') {
    return (
      <section className="profile-missing card" role="alert">
        <h1>This profile could not be loaded</h1>
        <p className="muted">{state.message}</p>
        <button type="button" className="btn btn--primary" onClick={state.reload}>
          Try again
        </button>
      </section>
    );
  }
  const member = state.member;
  if (!member) return <Spinner size="page" />;

  const isOwn = !!auth && auth.user._id === member._id;
  return (
    <div className="profile-page">
      <ProfileHeader
        key={`header-${member._id}`}
        member={member}
        isOwn={isOwn}
        postCount={postsBy(allPosts, member._id).length}
        onMemberChange={state.replace}
        onReload={state.reload}
      />
      {/* A new member starts afresh: default tab, no open dialog. */}
      <ProfileTabs key={`tabs-${member._id}`} member={member} isOwn={isOwn} myBookmarks={isOwn && auth ? auth.user.bookmarks : []} />
    </div>
  );
}
