import React, { useState } from 'react';
import { Link } from 'react-router-dom';
import type { MemberV2 } from '@social/mock-api/contract-v2';
import { errorMessage, logout, toast, useAuth } from '@social/shell/bus';
import { useFollow } from '@social/shell/actions';
import { pathTo } from '@social/shell/routes';
import { Avatar, RichText, countLabel, fullName, safeHttpUrl } from '@social/shell/ui';
import { EditProfileModal } from '../edit/EditProfileModal';
import { UserListModal } from '../connections/UserListModal';
import { ProfileOptions } from '../safety/ProfileOptions';
import { useRelationship } from '../safety/use-relationship';

interface Props {
  member: MemberV2;
  isOwn: boolean;
  /** Reloads the member from the server (after a refused follow, to show the truth). */
  onReload: () => void;
}

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

export function ProfileHeader({ member, isOwn, onReload }: Props) {
  const auth = useAuth();
  const me = auth?.user ?? null;
  const [list, setList] = useState<'Followers' | 'Following' | null>(null);
  const [editing, setEditing] = useState(false);
  const follow = useFollow(member, { onFailed: onReload });
  const safety = useRelationship(member._id, !!me && !isOwn);
  const blocking = safety.relationship?.blocking ?? false;
  const unblock = () => void safety.unblock().catch((failure: unknown) => toast('error', errorMessage(failure)));

  // The followers count as it will be once the member's last follow choice lands.
  const followers = member.followerCount + (follow.following === follow.followingOnServer ? 0 : follow.following ? 1 : -1);

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
                <Link to={pathTo('settings')} className="btn">
                  Settings
                </Link>
                <button type="button" className="btn btn--danger" onClick={logout}>
                  Logout
                </button>
              </>
            ) : (
              me && (
                <>
                  {blocking ? (
                    <button type="button" className="btn" onClick={unblock}>
                      Unblock
                    </button>
                  ) : member.blocksViewer ? null : (
                    // A member who blocked the viewer cannot be followed (the server refuses it too).
                    <button
                      type="button"
                      className={follow.following ? 'btn' : 'btn btn--primary'}
                      onClick={follow.toggle}
                      aria-busy={follow.pending || undefined}
                    >
                      {follow.following ? 'Unfollow' : 'Follow'}
                    </button>
                  )}
                  <ProfileOptions member={member} safety={safety} />
                </>
              )
            )}
          </div>
        </div>
        {blocking && (
          <p className="profile-header__blocked" role="status">
            You have blocked this member
          </p>
        )}
        {member.bio.trim() && <RichText className="profile-header__bio" text={member.bio} />}
        <ProfileLink link={member.link} />
        <div className="profile-header__counts">
          <span className="profile-header__count">{countLabel(member.postCount, 'Post', 'Posts')}</span>
          <button type="button" className="profile-header__count profile-header__count--btn" onClick={() => setList('Followers')}>
            {/* The button's name is the product's, "{n} Followers", for every n (UI-NAMES.md). */}
            {followers} Followers
          </button>
          <button type="button" className="profile-header__count profile-header__count--btn" onClick={() => setList('Following')}>
            {member.followingCount} Following
          </button>
        </div>
      </div>
      {list && (
        <UserListModal
          title={list}
          memberId={member._id}
          emptyMessage={list === 'Followers' ? 'No followers yet' : 'Not following anyone yet'}
          onClose={() => setList(null)}
        />
      )}
      {editing && <EditProfileModal user={member} onClose={() => setEditing(false)} />}
    </section>
  );
}
