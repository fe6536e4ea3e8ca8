/**
 * Answers read from the database in the contract's shapes (mock-api/src/contract.ts): a few
 * set-based queries per answer (posts, reactions, comments, replies, upvotes, member
 * summaries), put together in memory, in the same orders as the fake backend.
 */
import type { Comment, Post, User, UserSummary } from '@social/mock-api/contract';
import { rows, sql, type Executor } from './db';
import { picUrl } from './images';

/** Which posts an answer covers. */
export type PostScope = { all: true } | { ids: string[] };

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

export class Renderer {
  constructor(
    private readonly ex: Executor,
    /** This API's origin, for image URLs. */
    private readonly origin: string,
  ) {}

  private summaryOf(m: MemberRow): UserSummary {
    return {
      _id: m.id,
      firstName: m.first_name,
      lastName: m.last_name,
      userHandler: m.user_handler,
      pic: picUrl(this.origin, m.pic_url, m.pic_image_id),
    };
  }

  /** Members in signup order; all of them, or the given ids. */
  private async memberRows(ids?: string[]): Promise<MemberRow[]> {
    if (ids && ids.length === 0) return [];
    return ids
      ? rows(
          this.ex,
          sql<MemberRow>`select ${MEMBER_COLUMNS} from members m join unnest(${ids}::text[]) as wanted (id) on wanted.id = m.id order by m.seq`,
        )
      : rows(this.ex, sql<MemberRow>`select ${MEMBER_COLUMNS} from members m order by m.seq`);
  }

  private async renderUsers(members: MemberRow[]): Promise<User[]> {
    if (members.length === 0) return [];
    const ids = members.map((m) => m.id);
    const [follows, bookmarks] = await Promise.all([
      rows(
        this.ex,
        sql<{ follower_id: string; followee_id: string; following_pos: string; follower_pos: string }>`
          select f.follower_id, f.followee_id, f.following_pos::text, f.follower_pos::text from follows f
          where f.follower_id = any(${ids}::text[]) or f.followee_id = any(${ids}::text[])`,
      ),
      rows(
        this.ex,
        sql<{ member_id: string; post_id: string }>`select b.member_id, b.post_id from bookmarks b
          where b.member_id = any(${ids}::text[]) order by b.seq`,
      ),
    ]);
    const otherIds = [...new Set(follows.flatMap((f) => [f.follower_id, f.followee_id]))];
    const summaries = new Map((await this.memberRows(otherIds)).map((m) => [m.id, this.summaryOf(m)]));
    const listOf = (pairs: [number, string][]) =>
      pairs.sort((a, b) => a[0] - b[0]).flatMap(([, id]) => (summaries.has(id) ? [{ ...summaries.get(id)! }] : []));
    return members.map((m) => ({
      _id: m.id,
      id: m.numeric_id,
      firstName: m.first_name,
      lastName: m.last_name,
      userHandler: m.user_handler,
      username: m.username,
      pic: picUrl(this.origin, m.pic_url, m.pic_image_id),
      bio: m.bio,
      link: m.link,
      followers: listOf(follows.filter((f) => f.followee_id === m.id).map((f) => [Number(f.follower_pos), f.follower_id])),
      following: listOf(follows.filter((f) => f.follower_id === m.id).map((f) => [Number(f.following_pos), f.followee_id])),
      bookmarks: bookmarks.filter((b) => b.member_id === m.id).map((b) => b.post_id),
      createdAt: m.created_iso,
      updatedAt: m.updated_iso,
    }));
  }

  async users(): Promise<User[]> {
    return this.renderUsers(await this.memberRows());
  }

  async user(id: string): Promise<User | undefined> {
    return (await this.renderUsers(await this.memberRows([id])))[0];
  }

