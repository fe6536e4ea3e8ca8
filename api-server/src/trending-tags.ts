/**
 * Trending tags on api-server (mock-api/src/core/tags.ts, `trendingTags`): one ranking of the
 * last day's tags per instance, shared by every viewer, instead of counting the day's tag rows
 * for each request.
 *
 * - The ranking: the CANDIDATES tags used by the most members, each with the ids of the members
 *   who used it, and the count of the next tag (the bound). Read in one statement, with the
 *   change log's newest post event (a post created, edited or deleted; a reset) in the same
 *   snapshot: its version.
 * - A viewer's answer: each candidate's members less those the viewer hides (safety-filters.ts,
 *   `hiddenSet`), then the order of the SQL query. Hiding only lowers counts, so a tag outside
 *   the candidates counts at most the bound: when the viewer's last tag counts more, the answer
 *   is the query's own; otherwise (a viewer who hides most of a day's members) the query runs.
 * - Freshness: each answer reads the version (with the viewer's hidden members, one statement);
 *   a post event committed since, on any instance, reads the ranking again. The window moves
 *   with the clock: a ranking serves requests whose time is at most TRENDING_MAX_AGE_MS after its own,
 *   which also bounds a change the version cannot show (two writes committed out of seq order).
 */
import type { TrendingTagV2 } from '@social/mock-api/contract-v2';
import { one, rows, sql, type Executor } from './db';
import { hiddenSet } from './safety-filters';
import { TAG_CHANGES } from './search-schema';

/** How long a ranking serves after the time it was read for (the window's edge moves by at most this). */
export const TRENDING_MAX_AGE_MS = 1000;
/** Tags kept with their members: the viewer's answer is exact while its last tag counts more than the next one. */
const CANDIDATES = 100;
/** The newest change log event that can change a day's tag rows, as text ('0': none): one entry of change_log_tag_changes. */
const versionQuery = sql<{ version: string }>`select coalesce(max(seq), 0)::text as version
  from change_log where ${sql.raw(TAG_CHANGES)}`;

interface Ranking {
  /** The time it was read for (ms). */
  at: number;
  version: string;
  /** In the SQL order; `key`: the name's UTF-8 bytes, which the "C" collation compares. */
  tags: { name: string; key: Buffer; members: ReadonlySet<string> }[];
  /** Members who used the most used tag left out (0: every tag of the day is a candidate). */
  bound: number;
}

/** The order of trending tags: most members first, then by name as the "C" collation orders it. */
const byCountThenName = (a: { postCount: number; key: Buffer }, b: { postCount: number; key: Buffer }): number =>
  b.postCount - a.postCount || Buffer.compare(a.key, b.key);

export class TrendingTagRanking {
  private ranking: Ranking | undefined;
  /** The read under way, shared by the requests that found the ranking stale meanwhile. */
  private reading: Promise<Ranking> | undefined;

  constructor(private readonly candidates = CANDIDATES) {}

  /**
   * Up to `count` tags of the posts created after `since` and not after `now`, as the viewer sees
   * them; `exact` is the SQL query for this viewer alone (run when the ranking cannot tell).
   */
  async answer(
    ex: Executor,
    since: string,
    now: string,
    viewerId: string | null,
    count: number,
    exact: () => Promise<TrendingTagV2[]>,
  ): Promise<TrendingTagV2[]> {
    const at = Date.parse(now);
    const facts = await one(
      ex,
      viewerId
        ? sql<{ version: string; hidden: string[] }>`select v.version,
            array(select h.id from (${hiddenSet(viewerId, sql`${now}::timestamptz`)}) h) as hidden
            from (${versionQuery}) v`
        : sql<{ version: string; hidden: string[] }>`select v.version, '{}'::text[] as hidden from (${versionQuery}) v`,
    );
    const version = facts?.version ?? '0';
    const hidden = new Set(facts?.hidden ?? []);
    let ranking = this.ranking;
    if (!ranking || ranking.version !== version || at < ranking.at || at - ranking.at >= TRENDING_MAX_AGE_MS) {
      ranking = await this.read(ex, since, now, at);
      // A read another request began may have read before the change this one saw: read again.
      if (BigInt(ranking.version) < BigInt(version)) ranking = await this.load(ex, since, now, at);
    }
    const tags = ranking.tags
      .map(({ name, key, members }) => {
        let postCount = members.size;
        for (const id of hidden) if (members.has(id)) postCount -= 1;
        return { name, key, postCount };
      })
      .filter((tag) => tag.postCount > 0)
      .sort(byCountThenName)
      .slice(0, count);
    const last = tags[tags.length - 1];
    const complete = ranking.bound === 0 || (tags.length === count && last !== undefined && last.postCount > ranking.bound);
    return complete ? tags.map(({ name, postCount }) => ({ name, postCount })) : exact();
  }

  private read(ex: Executor, since: string, now: string, at: number): Promise<Ranking> {
    this.reading ??= this.load(ex, since, now, at).finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async load(ex: Executor, since: string, now: string, at: number): Promise<Ranking> {
    const list = await rows(
      ex,
      sql<{ name: string; members: string[]; version: string }>`select t.tag as name, array_agg(distinct t.author_id) as members, v.version
        from (${versionQuery}) v
        left join post_tags t on t.created_at > ${since}::timestamptz and t.created_at <= ${now}::timestamptz
        group by t.tag, v.version
        order by count(distinct t.author_id) desc, t.tag collate "C"
        limit ${this.candidates + 1}`,
    );
    const tags = list.filter((row) => row.name !== null);
    const ranking: Ranking = {
      at,
      version: list[0]?.version ?? '0',
      tags: tags.slice(0, this.candidates).map((row) => ({ name: row.name, key: Buffer.from(row.name), members: new Set(row.members) })),
      bound: tags.length > this.candidates ? tags[this.candidates]!.members.length : 0,
    };
    // A read that started for an older time does not replace a newer one.
    if (!this.ranking || this.ranking.at <= at) this.ranking = ranking;
    return ranking;
  }
}
