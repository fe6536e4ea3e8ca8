import React from 'react';
import { useFollowTag, useTag } from './tag-data';

/**
 * "Follow #tag" / "Unfollow #tag" on a tag's page: its posts join (or leave) the member's home
 * feed. Shown once the server said whether the member follows it; busy while the change is sent.
 */
export function FollowTagButton({ tag }: { tag: string }) {
  const state = useTag(tag);
  const change = useFollowTag(tag);
  if (!state.data) return null;
  const follows = state.data.viewerFollows === true;
  return (
    <button
      type="button"
      className={follows ? 'btn' : 'btn btn--primary'}
      aria-pressed={follows}
      disabled={change.isPending}
      onClick={() => change.mutate(!follows)}
    >
      {follows ? `Unfollow #${tag}` : `Follow #${tag}`}
    </button>
  );
}
