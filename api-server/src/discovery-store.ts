/**
 * Search, trending tags and followed tags (mock-api/src/core/tags.ts, DiscoveryStore) on
 * PostgreSQL (tables: src/search-schema.ts):
 *   Search:         the words of post_search, each as a word or the start of one (`'gard':*`);
 *                   the score counts the words matched whole. search_words' counts choose how:
 *                   - words few posts hold: their matches from the GIN index (post_search_vector),
 *                     then those posts, every one ranked (rankFew);
 *                   - with from:, the author's posts (posts_by_author_latest), every one ranked;
 *                   - else score level by score level, best first: a window of post_search_newest
 *                     (newest first), then the GIN index below the window when it did not fill
 *                     the page (searchByLevels).
 *                   Without words, the author's (posts_by_author_latest) or the tag's
 *                   (post_tags_by_tag) posts alone.
 *   Trending tags:  post_tags_recent_authors, the last day's tag rows with their authors, from
 *                   the index alone (no post read): once for every viewer in the instance's
 *                   ranking (src/trending-tags.ts), for one viewer when the ranking cannot tell.
 *   Followed tags:  followed_tags_by_member.
 */
import type { TrendingTagV2 } from '@social/mock-api/contract-v2';
import { searchScore, searchWordsOf, type DiscoveryStore, type PostRow, type SearchFilter, type SearchKey } from '@social/mock-api/core';
import type { RawBuilder } from 'kysely';
import { one, rows, sql, type Executor } from './db';
import { shownTo } from './safety-filters';
import type { TrendingTagRanking } from './trending-tags';
import { RendererV2 } from './v2/render';

/** A lexeme of a tsquery: the core's words are letters and digits only, so quoting is all it needs. */
const lexeme = (word: string, prefix: boolean) => `'${word}'${prefix ? ':*' : ''}`;

/** Every word, as a word or the start of one: the posts a search matches. */
const prefixQuery = (words: readonly string[]): string => words.map((w) => lexeme(w, true)).join(' & ');

/** Every word whole: the posts with the best score. */
const exactQuery = (words: readonly string[]): string => words.map((w) => lexeme(w, false)).join(' & ');

/** The score of `s` (post_search): how many of the words are whole words of the post. */
const scoreOf = (words: readonly string[]): RawBuilder<unknown> =>
  sql.join(
    words.map((w) => sql`(s.vector @@ ${lexeme(w, false)}::tsquery)::int`),
    sql` + `,
  );

/**
 * At most this many posts holding the words (search_words' counts): every match is ranked at
 * once (a few milliseconds); more, and the search reads score level by score level.
 */
const RANK_ALL_MAX = 100;

/** Rows of post_search_newest a score level reads first per post still wanted (then the GIN index). */
const WINDOW_PER_POST = 10;

export class SqlDiscoveryStore implements DiscoveryStore {
  constructor(
    private readonly ex: Executor,
    private readonly origin: string,
    /** The instance's shared ranking of trending tags (none: each request counts the day's tags). */
    private readonly trending?: TrendingTagRanking,
  ) {}

  async memberIdByHandle(handle: string): Promise<string | null> {
    return (await one(this.ex, sql<{ id: string }>`select id from members where lower(user_handler) = lower(${handle})`))?.id ?? null;
  }

  async searchPosts(
    filter: SearchFilter,
    after: SearchKey | null,
    count: number,
    viewerId: string | null,
  ): Promise<{ row: PostRow; score: number }[]> {
    const { words } = filter;
    let ids: RawBuilder<{ id: string }>;
    if (words.length === 0) ids = sql`${this.rankedSearch(filter, after, viewerId)} limit ${count}`;
    else if (!(await this.mayMatchMany(words))) ids = await this.rankFew(filter, after, count, viewerId);
    // from: with words many posts hold: the author's posts are the fewer.
    else if (filter.authorId !== null) ids = sql`${this.rankedSearch(filter, after, viewerId)} limit ${count}`;
    else ids = await this.searchByLevels(filter, after, count, viewerId);
    const found = await new RendererV2(this.ex, this.origin, viewerId ?? undefined).postRows(ids);
    // The score again from the text the row holds: the same words the stored vector was made of.
    return found.map((row) => ({ row, score: searchScore(new Set(searchWordsOf(row.content)), words) }));
  }

  /**
   * Whether more than RANK_ALL_MAX posts may match every word (search_words: the posts of each
   * word the query word is or starts, summed; the fewest of the query's words): then ranking
   * every match would grow with the network, and the search reads score level by score level.
   */
  private async mayMatchMany(words: readonly string[]): Promise<boolean> {
    const row = await one(
      this.ex,
      sql<{ posts: number }>`select coalesce(min(n.posts), 0)::int as posts from unnest(${words}::text[]) as q (word),
        lateral (select coalesce(sum(least(c.posts, ${RANK_ALL_MAX + 1})), 0) as posts from (
          select sw.posts from search_words sw
          where sw.word >= q.word and sw.word < q.word || chr(1114111) and starts_with(sw.word, q.word)
          order by sw.word limit ${RANK_ALL_MAX + 1}) c) n`,
    );
    return (row?.posts ?? 0) > RANK_ALL_MAX;
  }

