import React from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@social/shell/bus';
import { useFollowList } from '@social/shell/data';
import { Avatar, Modal, Spinner, fullName } from '@social/shell/ui';
import { pathTo } from '@social/shell/routes';

interface Props {
  title: 'Followers' | 'Following';
  /** Whose followers or following. */
  memberId: string;
  emptyMessage: string;
  onClose: () => void;
}

/**
 * The followers or following of a member, most recent first, page by page (the server's
 * lists): each entry opens that member's profile and closes the list.
 */
export function UserListModal({ title, memberId, emptyMessage, onClose }: Props) {
  const list = useFollowList(memberId, title === 'Followers' ? 'followers' : 'following');
  const users = list.items;
  let body: React.ReactNode;
  if (users.length === 0) {
    if (list.isPending) body = <Spinner size="small" />;
    else if (list.error) body = <p className="muted profile-empty">{errorMessage(list.error)}</p>;
    else body = <p className="muted profile-empty">{emptyMessage}</p>;
  } else {
    body = (
      <ul className="profile-users">
        {users.map((user) => (
          <li key={user._id}>
            <Link className="profile-users__item" to={pathTo('profile', { userHandler: user.userHandler })} onClick={onClose}>
              <Avatar src={user.pic} name={fullName(user)} size={40} decorative />
              <span className="profile-users__names">
                <span className="profile-users__name">{fullName(user)}</span>
                {/* Hidden from the link name so it reads as the member's name, like search results. */}
                <span className="muted profile-users__handle" aria-hidden="true">
                  @{user.userHandler}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Modal title={title} onClose={onClose} className="profile-users-modal">
      {body}
      {users.length > 0 && list.isFetchingNextPage && <Spinner size="small" />}
      {users.length > 0 && (list.hasNextPage || list.error !== null) && !list.isFetchingNextPage && (
        <button type="button" className="btn" onClick={list.error !== null ? list.retry : list.fetchNextPage}>
          {list.error !== null ? 'Try again' : 'Show more'}
        </button>
      )}
    </Modal>
  );
}
