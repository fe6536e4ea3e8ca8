/**
 * Post search's rules, the same on both backends (docs/api.md, "Search and tags"): how a post's
 * text becomes searchable words, how a query is read, which posts match and in which order. The
 * fake backend keeps the words in memory (../server/search-index.ts); api-server stores them,
 * computed here, in `post_search.words`, and PostgreSQL indexes them as a tsvector (GIN).
 *
 * - Words: the text lower-cased, decomposed (NFKD) and stripped of its combining marks (so
 *   `Café`, `CAFE\u0301` and `cafe` are one word), then each run of letters and digits
 *   (`\p{L}`, `\p{N}`): anything else separates words (`snake_case` is two words, `#garden` and
 *   `@ada` hold the words `garden` and `ada`). A word is cut to SEARCH_WORD_MAX code points.
 * - A query: words, `#tag`s (the post must have every one: its tags, ./text.ts) and
 *   `from:@handle` (`from:handle` too; the post's author, any case). A post matches when each
 *   query word is a word of the post or the start of one (`gard` finds `garden`).
 * - Order: best matches first (the score: how many query words are whole words of the post),
 *   then newest (createdAt, then id, descending): the key [score, createdAt, id].
 */
import { POST_SEARCH_LIMITS, V2_ERRORS } from '../contract-v2';
import { fail } from './errors';
import { LIST_TAGS } from './lists';
import type { ListKey } from './page';
import { tagsOf } from './text';

/** Longest word kept (code points): longer ones are cut, in posts and queries alike. */
export const SEARCH_WORD_MAX = 100;

const MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const FROM = /^from:@?([\p{L}\p{M}\p{N}_.+-]+)$/iu;

const cut = (word: string): string => (word.length <= SEARCH_WORD_MAX ? word : [...word].slice(0, SEARCH_WORD_MAX).join(''));

/** The text's searchable words, each once, in the order they first appear. */
export function searchWordsOf(text: string): string[] {
  const folded = text.toLowerCase().normalize('NFKD').replace(MARKS, '').normalize('NFC');
  const words = new Set<string>();
  for (const [word] of folded.matchAll(WORD)) words.add(cut(word));
  return [...words];
}

/** The words as api-server stores them (`post_search.words`): separated by one space. */
export const searchTextOf = (content: string): string => searchWordsOf(content).join(' ');

/** A query as read from `?q=`: its words, its tags (normalised) and the handle after `from:` (lower case), if any. */
export interface PostSearch {
  words: string[];
  tags: string[];
  from: string | null;
}

/**
 * `?q=` read by the rules above: 400 emptySearch when blank, searchTooLong past
 * POST_SEARCH_LIMITS.query characters, searchTooManyWords past its words, searchNothing when it
 * holds no word, tag or author. A second `from:` replaces the first.
 */
export function parsePostSearch(raw: unknown): PostSearch {
  if (typeof raw !== 'string' || raw.trim() === '') throw fail.badRequest(V2_ERRORS.emptySearch);
  if ([...raw].length > POST_SEARCH_LIMITS.query) throw fail.badRequest(V2_ERRORS.searchTooLong);
  const words = new Set<string>();
  const tags = new Set<string>();
  let from: string | null = null;
  for (const part of raw.trim().split(/\s+/u)) {
    const author = FROM.exec(part);
    if (author) {
      from = author[1]!.toLowerCase();
      continue;
    }
    const tagged = part.startsWith('#') ? tagsOf(part) : [];
    if (tagged.length > 0) for (const tag of tagged) tags.add(tag);
    else for (const word of searchWordsOf(part)) words.add(word);
  }
  if (words.size > POST_SEARCH_LIMITS.words) throw fail.badRequest(V2_ERRORS.searchTooManyWords);
  if (words.size === 0 && tags.size === 0 && from === null) throw fail.badRequest(V2_ERRORS.searchNothing);
  return { words: [...words], tags: [...tags], from };
}

/** The query's words that are whole words of the post (its words as a set): the post's score. */
export function searchScore(postWords: ReadonlySet<string>, words: readonly string[]): number {
  let score = 0;
  for (const word of words) if (postWords.has(word)) score += 1;
  return score;
}

/** The search's cursor tag and key shape: [score, createdAt, id]. */
export const SEARCH_LIST: ListKey = { tag: LIST_TAGS.searchPosts, shape: ['int4', 'iso', 'text'] };

/** A search's sort key: [score, createdAt, id], greater first. */
export type SearchKey = [score: number, createdAt: string, id: string];
