/**
 * The fake backend's post lists with reposts (../core/reposts.ts): the home feed (posts of the
 * member's circle, and posts reposted by members they follow) and a member's posts (theirs, and
 * their reposts). Both merge the authors' lists and the reposters' lists of ./indexes.ts by the
 * same key (time, post id), and keep each post once, at its newest appearance
 * (compareAppearances), so a page never shows a post twice and no later page shows it again.
 */
import { compareAppearances } from '../core/reposts';
import { followedTagLists } from './followed-tags';
import { indexOf, SortedList, type Key, type RepostEntry } from './indexes';
import type { Db, StoredPost } from './store';
import { pageOfMerged } from './v2/common';

/** A post in a list with reposts: the post itself, or a repost of it (then `repostedBy` says by whom). */
export interface ListedPost {
  post: StoredPost;
  repost: RepostEntry | null;
}

type Item = StoredPost | RepostEntry;
const isRepost = (item: Item): item is RepostEntry => 'memberId' in item && 'post' in item;

/**
 * Up to `count` posts after `after`, from `authors`' posts, the posts of `tagLists` (the followed
 * tags': there as themselves, as an author's post is) and `reposters`' reposts, each post once at
 * its newest appearance among those. `hidden`: members whose posts and reposts are left out.
 */
function merged(
  db: Db,
  authors: Set<string>,
  reposters: Set<string>,
  hidden: ReadonlySet<string>,
  after: Key | null,
  count: number,
  tagLists: SortedList<StoredPost>[] = [],
) {
  const indexes = indexOf(db);
  // Read only (pageOfMerged never adds to a list), so a list of either kind serves as a list of both.
  const lists: SortedList<Item>[] = tagLists.map((list) => list as unknown as SortedList<Item>);
  const tagged = new Set(tagLists.flatMap((list) => list.toArray().map((post) => post._id)));
  for (const id of authors) {
    const own = indexes.byAuthor.get(id)?.latest;
    if (own && !hidden.has(id)) lists.push(own as unknown as SortedList<Item>);
  }
  for (const id of reposters) {
    const reposts = indexes.repostsBy.get(id);
    if (reposts && !hidden.has(id)) lists.push(reposts as unknown as SortedList<Item>);
  }
  // The newest appearance of the post among these lists.
  const newest = (post: StoredPost): { at: string; by: string | null } | null => {
    let best: { at: string; by: string | null } | null =
      authors.has(post.userId) || tagged.has(post._id) ? { at: post.createdAt, by: null } : null;
    for (const repost of post.reposts ?? []) {
      if (!reposters.has(repost.memberId) || hidden.has(repost.memberId)) continue;
      const here = { at: repost.at, by: repost.memberId };
      if (!best || compareAppearances(here, best) > 0) best = here;
    }
    return best;
  };
  const keep = (item: Item): boolean => {
    const post = isRepost(item) ? item.post : item;
    if (hidden.has(post.userId)) return false;
    const best = newest(post);
    const here = isRepost(item) ? { at: item.at, by: item.memberId } : { at: post.createdAt, by: null };
    return best !== null && compareAppearances(here, best) === 0;
  };
  return pageOfMerged(lists, after, count, keep).items.map((item): ListedPost =>
    isRepost(item) ? { post: item.post, repost: item } : { post: item, repost: null },
  );
}

/**
 * Home, newest first: posts by me, my followers and those I follow (SPEC §2), posts with a tag I
 * follow (./followed-tags.ts), and posts reposted by those I follow.
 */
export function homeWithReposts(db: Db, memberId: string, hidden: ReadonlySet<string>, after: Key | null, count: number): ListedPost[] {
  const indexes = indexOf(db);
  const me = indexes.usersById.get(memberId);
  const circle = new Set([memberId, ...(me?.followers ?? []), ...(me?.following ?? [])]);
  return merged(db, circle, new Set(me?.following ?? []), hidden, after, count, followedTagLists(indexes, me, 'latest'));
}

/** A member's posts, newest first: theirs and their reposts (less those whose author the viewer's lists hide). */
export function memberWithReposts(db: Db, memberId: string, hidden: ReadonlySet<string>, after: Key | null, count: number): ListedPost[] {
  const shown = new Set(hidden);
  // Their own posts show on their page whatever the viewer hides (as without reposts).
  shown.delete(memberId);
  return merged(db, new Set([memberId]), new Set([memberId]), shown, after, count);
}
