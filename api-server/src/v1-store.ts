/**
 * The v1 reads' store (mock-api/src/core/v1.ts, V1Store) on PostgreSQL: a few set-based queries
 * per answer (posts, reactions, comments, replies, upvotes; members, follows, bookmarks; the
 * names of the members they hold), grouped into the core's v1 rows in the same orders as the
 * fake backend. Never one query per post or member.
 *
 * Bounded (public mode, http/v1-lists.ts): every list holds at most `maxItems` of its newest
 * items (every post, the explore page, an author's posts, the members), read with a limit so a
 * large network costs no more than a small one; and a member is never found by login e-mail.
 */
import type { UserSummary } from '@social/mock-api/contract';
import type { V1CommentRow, V1PostList, V1PostRow, V1ReplyRow, V1Rows, V1Store, V1UserRow } from '@social/mock-api/core';
import { one, rows, sql, type Executor } from './db';
import { picUrl } from './images';

/** A member's stored columns (MEMBER_COLUMNS); v2's rows add the counts. */
export interface MemberRow {
  id: string;
  numeric_id: string;
  username: string;
  user_handler: string;
  first_name: string;
  last_name: string;
  pic_url: string;
  pic_image_id: string | null;
  bio: string;
  link: string;
  created_iso: string;
  updated_iso: string;
}

const MEMBER_COLUMNS = sql`m.id, m.numeric_id, m.username, m.user_handler, m.first_name, m.last_name, m.pic_url, m.pic_image_id, m.bio, m.link, m.created_iso, m.updated_iso`;