  /** Posts in the given order of ids, or every post newest first. */
  async posts(scope: PostScope = { all: true }): Promise<Post[]> {
    const scoped = 'ids' in scope;
    const ids = scoped ? scope.ids : [];
    if (scoped && ids.length === 0) return [];
    // Every per-post query joins the same set: all posts, or the ids asked for.
    const within = (column: ReturnType<typeof sql.ref>) =>
      scoped ? sql`join unnest(${ids}::text[]) as wanted (id) on wanted.id = ${column}` : sql``;
    const [postRows, reactions, comments, replies, upvotes] = await Promise.all([
      rows(
        this.ex,
        sql<{
          id: string;
          numeric_id: string;
          author_id: string;
          username: string;
          content: string;
          pic_url: string;
          pic_image_id: string | null;
          created_iso: string;
          updated_iso: string;
        }>`
          select p.id, p.numeric_id, p.author_id, m.username, p.content, p.pic_url, p.pic_image_id, p.created_iso, p.updated_iso
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
        sql<{ id: string; post_id: string; author_id: string; content: string; created_iso: string; updated_iso: string }>`
        select c.id, c.post_id, c.author_id, c.content, c.created_iso, c.updated_iso from comments c ${within(sql.ref('c.post_id'))} order by c.seq`,
      ),
      rows(
        this.ex,
        sql<{ comment_id: string; id: string; author_id: string; content: string; created_iso: string }>`
        select r.comment_id, r.id, r.author_id, r.content, r.created_iso from replies r join comments c on c.id = r.comment_id
        ${within(sql.ref('c.post_id'))} order by r.comment_id, r.position`,
      ),
      rows(
        this.ex,
        sql<{ comment_id: string; member_id: string }>`
        select u.comment_id, u.member_id from comment_upvotes u join comments c on c.id = u.comment_id
        ${within(sql.ref('c.post_id'))} order by u.seq`,
      ),
    ]);
    const memberIds = new Set<string>();
    for (const r of reactions) memberIds.add(r.member_id);
    for (const c of comments) memberIds.add(c.author_id);
    for (const r of replies) memberIds.add(r.author_id);
    for (const u of upvotes) memberIds.add(u.member_id);
    const summaries = new Map((await this.memberRows([...memberIds])).map((m) => [m.id, this.summaryOf(m)]));
    const summary = (id: string): UserSummary => ({
      ...(summaries.get(id) ?? { _id: id, firstName: 'Former', lastName: 'member', userHandler: '', pic: '' }),
    });

    const group = <T>(list: T[], key: (item: T) => string) => {
      const map = new Map<string, T[]>();
      for (const item of list) {
        const k = key(item);
        const bucket = map.get(k);
        if (bucket) bucket.push(item);
        else map.set(k, [item]);
      }
      return map;
    };
    const reactionsByPost = group(reactions, (r) => r.post_id);
    const commentsByPost = group(comments, (c) => c.post_id);
    const repliesByComment = group(replies, (r) => r.comment_id);
    const upvotesByComment = group(upvotes, (u) => u.comment_id);

    const rendered = postRows.map((p): Post => {
      const own = reactionsByPost.get(p.id) ?? [];
      const likedBy = own.filter((r) => r.kind === 'like').map((r) => summary(r.member_id));
      const postComments = (commentsByPost.get(p.id) ?? []).map((c): Comment => ({
        _id: c.id,
        postId: p.id,
        content: c.content,
        user: summary(c.author_id),
        votes: { upvotedBy: (upvotesByComment.get(c.id) ?? []).map((u) => summary(u.member_id)) },
        replies: (repliesByComment.get(c.id) ?? []).map((r) => ({
          _id: r.id,
          user: summary(r.author_id),
          content: r.content,
          createdAt: r.created_iso,
        })),
        createdAt: c.created_iso,
        updatedAt: c.updated_iso,
      }));
      return {
        _id: p.id,
        id: p.numeric_id,
        userId: p.author_id,
        username: p.username,
        content: p.content,
        pic: picUrl(this.origin, p.pic_url, p.pic_image_id),
        likes: { likeCount: likedBy.length, likedBy, dislikedBy: own.filter((r) => r.kind === 'dislike').map((r) => summary(r.member_id)) },
        comments: postComments,
        createdAt: p.created_iso,
        updatedAt: p.updated_iso,
      };
    });
    if (!scoped) return rendered;
    // Keep the caller's order (e.g. trending).
    const byId = new Map(rendered.map((p) => [p._id, p]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  async comments(postId: string): Promise<Comment[]> {
    const [post] = await this.posts({ ids: [postId] });
    return post?.comments ?? [];
  }
}
