/**
 * Search, trending tags and followed tags (../core/tags.ts, DiscoveryStore) on the fake backend's
 * records: words from the search index (./search-index.ts), tags from the tag lists
 * (./indexes.ts, byTag), a member's followed tags on their own record (stored, synced between
 * tabs and deleted with the account like the rest of it).
 */
import type { TrendingTagV2 } from '../contract-v2';
import type { PostRow } from '../core/posts';
import { searchScore, type SearchKey } from '../core/search';
import type { DiscoveryStore, SearchFilter } from '../core/tags';
import { tagsOf } from '../core/text';
import { compareKeys, indexOf, type Key } from './indexes';
import type { Ctx } from './request-context';
import { hiddenFrom, time } from './safety-filters';
import { findUser, type StoredPost } from './store';
import { V2Renderer } from './v2/common';

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class MemoryDiscoveryStore implements DiscoveryStore {
  private readonly render: V2Renderer;

  constructor(private readonly ctx: Ctx) {
    this.render = new V2Renderer(ctx, null);
  }

  private get db() {
    return this.ctx.db;
  }

  memberIdByHandle(handle: string): string | null {
    return indexOf(this.db).usersByHandle.get(handle.toLowerCase())?._id ?? null;
  }

  searchPosts(filter: SearchFilter, after: SearchKey | null, count: number, viewerId: string | null): { row: PostRow; score: number }[] {
    const indexes = indexOf(this.db);
    const { hidden } = hiddenFrom(this.db, viewerId, this.ctx.now);
    const search = indexes.search();
    // The fewest candidates first: the posts of the rarest word, or the author's, or the first tag's.
    let candidates: Iterable<StoredPost>;
    if (filter.words.length > 0) {
      const sets = filter.words.map((word) => search.withPrefix(word)).sort((a, b) => a.size - b.size);
      candidates = [...sets[0]!].filter((post) => sets.every((set) => set.has(post)));
    } else if (filter.authorId !== null) candidates = indexes.listsOf(filter.authorId).latest.toArray();
    else candidates = indexes.byTag.get(filter.tags[0]!)?.toArray() ?? [];
    const found: { post: StoredPost; key: Key; score: number }[] = [];
    const afterKey: Key | null = after ? [after[0], time(after[1]), after[2]] : null;
    for (const post of candidates) {
      if (filter.authorId !== null && post.userId !== filter.authorId) continue;
      if (hidden.has(post.userId)) continue;
      if (filter.tags.some((tag) => !indexes.byTag.get(tag)?.has(post))) continue;
      const score = searchScore(search.wordsOf(post), filter.words);
      const key: Key = [score, time(post.createdAt), post._id];
      if (afterKey && compareKeys(key, afterKey) <= 0) continue;
      found.push({ post, key, score });
    }
    found.sort((a, b) => compareKeys(a.key, b.key));
    const viewer = viewerId === null ? null : (indexes.usersById.get(viewerId) ?? null);
    return found.slice(0, count).map(({ post, score }) => ({ row: this.render.postRow(post, viewer), score }));
  }

  /** The newest posts down to `since` (the explore list, newest first): a day's posts, never every post. */
  trendingTags(since: string, now: string, viewerId: string | null, count: number): TrendingTagV2[] {
    const latest = indexOf(this.db).all.latest;
    const { hidden } = hiddenFrom(this.db, viewerId, now);
    const from = time(since);
    const to = time(now);
    const members = new Map<string, Set<string>>();
    for (let i = 0; i < latest.size; i += 1) {
      const at = latest.keyAt(i)[0] as number;
      if (at <= from) break;
      const post = latest.at(i)!;
      if (at > to || hidden.has(post.userId) || typeof post.content !== 'string') continue;
      for (const tag of tagsOf(post.content)) {
        let who = members.get(tag);
        if (!who) members.set(tag, (who = new Set()));
        who.add(post.userId);
      }
    }
    return [...members]
      .map(([name, who]) => ({ name, postCount: who.size }))
      .sort((a, b) => b.postCount - a.postCount || byText(a.name, b.name))
      .slice(0, count);
  }

  followsTag(memberId: string, tag: string): boolean {
    return !!indexOf(this.db)
      .usersById.get(memberId)
      ?.followedTags?.some((t) => t.tag === tag);
  }

  followedTagCount(memberId: string): number {
    return indexOf(this.db).usersById.get(memberId)?.followedTags?.length ?? 0;
  }

  setTagFollow(memberId: string, tag: string, follow: boolean, now: string): 'changed' | 'same' {
    if (this.followsTag(memberId, tag) === follow) return 'same';
    const member = findUser(this.db, memberId);
    if (!member) return 'same';
    const others = (member.followedTags ?? []).filter((t) => t.tag !== tag);
    member.followedTags = follow ? [...others, { tag, at: now }] : others;
    return 'changed';
  }

  readFollowedTags(memberId: string, after: [string, string] | null, count: number): { tag: string; at: string }[] {
    const tags = [...(indexOf(this.db).usersById.get(memberId)?.followedTags ?? [])];
    const key = (t: { tag: string; at: string }): Key => [time(t.at), t.tag];
    const afterKey: Key | null = after ? [time(after[0]), after[1]] : null;
    return tags
      .filter((t) => !afterKey || compareKeys(key(t), afterKey) > 0)
      .sort((a, b) => compareKeys(key(a), key(b)))
      .slice(0, count);
  }
}