/** The items of `list` grouped by `key`, each group in the list's order. */
function groupBy<T>(list: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** How public mode bounds the v1 reads (undefined: SPEC §7's unbounded lists and e-mail look-ups). */
export interface V1Bounds {
  /** The most items a list answer holds: its newest. */
  maxItems: number;
}

export class SqlV1Store implements V1Store {
  constructor(
    private readonly ex: Executor,
    /** This API's origin, for image URLs. */
    private readonly origin: string,
    private readonly bounds?: V1Bounds,
  ) {}

  /** Members in signup order; all of them, or the given ids. */
  private memberRows(ids?: readonly string[]): Promise<MemberRow[]> {
    if (ids && ids.length === 0) return Promise.resolve([]);
    return rows(
      this.ex,
      ids
        ? sql<MemberRow>`select ${MEMBER_COLUMNS} from members m join unnest(${ids}::text[]) as wanted (id) on wanted.id = m.id order by m.seq`
        : sql<MemberRow>`select ${MEMBER_COLUMNS} from members m order by m.seq`,
    );
  }

  private summaryOf(m: MemberRow): UserSummary {
    return {
      _id: m.id,
      firstName: m.first_name,
      lastName: m.last_name,
      userHandler: m.user_handler,
      pic: picUrl(this.origin, m.pic_url, m.pic_image_id),
    };
  }

  /** `nameOf` for the members named, reading only those not among `known`. */
  private async names(ids: Iterable<string>, known: readonly MemberRow[] = []): Promise<V1Rows<never>['nameOf']> {
    const byId = new Map(known.map((m) => [m.id, m]));
    for (const m of await this.memberRows([...new Set(ids)].filter((id) => !byId.has(id)))) byId.set(m.id, m);
    return (memberId) => {
      const m = byId.get(memberId);
      return m && this.summaryOf(m);
    };
  }

  async v1Posts(ids?: readonly string[]): Promise<V1Rows<V1PostRow>> {
    if (!ids && this.bounds) return this.v1Posts(await this.v1PostIds({ sort: 'latest', count: this.bounds.maxItems }));
    if (ids && ids.length === 0) return { rows: [], nameOf: () => undefined };
    // Every per-post query joins the same set: all posts, or the ids asked for.
    const within = (column: ReturnType<typeof sql.ref>) =>
      ids ? sql`join unnest(${ids}::text[]) as wanted (id) on wanted.id = ${column}` : sql``;
    const [posts, reactions, comments, replies, upvotes] = await Promise.all([
      rows(
        this.ex,
        sql<Omit<V1PostRow, 'pic' | 'likedBy' | 'dislikedBy' | 'comments'> & { pic_url: string; pic_image_id: string | null }>`
          select p.id as "_id", p.numeric_id as id, p.author_id as "userId", m.username, p.content, p.pic_url, p.pic_image_id,
            p.created_iso as "createdAt", p.updated_iso as "updatedAt"
          from posts p join members m on m.id = p.author_id ${within(sql.ref('p.id'))}
          order by p.created_at desc, p.seq`,
      ),
      rows(
        this.ex,
        sql<{ post_id: string; member_id: string; kind: string }>`
          select r.post_id, r.member_id, r.kind from post_reactions r ${within(sql.ref('r.post_id'))} order by r.seq`,
      ),
      rows(
        this.ex,
        sql<Omit<V1CommentRow, 'upvotedBy' | 'replies'> & { post_id: string }>`
          select c.id as "_id", c.post_id, c.author_id as "userId", c.content, c.created_iso as "createdAt", c.updated_iso as "updatedAt"
          from comments c ${within(sql.ref('c.post_id'))} order by c.seq`,
      ),
      rows(
        this.ex,
        sql<V1ReplyRow & { comment_id: string }>`
          select r.comment_id, r.id as "_id", r.author_id as "userId", r.content, r.created_iso as "createdAt"
          from replies r join comments c on c.id = r.comment_id
          ${within(sql.ref('c.post_id'))} order by r.comment_id, r.position`,
      ),
      rows(
        this.ex,
        sql<{ comment_id: string; member_id: string }>`
          select u.comment_id, u.member_id from comment_upvotes u join comments c on c.id = u.comment_id
          ${within(sql.ref('c.post_id'))} order by u.seq`,
      ),
    ]);
    const nameOf = await this.names([
      ...reactions.map((r) => r.member_id),
      ...comments.map((c) => c.userId),
      ...replies.map((r) => r.userId),
      ...upvotes.map((u) => u.member_id),
    ]);
    const reactionsOf = new Map<string, { likedBy: string[]; dislikedBy: string[] }>();
    for (const r of reactions) {
      let own = reactionsOf.get(r.post_id);
      if (!own) reactionsOf.set(r.post_id, (own = { likedBy: [], dislikedBy: [] }));
      (r.kind === 'like' ? own.likedBy : own.dislikedBy).push(r.member_id);
    }
    const commentsOf = groupBy(comments, (c) => c.post_id);
    const repliesOf = groupBy(replies, (r) => r.comment_id);
    const upvotesOf = groupBy(upvotes, (u) => u.comment_id);
    const found = posts.map((p): V1PostRow => ({
      ...p,
      pic: picUrl(this.origin, p.pic_url, p.pic_image_id),
      likedBy: reactionsOf.get(p._id)?.likedBy ?? [],
      dislikedBy: reactionsOf.get(p._id)?.dislikedBy ?? [],
      comments: (commentsOf.get(p._id) ?? []).map((c) => ({
        ...c,
        upvotedBy: (upvotesOf.get(c._id) ?? []).map((u) => u.member_id),
        replies: repliesOf.get(c._id) ?? [],
      })),
    }));
    if (!ids) return { rows: found, nameOf };
    // The caller's order (e.g. trending).
    const byId = new Map(found.map((p) => [p._id, p]));
    return { rows: ids.flatMap((id) => byId.get(id) ?? []), nameOf };
  }

  async v1Users(ids?: readonly string[]): Promise<V1Rows<V1UserRow>> {
    if (!ids && this.bounds) {
      // The newest members, answered in signup order like the whole list.
      const newest = sql<{ id: string }>`select id from members order by seq desc limit ${this.bounds.maxItems}`;
      return this.v1Users((await rows(this.ex, newest)).map((m) => m.id));
    }
    const members = await this.memberRows(ids);
    if (members.length === 0) return { rows: [], nameOf: () => undefined };
    const memberIds = members.map((m) => m.id);
    const [follows, bookmarks] = await Promise.all([
      rows(
        this.ex,
        sql<{ follower_id: string; followee_id: string; following_pos: string; follower_pos: string }>`
          select f.follower_id, f.followee_id, f.following_pos::text, f.follower_pos::text from follows f
          where f.follower_id = any(${memberIds}::text[]) or f.followee_id = any(${memberIds}::text[])`,
      ),
      rows(
        this.ex,
        sql<{ member_id: string; post_id: string }>`select b.member_id, b.post_id from bookmarks b
          where b.member_id = any(${memberIds}::text[]) order by b.seq`,
      ),
    ]);
    const nameOf = await this.names(
      follows.flatMap((f) => [f.follower_id, f.followee_id]),
      members,
    );
    const followersOf = groupBy(follows, (f) => f.followee_id);
    const followingOf = groupBy(follows, (f) => f.follower_id);
    const inOrder = (pairs: [string, string][]) => pairs.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, id]) => id);
    const bookmarksOf = groupBy(bookmarks, (b) => b.member_id);
    return {
      rows: members.map((m) => ({
        _id: m.id,
        id: m.numeric_id,
        firstName: m.first_name,
        lastName: m.last_name,
        userHandler: m.user_handler,
        username: m.username,
        pic: picUrl(this.origin, m.pic_url, m.pic_image_id),
        bio: m.bio,
        link: m.link,
        followers: inOrder((followersOf.get(m.id) ?? []).map((f) => [f.follower_pos, f.follower_id])),
        following: inOrder((followingOf.get(m.id) ?? []).map((f) => [f.following_pos, f.followee_id])),
        bookmarks: (bookmarksOf.get(m.id) ?? []).map((b) => b.post_id),
        createdAt: m.created_iso,
        updatedAt: m.updated_iso,
      })),
      nameOf,
    };
  }

  /** Trending's score (mock-api/src/core/posts.ts, trendingScore) from the stored counts. */
  async v1PostIds(list: V1PostList): Promise<string[]> {
    const max = this.bounds?.maxItems;
    const limit = 'authorId' in list ? (max ?? null) : Math.min(list.count, max ?? list.count);
    const query =
      'authorId' in list
        ? sql<{ id: string }>`select id from posts where author_id = ${list.authorId} order by created_at desc, seq limit ${limit}`
        : list.sort === 'latest'
          ? sql<{ id: string }>`select p.id from posts p order by p.created_at desc, p.seq limit ${limit}`
          : sql<{
              id: string;
            }>`select p.id from posts p order by p.like_count + p.comment_count desc, p.created_at desc, p.seq limit ${limit}`;
    return (await rows(this.ex, query)).map((row) => row.id);
  }

  /** Bounded: never by login e-mail (public mode hides e-mails, so a look-up must not tell whether one is a member's). */
  async memberIdBy(field: 'username' | 'userHandler', value: string): Promise<string | null> {
    if (field === 'username' && this.bounds) return null;
    const column = sql.ref(field === 'username' ? 'username' : 'user_handler');
    return (await one(this.ex, sql<{ id: string }>`select id from members where lower(${column}) = lower(${value})`))?.id ?? null;
  }

  async bookmarkIds(memberId: string): Promise<string[]> {
    return (await rows(this.ex, sql<{ post_id: string }>`select post_id from bookmarks where member_id = ${memberId} order by seq`)).map(
      (r) => r.post_id,
    );
  }
}