  /**
   * Every post matching the filter after `after`, in search order (score, then newest), every
   * match ranked: without words the author's or the tag's posts, with from: the author's posts.
   */
  private rankedSearch(filter: SearchFilter, after: SearchKey | null, viewerId: string | null): RawBuilder<{ id: string }> {
    const { words } = filter;
    // Without words every score is 0: the order is the newest first alone.
    const score = words.length === 0 ? null : scoreOf(words);
    const conditions: RawBuilder<unknown>[] = [];
    if (score) conditions.push(sql`s.vector @@ ${prefixQuery(words)}::tsquery`);
    conditions.push(...this.filterConditions(filter));
    if (after)
      conditions.push(
        score
          ? sql`(${score}, p.created_at, p.id collate "C") < (${after[0]}::int, ${after[1]}::timestamptz, ${after[2]}::text collate "C")`
          : sql`(p.created_at, p.id collate "C") < (${after[1]}::timestamptz, ${after[2]}::text collate "C")`,
      );
    // With from:, the author's posts first (posts_by_author_latest), then each one's words by primary
    // key (offset 0 keeps that order of reading: joined, PostgreSQL reads every match of the GIN index).
    const join = !score
      ? sql``
      : filter.authorId !== null
        ? sql`cross join lateral (select s.vector from post_search s where s.post_id = p.id offset 0) s`
        : sql`join post_search s on s.post_id = p.id`;
    return sql<{ id: string }>`select p.id from posts p ${join}
      where ${sql.join(conditions, sql` and `)} ${shownTo(viewerId, sql`p.author_id`)}
      order by ${score ? sql`${score} desc, ` : sql``}p.created_at desc, p.id collate "C" desc`;
  }

  /**
   * The same order as rankedSearch for words few posts hold, in two reads: the matches from the
   * GIN index alone (post_search: a few rows), then their posts by primary key, filtered and
   * sorted. One query joining the two is planned for PostgreSQL's guess of 2 % of the posts for
   * any `'word':*` (20,000 at 1,000,000 posts): a hash join over every post, 150 ms where this
   * takes about 1.
   */
  private async rankFew(
    filter: SearchFilter,
    after: SearchKey | null,
    count: number,
    viewerId: string | null,
  ): Promise<RawBuilder<{ id: string }>> {
    const { words } = filter;
    const matched = await rows(
      this.ex,
      sql<{ post_id: string; score: number }>`select s.post_id, (${scoreOf(words)})::int as score from post_search s
        where s.vector @@ ${prefixQuery(words)}::tsquery`,
    );
    const conditions = this.filterConditions(filter);
    if (after)
      conditions.push(
        sql`(m.score, p.created_at, p.id collate "C") < (${after[0]}::int, ${after[1]}::timestamptz, ${after[2]}::text collate "C")`,
      );
    return sql<{ id: string }>`select p.id
      from unnest(${matched.map((m) => m.post_id)}::text[], ${matched.map((m) => m.score)}::int[]) as m (id, score)
      join posts p on p.id = m.id
      where true ${sql.join(
        conditions.map((c) => sql`and ${c}`),
        sql` `,
      )} ${shownTo(viewerId, sql`p.author_id`)}
      order by m.score desc, p.created_at desc, p.id collate "C" desc limit ${count}`;
  }

  /** The author and tags a search asks for, as conditions on `p` (posts). */
  private filterConditions(filter: SearchFilter): RawBuilder<unknown>[] {
    const conditions: RawBuilder<unknown>[] = [];
    if (filter.authorId !== null) conditions.push(sql`p.author_id = ${filter.authorId}`);
    for (const tag of filter.tags) conditions.push(sql`exists (select 1 from post_tags t where t.post_id = p.id and t.tag = ${tag})`);
    return conditions;
  }

