/**
 * Search, trending tags and followed tags (mock-api/src/core/tags.ts, DiscoveryStore) on
 * PostgreSQL (tables: src/search-schema.ts). Each read is one query:
 *   Search:         post_search_vector (GIN) for the words, each as a word or the start of one
 *                   (`'gard':*`); the author (posts_by_author_latest) or the tag (post_tags_by_tag)
 *                   alone when there is no word; the score counts the words matched whole.
 *   Trending tags:  post_tags_recent, the last day's tag rows, with their posts' authors.
 *   Followed tags:  followed_tags_by_member.
 */
import type { TrendingTagV2 } from '@social/mock-api/contract-v2';
import { searchScore, searchWordsOf, type DiscoveryStore, type PostRow, type SearchFilter, type SearchKey } from '@social/mock-api/core';
import type { RawBuilder } from 'kysely';
import { one, rows, sql, type Executor } from './db';
import { shownTo } from './safety-filters';
import { RendererV2 } from './v2/render';

/** A lexeme of a tsquery: the core's words are letters and digits only, so quoting is all it needs. */
const lexeme = (word: string, prefix: boolean) => `'${word}'${prefix ? ':*' : ''}`;

export class SqlDiscoveryStore implements DiscoveryStore {
  constructor(
    private readonly ex: Executor,
    private readonly origin: string,
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
    // Without words every score is 0: the order is the newest first alone.
    const score: RawBuilder<unknown> | null =
      words.length === 0
        ? null
        : sql.join(
            words.map((w) => sql`(s.vector @@ ${lexeme(w, false)}::tsquery)::int`),
            sql` + `,
          );
    const conditions: RawBuilder<unknown>[] = [];
    if (score) conditions.push(sql`s.vector @@ ${words.map((w) => lexeme(w, true)).join(' & ')}::tsquery`);
    if (filter.authorId !== null) conditions.push(sql`p.author_id = ${filter.authorId}`);
    for (const tag of filter.tags) conditions.push(sql`exists (select 1 from post_tags t where t.post_id = p.id and t.tag = ${tag})`);
    if (after)
      conditions.push(
        score
          ? sql`(${score}, p.created_at, p.id collate "C") < (${after[0]}::int, ${after[1]}::timestamptz, ${after[2]}::text collate "C")`
          : sql`(p.created_at, p.id collate "C") < (${after[1]}::timestamptz, ${after[2]}::text collate "C")`,
      );
    const ids = sql<{ id: string }>`select p.id from posts p ${score ? sql`join post_search s on s.post_id = p.id` : sql``}
      where ${sql.join(conditions, sql` and `)} ${shownTo(viewerId, sql`p.author_id`)}
      order by ${score ? sql`${score} desc, ` : sql``}p.created_at desc, p.id collate "C" desc limit ${count}`;
    const found = await new RendererV2(this.ex, this.origin, viewerId ?? undefined).postRows(ids);
    // The score again from the text the row holds: the same words the stored vector was made of.
    return found.map((row) => ({ row, score: searchScore(new Set(searchWordsOf(row.content)), words) }));
  }

  trendingTags(since: string, now: string, viewerId: string | null, count: number): Promise<TrendingTagV2[]> {
    return rows(
      this.ex,
      sql<TrendingTagV2>`select t.tag as name, count(distinct p.author_id)::int as "postCount"
        from post_tags t join posts p on p.id = t.post_id
        where t.created_at > ${since}::timestamptz and t.created_at <= ${now}::timestamptz ${shownTo(viewerId, sql`p.author_id`)}
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
