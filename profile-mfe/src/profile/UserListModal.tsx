import React from 'react';
import { Link } from 'react-router-dom';
import type { UserSummary } from '@social/mock-api/contract';
import { Avatar, Modal, fullName } from '@social/shell/ui';
import { pathTo } from '@social/shell/routes';

interface Props {
  title: 'Followers' | 'Following';
  users: readonly UserSummary[];
  emptyMessage: string;
  onClose: () => void;
}

/** The followers or following of a member: each entry opens that member's profile and closes the list. */
export function UserListModal({ title, users, emptyMessage, onClose }: Props) {
  return (
    <Modal title={title} onClose={onClose} className="profile-users-modal">
      {users.length === 0 ? (
        <p className="muted profile-empty">{emptyMessage}</p>
      ) : (
        <ul className="profile-users">
          {users.map((user) => (
            <li key={user._id}>
              <Link className="profile-users__item" to={pathTo('profile', { userHandler: user.userHandler })} onClick={onClose}>
                <Avatar src={user.pic} name={fullName(user)} size={40} decorative />
                <span className="profile-users__names">
                  <span className="profile-users__name">{fullName(user)}</span>
                  {/* Hidden from the link name so it reads as the member's name, like search results. */}
                  <span className="muted profile-users__handle" aria-hidden="true">@{user.userHandler}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
