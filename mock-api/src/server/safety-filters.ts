/**
 * What safety hides from a viewer on the fake backend's records (docs/safety.md): blocks and
 * mutes live on the member records (./store.ts); who blocked a member is found by reading every
 * member's blocks, which the in-browser data (a few thousand members at most) affords.
 */
import type { BlockSide } from '../core/blocks';
import { indexOf } from './indexes';
import type { Db, StoredMute } from './store';

export const time = (iso: string): number => Date.parse(iso);

/** A mute still in force at `now`. */
export const muteInForce = (mute: StoredMute, now: string): boolean => mute.until === null || time(mute.until) > time(now);

export function blockSideOf(db: Db, memberId: string, otherId: string): BlockSide {
  const users = indexOf(db).usersById;
  if (users.get(memberId)?.blocks?.some((b) => b.memberId === otherId)) return 'blocks';
  if (users.get(otherId)?.blocks?.some((b) => b.memberId === memberId)) return 'blocked-by';
  return 'none';
}

/**
 * What safety hides from a viewer at `now`: `hidden`, the members whose posts, comments and
 * profiles leave the viewer's feeds, tag pages, comments, search and suggestions (blocked either
 * way, or muted); `blockedBy`, the members who blocked the viewer (their own pages show the
 * viewer nothing). Empty without a viewer.
 */
export function hiddenFrom(db: Db, viewerId: string | null, now: string): { hidden: Set<string>; blockedBy: Set<string> } {
  const hidden = new Set<string>();
  const blockedBy = new Set<string>();
  if (viewerId === null) return { hidden, blockedBy };
  const viewer = indexOf(db).usersById.get(viewerId);
  for (const b of viewer?.blocks ?? []) hidden.add(b.memberId);
  for (const m of viewer?.mutes ?? []) if (muteInForce(m, now)) hidden.add(m.memberId);
  for (const user of db.users)
    if (user.blocks?.some((b) => b.memberId === viewerId)) {
      hidden.add(user._id);
      blockedBy.add(user._id);
    }
  return { hidden, blockedBy };
}

/**
 * hiddenFrom read the other way, for the live events of a write (./live.ts): each member whose
 * lists hide one of `authors` at `now` (blocked either way, or muted in force), with those authors.
 */
export function membersHiding(db: Db, authors: ReadonlySet<string>, now: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const hide = (memberId: string, authorId: string) => {
    const hidden = out.get(memberId) ?? new Set<string>();
    out.set(memberId, hidden.add(authorId));
  };
  if (authors.size === 0) return out;
  for (const user of db.users) {
    for (const b of user.blocks ?? []) {
      if (authors.has(b.memberId)) hide(user._id, b.memberId);
      if (authors.has(user._id)) hide(b.memberId, user._id);
    }
    for (const m of user.mutes ?? []) if (authors.has(m.memberId) && muteInForce(m, now)) hide(user._id, m.memberId);
  }
  return out;
}
