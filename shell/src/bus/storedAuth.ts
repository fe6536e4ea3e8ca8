/**
 * The copy of the signed-in member kept in localStorage ('login-items') outlives the page, but
 * a `blob:` address does not: the fake backend (mock-api/src/server/image-store.ts) answers
 * pictures as object URLs made by the page, which die with it. A stored `blob:` picture would
 * make every reload ask for a dead address (ERR_FILE_NOT_FOUND). So the stored copy never keeps
 * one (no picture: the avatar shows initials), and the shell re-reads the members at start
 * (AppFrame's UsersLoader → setUsers → updateAuthUser), which brings the picture's live address.
 */
import type { User } from '@social/mock-api/contract';

/** An address made by this page (URL.createObjectURL), unusable after a reload. */
export const isPageBoundUrl = (url: string): boolean => url.startsWith('blob:');

/** The member as stored: a page-bound picture is left out. */
export function userForStorage(user: User): User {
  return isPageBoundUrl(user.pic) ? { ...user, pic: '' } : user;
}

/**
 * The member read back from storage. A page-bound picture (stored before this rule) is dropped;
 * with `current`, this page's own copy of the same member, its live picture is kept when the
 * stored one was left out (another tab's write).
 */
export function userFromStorage(stored: User, current?: User | null): User {
  if (isPageBoundUrl(stored.pic)) return userFromStorage({ ...stored, pic: '' }, current);
  if (stored.pic === '' && current && current._id === stored._id && current.pic) return { ...stored, pic: current.pic };
  return stored;
}
