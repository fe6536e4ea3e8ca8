/**
 * The copy of the signed-in member kept in localStorage ('login-items') outlives the page, but
 * a `blob:` address does not: the fake backend (mock-api/src/server/image-store.ts) answers
 * pictures as object URLs made by the page, which die with it. A stored `blob:` picture would
 * make every reload ask for a dead address (ERR_FILE_NOT_FOUND). So the stored copy never keeps
 * one (no picture: the avatar shows initials), and the shell re-reads the member at start
 * (`useMe` in shell/src/data → updateAuthUser), which brings the picture's live address.
 */
/** What this needs of a stored member (the v2 MeV2, or a v1 User stored by an earlier version). */
interface WithPicture {
  _id: string;
  pic: string;
}

/** An address made by this page (URL.createObjectURL), unusable after a reload. */
const isPageBoundUrl = (url: string): boolean => url.startsWith('blob:');

/** The member as stored: a page-bound picture is left out. */
export function memberForStorage<T extends WithPicture>(user: T): T {
  return isPageBoundUrl(user.pic) ? { ...user, pic: '' } : user;
}

/**
 * The member read back from storage. A page-bound picture (stored before this rule) is dropped;
 * with `current`, this page's own copy of the same member, its live picture is kept when the
 * stored one was left out (another tab's write).
 */
export function memberFromStorage<T extends WithPicture>(stored: T, current?: T | null): T {
  if (isPageBoundUrl(stored.pic)) return memberFromStorage({ ...stored, pic: '' }, current);
  if (stored.pic === '' && current && current._id === stored._id && current.pic) return { ...stored, pic: current.pic };
  return stored;
}
