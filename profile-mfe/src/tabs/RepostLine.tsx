import React from 'react';
import { Link } from 'react-router-dom';
import type { RepostReasonV2 } from '@social/mock-api/contract-v2';
import { pathTo } from '@social/shell/routes';
import { fullName } from '@social/shell/ui';

/** "{First Last} reposted" above a post the profile tab holds because of a repost, linking to the reposter's profile. */
export function RepostLine({ reason }: { reason: RepostReasonV2 }) {
  const text = `${fullName(reason.member) || reason.member.userHandler} reposted`;
  return (
    <p className="profile-repost muted">
      <span className="profile-repost__icon" aria-hidden="true">
        ⟲
      </span>
      {reason.member.userHandler ? <Link to={pathTo('profile', { userHandler: reason.member.userHandler })}>{text}</Link> : text}
    </p>
  );
}
