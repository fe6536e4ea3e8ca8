/**
 * The followed tags' part of a member's home feed on the fake backend (../core/tags.ts): each
 * tag's posts as a list in the feed's order, merged with the authors' lists (./post-store.ts).
 * Latest uses the tag's own list (./indexes.ts, byTag); Trending sorts the tag's reacted posts
 * for the request (the in-browser data holds a few thousand posts at most).
 */
import type { PostSort } from '../contract';
import { SortedList, trendingKey, type Indexes } from './indexes';
import type { StoredPost, StoredUser } from './records';

export function followedTagLists(indexes: Indexes, member: StoredUser | undefined, sort: PostSort): SortedList<StoredPost>[] {
  const lists: SortedList<StoredPost>[] = [];
  for (const { tag } of member?.followedTags ?? []) {
    const posts = indexes.byTag.get(tag);
    if (!posts) continue;
    if (sort === 'latest') lists.push(posts);
    else {
      const trending = new SortedList<StoredPost>(trendingKey);
      trending.build(posts.toArray());
      lists.push(trending);
    }
  }
  return lists;
}
