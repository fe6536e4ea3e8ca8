/**
 * Finding posts: post search (./search.ts), trending tags and followed tags (docs/api.md,
 * "Search and tags"). Each operation checks its rules and asks its store (DiscoveryStore: the
 * fake backend's memory, api-server's PostgreSQL); both backends register the same bindings
 * (DISCOVERY_BINDINGS below), so the answers are the same, order included.
 */
import {
  MAX_FOLLOWED_TAGS,
  TRENDING_TAGS,
  V2_ERRORS,
  type PostV2,
  type TagAnswerV2,
  type TagsPageV2,
  type TrendingTagsAnswerV2,
  type TrendingTagV2,
  type V2RouteName,
} from '../contract-v2';
import { fail } from './errors';
import type { JsonObject } from './validate';
import type { Outcome } from './events';
import { LIST_TAGS } from './lists';
import { wait, type Operation, type Step } from './operation';
import { pageFrom, pageRequest, type ListKey } from './page';
import { postV2, tagListOf, type PostRow } from './posts';
import { parsePostSearch, SEARCH_LIST, type SearchKey } from './search';

/** What a search asks of the store: every word (as a word or the start of one), every tag, and the author when `from:` named one. */
export interface SearchFilter {
  words: string[];
  tags: string[];
  authorId: string | null;
}

export interface DiscoveryStore {
  /** The member whose handle this is (any case), or null. */
  memberIdByHandle(handle: string): Step<string | null>;
  /**
   * Up to `count` posts matching `filter` after `after`, in search order (./search.ts), each
   * with its score; with a viewer, not those of members safety hides from them (docs/safety.md).
   */
  searchPosts(
    filter: SearchFilter,
    after: SearchKey | null,
    count: number,
    viewerId: string | null,
  ): Step<{ row: PostRow; score: number }[]>;
  /**
   * Up to `count` tags of the posts created after `since` (and not after `now`), by how many
   * members used each (a viewer's hidden members left out), most first, then by name.
   */
  trendingTags(since: string, now: string, viewerId: string | null, count: number): Step<TrendingTagV2[]>;
  followsTag(memberId: string, tag: string): Step<boolean>;
  followedTagCount(memberId: string): Step<number>;
  /** Follows or unfollows; 'same' when it already was so. */
  setTagFollow(memberId: string, tag: string, follow: boolean, now: string): Step<'changed' | 'same'>;
  /** Up to `count` of the member's followed tags after `after`, most recently followed first ([at, tag] descending). */
  readFollowedTags(memberId: string, after: [string, string] | null, count: number): Step<{ tag: string; at: string }[]>;
}

/** The caller's followed tags: keyed [followedAt, tag]. */
export const FOLLOWED_TAGS_LIST: ListKey = { tag: LIST_TAGS.followedTags, shape: ['iso', 'text'] };

/** The tag a request names (`:tag`), normalised; 400 badTag when it is none. */
export const tagParam = (raw: unknown): string => (tagListOf(raw) as { tag: string }).tag;

/** A page of posts matching `?q=` (./search.ts), best first, then newest. An unknown `from:` handle matches nothing. */
export function* searchPosts(
  store: DiscoveryStore,
  viewerId: string | null,
  query: Record<string, unknown>,
): Operation<{ posts: PostV2[]; nextCursor: string | null }> {
  const search = parsePostSearch(query.q);
  const request = pageRequest(query, SEARCH_LIST);
  let authorId: string | null = null;
  if (search.from !== null) {
    authorId = yield* wait(store.memberIdByHandle(search.from));
    if (authorId === null) return { posts: [], nextCursor: null };
  }
  const filter = { words: search.words, tags: search.tags, authorId };
  const found = yield* wait(store.searchPosts(filter, request.after as SearchKey | null, request.limit + 1, viewerId));
  const page = pageFrom(found, request, ({ row, score }) => [score, row.createdAt, row.id]);
  return { posts: page.items.map(({ row }) => postV2(row)), nextCursor: page.nextCursor };
}

