/**
 * Every paged v2 list and its cursor tag, the same on both backends: a cursor from one list is
 * refused by another (./page.ts). Each backend pairs a tag with the shape of its own sort key.
 */
import type { PostSort } from '../contract';

export const LIST_TAGS = {
  explore: { latest: 'El', trending: 'Et' },
  home: { latest: 'Hl', trending: 'Ht' },
  memberPosts: 'Pl',
  activities: 'A',
  tagPosts: 'T',
  search: 'S',
  searchPosts: 'SP',
  followedTags: 'FT',
  suggested: 'G',
  followers: 'FR',
  following: 'FG',
  bookmarks: 'B',
  comments: 'C',
  likers: 'LK',
  reports: 'R',
  blocks: 'BK',
  mutes: 'MU',
  notifications: 'N',
  reposters: 'RP',
  postHistory: 'V',
} as const;

/** The tag of a feed (explore or home) in one sort. */
export const feedTag = (feed: 'explore' | 'home', sort: PostSort): string => LIST_TAGS[feed][sort];
