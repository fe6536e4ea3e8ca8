/**
 * Post search's index on the fake backend (../core/search.ts): each word → the posts holding it,
 * and the words in order, so a query word finds every word it starts (a binary search, then a
 * range). Built from the posts on the first search after a load (the first page load does not
 * pay for it), then kept by every write as the other indexes are (./indexes.ts).
 */
import { searchWordsOf } from '../core/search';
import type { StoredPost } from './records';

export class SearchIndex {
  /** Each post's words, with the content they were read from (a like leaves the content, so it is not read again). */
  private readonly wordsOfPost = new Map<StoredPost, { content: unknown; words: ReadonlySet<string> }>();
  private readonly postsOfWord = new Map<string, Set<StoredPost>>();
  /** Every word, in code-unit order; null once a new word came (sorted again on the next search). */
  private sorted: string[] | null = null;

  constructor(posts: Iterable<StoredPost>) {
    for (const post of posts) this.sync(post);
  }

  /** The post's words (none for a damaged record whose content is not text). */
  wordsOf(post: StoredPost): ReadonlySet<string> {
    return this.wordsOfPost.get(post)?.words ?? new Set();
  }

  sync(post: StoredPost): void {
    const before = this.wordsOfPost.get(post);
    if (before && before.content === post.content) return;
    if (before) this.forget(post, before.words);
    const words = new Set(typeof post.content === 'string' ? searchWordsOf(post.content) : []);
    for (const word of words) {
      let posts = this.postsOfWord.get(word);
      if (!posts) {
        this.postsOfWord.set(word, (posts = new Set()));
        this.sorted = null;
      }
      posts.add(post);
    }
    this.wordsOfPost.set(post, { content: post.content, words });
  }

  drop(post: StoredPost): void {
    const before = this.wordsOfPost.get(post);
    if (before) this.forget(post, before.words);
    this.wordsOfPost.delete(post);
  }

  /** The posts with a word that is `prefix` or starts with it. */
  withPrefix(prefix: string): Set<StoredPost> {
    const words = (this.sorted ??= [...this.postsOfWord.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    let low = 0;
    let high = words.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (words[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    const found = new Set<StoredPost>();
    for (let i = low; i < words.length && words[i]!.startsWith(prefix); i += 1)
      for (const post of this.postsOfWord.get(words[i]!)!) found.add(post);
    return found;
  }

  private forget(post: StoredPost, words: ReadonlySet<string>): void {
    for (const word of words) {
      const posts = this.postsOfWord.get(word);
      posts?.delete(post);
      if (posts?.size === 0) {
        this.postsOfWord.delete(word);
        this.sorted = null;
      }
    }
  }
}