  /**
   * A page of a search whose words many posts hold, one score level at a time, best first: the
   * posts matching with exactly that score, newest first, are first looked for in the newest
   * WINDOW_PER_POST × (posts still wanted) rows of post_search_newest (after the cursor at the
   * cursor's level); when that window was full and did not fill the page, the rest of the level
   * comes from the GIN index, fenced by the window's oldest row. No read ranks every match, and
   * the order is rankedSearch's: score, then created_at and id descending.
   */
  private async searchByLevels(
    filter: SearchFilter,
    after: SearchKey | null,
    count: number,
    viewerId: string | null,
  ): Promise<RawBuilder<{ id: string }>> {
    const { words } = filter;
    const score = scoreOf(words);
    const prefixes = prefixQuery(words);
    const extra = this.filterConditions(filter);
    const found: string[] = [];
    // A cursor's score above the top (a hand-made one) is no fence: every level is after it.
    for (let level = Math.min(after ? after[0] : words.length, words.length); level >= 0 && found.length < count; level -= 1) {
      // At the top level every word is whole: the GIN index finds those posts alone.
      const levelMatch = sql`s.vector @@ ${level === words.length ? exactQuery(words) : prefixes}::tsquery and ${score} = ${level}::int`;
      const matches = sql`${levelMatch}
        ${sql.join(
          extra.map((c) => sql`and ${c}`),
          sql` `,
        )} ${shownTo(viewerId, sql`p.author_id`)}`;
      const fence: readonly [string, string] | null = after && level === after[0] ? [after[1], after[2]] : null;
      const need = count - found.length;
      const windowSize = WINDOW_PER_POST * need;
      const [first, ...more] = await rows(
        this.ex,
        sql<{ id: string | null; scanned: number; last_at: string | null; last_id: string | null }>`with w as materialized (
          select s.post_id, s.created_at, s.vector from post_search s
          ${fence ? sql`where (s.created_at, s.post_id collate "C") < (${fence[0]}::timestamptz, ${fence[1]}::text collate "C")` : sql``}
          order by s.created_at desc, s.post_id collate "C" desc limit ${windowSize})
        select m.id, e.scanned, l.last_at, l.last_id
        from (select count(*)::int as scanned from w) e
          left join lateral (select w.created_at::text as last_at, w.post_id as last_id from w
            order by w.created_at, w.post_id collate "C" limit 1) l on true
          left join lateral (select p.id, s.created_at from w s join posts p on p.id = s.post_id where ${matches}
            order by s.created_at desc, s.post_id collate "C" desc limit ${need}) m on true
        order by m.created_at desc, m.id collate "C" desc`,
      );
      const window = [first!, ...more];
      for (const row of window) if (row.id !== null) found.push(row.id);
      const { scanned, last_at: lastAt, last_id: lastId } = first!;
      if (found.length >= count || scanned < windowSize || lastAt === null || lastId === null) continue;
      // The level's matches below the window from the GIN index (materialized: never a scan of
      // post_search_newest filtered row by row, which would read to the end when the level is short).
      const rest = await rows(
        this.ex,
        sql<{ id: string }>`with g as materialized (select s.post_id, s.created_at from post_search s
            where (s.created_at, s.post_id collate "C") < (${lastAt}::timestamptz, ${lastId}::text collate "C") and ${levelMatch})
          select p.id from g join posts p on p.id = g.post_id
          where true ${sql.join(
            extra.map((c) => sql`and ${c}`),
            sql` `,
          )} ${shownTo(viewerId, sql`p.author_id`)}
          order by g.created_at desc, g.post_id collate "C" desc limit ${count - found.length}`,
      );
      found.push(...rest.map((r) => r.id));
    }
    return sql<{ id: string }>`select t.id from unnest(${found}::text[]) with ordinality as t (id, n) order by t.n`;
  }

  trendingTags(since: string, now: string, viewerId: string | null, count: number): Promise<TrendingTagV2[]> {
    const counted = () => this.countTrendingTags(since, now, viewerId, count);
    return this.trending ? this.trending.answer(this.ex, since, now, viewerId, count, counted) : counted();
  }

  /** The day's tag rows counted for this viewer alone. */
  private countTrendingTags(since: string, now: string, viewerId: string | null, count: number): Promise<TrendingTagV2[]> {
    return rows(
      this.ex,
      sql<TrendingTagV2>`select t.tag as name, count(distinct t.author_id)::int as "postCount"
        from post_tags t
        where t.created_at > ${since}::timestamptz and t.created_at <= ${now}::timestamptz ${shownTo(viewerId, sql`t.author_id`)}
        group by t.tag
        order by 2 desc, t.tag collate "C"
        limit ${count}`,
    );
  }

  async followsTag(memberId: string, tag: string): Promise<boolean> {
    return !!(await one(this.ex, sql`select 1 from followed_tags where member_id = ${memberId} and tag = ${tag}`));
  }

  async followedTagCount(memberId: string): Promise<number> {
    return (await one(this.ex, sql<{ n: number }>`select count(*)::int as n from followed_tags where member_id = ${memberId}`))?.n ?? 0;
  }

  async setTagFollow(memberId: string, tag: string, follow: boolean, now: string): Promise<'changed' | 'same'> {
    const changed = follow
      ? await one(
          this.ex,
          sql`insert into followed_tags (member_id, tag, followed_at, followed_iso) values (${memberId}, ${tag}, ${now}::timestamptz, ${now})
            on conflict do nothing returning 1`,
        )
      : await one(this.ex, sql`delete from followed_tags where member_id = ${memberId} and tag = ${tag} returning 1`);
    return changed ? 'changed' : 'same';
  }

  readFollowedTags(memberId: string, after: [string, string] | null, count: number): Promise<{ tag: string; at: string }[]> {
    return rows(
      this.ex,
      sql<{ tag: string; at: string }>`select tag, followed_iso as at from followed_tags where member_id = ${memberId}
        ${after ? sql`and (followed_at, tag collate "C") < (${after[0]}::timestamptz, ${after[1]}::text collate "C")` : sql``}
        order by followed_at desc, tag collate "C" desc limit ${count}`,
    );
  }
}