/** The tags in the most posts of the last TRENDING_TAGS.windowHours hours, each member's counted once. */
export function* trendingTags(store: DiscoveryStore, viewerId: string | null, now: string): Operation<TrendingTagsAnswerV2> {
  const since = new Date(Date.parse(now) - TRENDING_TAGS.windowHours * 3_600_000).toISOString();
  return { tags: yield* wait(store.trendingTags(since, now, viewerId, TRENDING_TAGS.max)) };
}

/** A tag by name (any case), with whether the viewer follows it. */
export function* readTag(store: DiscoveryStore, viewerId: string | null, raw: unknown): Operation<TagAnswerV2> {
  const name = tagParam(raw);
  if (viewerId === null) return { tag: { name } };
  return { tag: { name, viewerFollows: yield* wait(store.followsTag(viewerId, name)) } };
}

/**
 * Follows (or unfollows) a tag: its posts join (or leave) the member's home feed. Twice is
 * refused, as a member's follow is; past MAX_FOLLOWED_TAGS tags, 400 tooManyFollowedTags.
 */
export function* followTag(store: DiscoveryStore, memberId: string, now: string, raw: unknown, follow: boolean): Operation<TagAnswerV2> {
  const name = tagParam(raw);
  if (follow && !(yield* wait(store.followsTag(memberId, name))) && (yield* wait(store.followedTagCount(memberId))) >= MAX_FOLLOWED_TAGS)
    throw fail.badRequest(V2_ERRORS.tooManyFollowedTags);
  const change = yield* wait(store.setTagFollow(memberId, name, follow, now));
  if (change === 'same') throw fail.badRequest(follow ? V2_ERRORS.alreadyFollowingTag : V2_ERRORS.notFollowingTag);
  return { tag: { name, viewerFollows: follow } };
}

/** The member's followed tags, most recently followed first. */
export function* readFollowedTags(store: DiscoveryStore, memberId: string, query: Record<string, unknown>): Operation<TagsPageV2> {
  const request = pageRequest(query, FOLLOWED_TAGS_LIST);
  const found = yield* wait(store.readFollowedTags(memberId, request.after as [string, string] | null, request.limit + 1));
  const page = pageFrom(found, request, (row) => [row.at, row.tag]);
  return { tags: page.items.map((row) => ({ name: row.tag, viewerFollows: true })), nextCursor: page.nextCursor };
}

// ---- The calls, as both backends register them ----

/** What a binding reads of the request. */
export interface DiscoveryCall {
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
  body: JsonObject;
}

/** Who asks: `memberId` null for a read without a token ('viewer' calls only). */
export interface DiscoveryCaller {
  memberId: string | null;
  now: string;
}

export interface DiscoveryBinding {
  /** 'viewer': a read, token optional; 'member': a read of the caller's own; 'write': a change, in one transaction. */
  access: 'viewer' | 'member' | 'write';
  run(store: DiscoveryStore, caller: DiscoveryCaller, call: DiscoveryCall): Operation<Outcome<unknown>>;
}

/** The caller of a 'member' or 'write' call (the hosts require one before running it). */
const member = (caller: DiscoveryCaller): string => {
  if (caller.memberId === null) throw new Error('this call needs a signed-in member');
  return caller.memberId;
};

const answer = (
  access: DiscoveryBinding['access'],
  run: (store: DiscoveryStore, caller: DiscoveryCaller, call: DiscoveryCall) => Operation<unknown>,
): DiscoveryBinding => ({
  access,
  *run(store, caller, call) {
    return { result: yield* run(store, caller, call), events: [] };
  },
});

export const DISCOVERY_BINDINGS = {
  searchPosts: answer('viewer', (s, c, call) => searchPosts(s, c.memberId, call.query)),
  trendingTags: answer('viewer', (s, c) => trendingTags(s, c.memberId, c.now)),
  tag: answer('viewer', (s, c, call) => readTag(s, c.memberId, call.params.tag)),
  followedTags: answer('member', (s, c, call) => readFollowedTags(s, member(c), call.query)),
  followTag: answer('write', (s, c, call) => followTag(s, member(c), c.now, call.params.tag, true)),
  unfollowTag: answer('write', (s, c, call) => followTag(s, member(c), c.now, call.params.tag, false)),
} satisfies Partial<Record<V2RouteName, DiscoveryBinding>>;

export type DiscoveryRouteName = keyof typeof DISCOVERY_BINDINGS;
