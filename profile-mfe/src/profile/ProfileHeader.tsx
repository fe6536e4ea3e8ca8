import React, { useState } from 'react';
import type { User, UserSummary } from '@social/mock-api/contract';
import { logout, useAuth } from '@social/shell/bus';
import { useFollow } from '@social/shell/actions';
import { Avatar, RichText, countLabel, fullName, safeHttpUrl } from '@social/shell/ui';
import { EditProfileModal } from './EditProfileModal';
import { UserListModal } from './UserListModal';

interface Props {
  member: User;
  postCount: number;
  isOwn: boolean;
  /** Puts a fresher copy of the member on the page (server answers). */
  onMemberChange: (user: User) => void;
  /** Reloads the member from the server (after a refused follow, to show the truth). */
  onReload: () => void;
}

const summaryOf = (user: User): UserSummary => ({
  _id: user._id,
  firstName: user.firstName,
  lastName: user.lastName,
  userHandler: user.userHandler,
  pic: user.pic,
});

/** The profile's link: a live link only for http(s); anything else stays plain text. */
function ProfileLink({ link }: { link: string }) {
  const text = link.trim();
  if (!text) return null;
  const href = safeHttpUrl(text);
  if (!href) return <p className="profile-header__link">{text}</p>;
  return (
    <p className="profile-header__link">
      <a href={href} target="_blank" rel="noopener noreferrer">
        {text.replace(/^https?:\/\//i, '')}
      </a>
    </p>
  );
}

export function ProfileHeader({ member, postCount, isOwn, onMemberChange, onReload }: Props) {
  const auth = useAuth();
  const me = auth?.user ?? null;
  const [list, setList] = useState<'Followers' | 'Following' | null>(null);
  const [editing, setEditing] = useState(false);
  const follow = useFollow(member._id, { onFailed: onReload });

  // The followers list as it will be once the member's last follow choice lands.
  let followers = member.followers;
  if (me && follow.following && !follow.followingOnServer && !followers.some((f) => f._id === me._id)) followers = [...followers, summaryOf(me)];
  if (me && !follow.following && follow.followingOnServer) followers = followers.filter((f) => f._id !== me._id);

  const name = fullName(member);
  return (
    <section className="profile-header card" aria-label="Profile">
      <Avatar src={member.pic} name={name} size={112} />
      <div className="profile-header__body">
        <div className="profile-header__top">
          <div className="profile-header__names">
            <h1 className="profile-header__name">{name}</h1>
            <p className="muted profile-header__handle">@{member.userHandler}</p>
          </div>
          <div className="profile-header__actions">
            {isOwn ? (
              <>
                <button type="button" className="btn" onClick={() => setEditing(true)}>
                  Edit profile
                </button>
                <button type="button" className="btn btn--danger" onClick={logout}>
                  Logout
                </button>
              </>
            ) : (
              me && (
                <button
                  type="button"
                  className={follow.following ? 'btn' : 'btn btn--primary'}
                  onClick={follow.toggle}
                  aria-busy={follow.pending || undefined}
                >
                  {follow.following ? 'Unfollow' : 'Follow'}
                </button>
              )
            )}
          </div>
        </div>
        {member.bio.trim() && <RichText className="profile-header__bio" text={member.bio} />}
        <ProfileLink link={member.link} />
        <div className="profile-header__counts">
          <span className="profile-header__count">
            {countLabel(postCount, 'Post', 'Posts')}
          </span>
          <button type="button" className="profile-header__count profile-header__count--btn" onClick={() => setList('Followers')}>
            {countLabel(followers.length, 'Follower', 'Followers')}
          </button>
          <button type="button" className="profile-header__count profile-header__count--btn" onClick={() => setList('Following')}>
            {member.following.length} Following
          </button>
        </div>
      </div>
      {list && (
        <UserListModal
          title={list}
          users={list === 'Followers' ? followers : member.following}
          emptyMessage={list === 'Followers' ? 'No followers yet' : 'Not following anyone yet'}
          onClose={() => setList(null)}
        />
      )}
      {editing && <EditProfileModal user={member} onClose={() => setEditing(false)} onSaved={onMemberChange} />}
    </section>
  );
}
