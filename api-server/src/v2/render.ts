/**
 * /api/v2 answers from the database: posts, members and comments by id, in the order asked,
 * each in one query that also reads the viewer's own fields (their reaction and bookmark,
 * whether they follow a member, whether they upvoted a comment) and the stored counts.
 * Nothing here reads more rows than the answer holds.
 */
import type { AuthorV2, CommentV2, MemberV2, MeV2, PostV2, QuotedPostV2, ReactionV2 } from '@social/mock-api/contract-v2';
import type { RawBuilder } from 'kysely';
import { rows, sql, type Executor } from '../db';
import { picUrl } from '../images';
import { editedColumn, picturesJson, picturesOf, type PictureJson } from '../post-pictures-store';
import { hiddenSet, shownTo } from '../safety-filters';
import type { MemberRow as StoredMemberRow } from '../v1-store';
import {
  commentV2,
  memberV2,
  meV2,
  postV2,
  quotedV2,
  type CommentRow as CoreCommentRow,
  type MeRow,
  type PostRow,
  type ReplyRow as CoreReplyRow,
} from '@social/mock-api/core';

export interface AuthorColumns {
  a_id: string;
  a_first_name: string;
  a_last_name: string;
  a_user_handler: string;
  a_pic_url: string;
  a_pic_image_id: string | null;
}

/** The author columns of `m`, prefixed a_. */
export const AUTHOR = sql`m.id as a_id, m.first_name as a_first_name, m.last_name as a_last_name, m.user_handler as a_user_handler,
  m.pic_url as a_pic_url, m.pic_image_id as a_pic_image_id`;

/** The handles of the members a row's text mentions (`source`: its key in `mentions`, src/notification-store.ts). */
const mentionHandles = (source: RawBuilder<unknown>) =>
  sql`array(select mm.user_handler from mentions mn join members mm on mm.id = mn.member_id where mn.source = ${source} order by mm.user_handler)`;

export interface PostColumns extends AuthorColumns {
  id: string;
  numeric_id: string;
  content: string;
  pic_url: string;
  pic_image_id: string | null;
  pic_alt: string;
  pictures: PictureJson[];
  edited: boolean;
  created_iso: string;
  updated_iso: string;
  like_count: number;
  dislike_count: number;
  comment_count: number;
  reaction: string | null;
  bookmarked: boolean;
  mentions: string[];
  repost_count: number;
  reposted: boolean;
  /** A list's repost the post is there for (src/v2/repost-lists.ts), with its member's author columns (rb_). */
  repost_iso: string | null;
  rb_id: string | null;
  rb_first_name: string | null;
  rb_last_name: string | null;
  rb_user_handler: string | null;
  rb_pic_url: string | null;
  rb_pic_image_id: string | null;
  /** The post it quotes (q_, its author qa_): null columns when it quotes none or that post is gone. */
  quote_of: string | null;
  q_id: string | null;
  q_content: string | null;
  q_pic_url: string | null;
  q_pic_image_id: string | null;
  q_pic_alt: string | null;
  q_created_iso: string | null;
  q_quote_of: string | null;
  q_hidden: boolean | null;
  qa_id: string | null;
  qa_first_name: string | null;
  qa_last_name: string | null;
  qa_user_handler: string | null;
  qa_pic_url: string | null;
  qa_pic_image_id: string | null;
}

/** Author columns of another prefix, as a_ columns (null when absent). */
const prefixed = (row: PostColumns, prefix: 'rb' | 'qa'): AuthorColumns | null => {
  const r = row as unknown as Record<string, string | null>;
  const id = r[`${prefix}_id`];
  if (!id) return null;
  return {
    a_id: id,
    a_first_name: r[`${prefix}_first_name`] ?? '',
    a_last_name: r[`${prefix}_last_name`] ?? '',
    a_user_handler: r[`${prefix}_user_handler`] ?? '',
    a_pic_url: r[`${prefix}_pic_url`] ?? '',
    a_pic_image_id: r[`${prefix}_pic_image_id`] ?? null,
  };
};

interface MemberColumns extends StoredMemberRow {
  post_count: number;
  follower_count: number;
  following_count: number;
  bookmark_count: number;
  viewer_follows: boolean;
  follows_viewer: boolean;
}

interface CommentRow extends AuthorColumns {
  id: string;
  post_id: string;
  content: string;
  upvote_count: number;
  upvoted: boolean;
  created_iso: string;
  updated_iso: string;
  edited: boolean;
  mentions: string[];
}

interface ReplyRow extends AuthorColumns {
  comment_id: string;
  id: string;
  content: string;
  created_iso: string;
  updated_iso: string;
  edited: boolean;
  mentions: string[];
}

/** Who wrote something (or reported, or decided), from a_-prefixed member columns. */
export function authorV2(origin: string, row: AuthorColumns): AuthorV2 {
  return {
    _id: row.a_id,
    firstName: row.a_first_name,
    lastName: row.a_last_name,
    userHandler: row.a_user_handler,
    pic: picUrl(origin, row.a_pic_url, row.a_pic_image_id),
  };
}

export class RendererV2 {
  constructor(
    private readonly ex: Executor,
    private readonly origin: string,
    /** The token holder's id, when the request carried a valid token. */
    private readonly viewerId: string | undefined,
  ) {}

  private author(row: AuthorColumns): AuthorV2 {
    return authorV2(this.origin, row);
  }

  /** Posts by id, in the order given (ids that no longer exist are left out). */
  async posts(ids: readonly string[]): Promise<PostV2[]> {
    if (ids.length === 0) return [];
    return (
      await this.postRowsOf(
        sql`(select wanted.id, null::text as repost_by, null::text as repost_iso, wanted.n from unnest(${ids}::text[]) with ordinality as wanted (id, n))`,
      )
    ).map(postV2);
  }

  /**
   * The posts `list` selects (an `id` column, in the list's order), each with its author, its
   * stored counts and the viewer's reaction and bookmark, in one query.
   */
  async postRows(list: RawBuilder<{ id: string }>): Promise<PostRow[]> {
    return this.postRowsOf(
      sql`(select listed.id, null::text as repost_by, null::text as repost_iso, row_number() over () as n from (${list}) listed)`,
    );
  }

  /**
   * The same for a list with reposts (src/v2/repost-lists.ts): its rows also name the repost each
   * post is there for (`repost_by`, `repost_iso`; null for a post there as itself).
   */
  async postRowsWithReposts(list: RawBuilder<{ id: string; repost_by: string | null; repost_iso: string | null }>): Promise<PostRow[]> {
    return this.postRowsOf(sql`(select listed.id, listed.repost_by, listed.repost_iso, row_number() over () as n from (${list}) listed)`);
  }

  private async postRowsOf(source: RawBuilder<unknown>): Promise<PostRow[]> {
    const found = await rows(this.ex, this.postQuery(source));
    return found.map((p) => this.postRow(p));
  }

  /**
   * Posts of `source` (id, repost_by, repost_iso, n: the order), with author, counts, the viewer's
   * reaction, bookmark and repost, the repost it is listed for, and the post it quotes (also read with a hot write's facts: src/hot).
   */
  postQuery(source: RawBuilder<unknown>) {
    const viewer = this.viewerId ?? null;
    const quoteHidden = viewer ? sql`(qp.author_id <> ${viewer} and qp.author_id in (${hiddenSet(viewer)}))` : sql`false`;
    return sql<PostColumns>`
      select p.id, p.numeric_id, p.content, p.pic_url, p.pic_image_id, p.pic_alt, p.created_iso, p.updated_iso,
        p.like_count, p.dislike_count, p.comment_count, p.repost_count, ${AUTHOR},
        r.kind as reaction, (b.member_id is not null) as bookmarked, ${mentionHandles(sql`'p:' || p.id`)} as mentions,
        exists (select 1 from post_reposts rp where rp.post_id = p.id and rp.member_id = ${viewer}) as reposted,
        wanted.repost_iso, rb.id as rb_id, rb.first_name as rb_first_name, rb.last_name as rb_last_name,
        rb.user_handler as rb_user_handler, rb.pic_url as rb_pic_url, rb.pic_image_id as rb_pic_image_id,
        p.quote_of, qp.id as q_id, qp.content as q_content, qp.pic_url as q_pic_url, qp.pic_image_id as q_pic_image_id,
        qp.pic_alt as q_pic_alt, qp.created_iso as q_created_iso, qp.quote_of as q_quote_of, ${quoteHidden} as q_hidden,
        qm.id as qa_id, qm.first_name as qa_first_name, qm.last_name as qa_last_name, qm.user_handler as qa_user_handler,
        qm.pic_url as qa_pic_url, qm.pic_image_id as qa_pic_image_id,
        ${picturesJson(sql`p.id`)} as pictures, ${editedColumn(sql`p.id`)} as edited
      from ${source} as wanted
      join posts p on p.id = wanted.id
      join members m on m.id = p.author_id
      left join post_reactions r on r.post_id = p.id and r.member_id = ${viewer}
      left join bookmarks b on b.post_id = p.id and b.member_id = ${viewer}
      left join members rb on rb.id = wanted.repost_by
      left join posts qp on qp.id = p.quote_of
      left join members qm on qm.id = qp.author_id
      order by wanted.n`;
  }

  postRow(p: PostColumns): PostRow {
    return {
      id: p.id,
      numericId: p.numeric_id,
      author: this.author(p),
      content: p.content,
      pic: picUrl(this.origin, p.pic_url, p.pic_image_id),
      picAlt: p.pic_alt,
      pictures: picturesOf(this.origin, p.pictures, { url: p.pic_url, imageId: p.pic_image_id, alt: p.pic_alt }),
      edited: p.edited,
      createdAt: p.created_iso,
      updatedAt: p.updated_iso,
      likeCount: p.like_count,
      dislikeCount: p.dislike_count,
      commentCount: p.comment_count,
      repostCount: p.repost_count,
      viewer: this.viewerId ? { reaction: (p.reaction as ReactionV2) ?? null, bookmarked: p.bookmarked, reposted: p.reposted } : null,
      mentions: p.mentions,
      ...this.repostOf(p),
      quote: p.quote_of === null ? null : this.quoteOf(p, p.quote_of),
    };
  }

  private repostOf(p: PostColumns): Pick<PostRow, 'repostedBy'> {
    const by = prefixed(p, 'rb');
    return by && p.repost_iso ? { repostedBy: { member: this.author(by), at: p.repost_iso } } : {};
  }

  private quoteOf(p: PostColumns, quoteOf: string): QuotedPostV2 {
    const author = prefixed(p, 'qa');
    const row =
      p.q_id && author
        ? {
            id: p.q_id,
            author: this.author(author),
            content: p.q_content ?? '',
            pic: picUrl(this.origin, p.q_pic_url ?? '', p.q_pic_image_id),
            picAlt: p.q_pic_alt ?? '',
            createdAt: p.q_created_iso ?? '',
            quoteOf: p.q_quote_of,
          }
        : null;
    return quotedV2(quoteOf, row, p.q_hidden === true);
  }

  /**
   * One post by id (every write's answer). Its own query, by `p.id = $1` rather than a list of
   * one: PostgreSQL keeps this plan with the connection's prepared statement (http/pool.ts),
   * while a list's plan depends on the list's length and is made again at each call.
   */
  async postRowById(id: string): Promise<PostRow | undefined> {
    const [found] = await rows(
      this.ex,
      this.postQuery(sql`(select ${id}::text as id, null::text as repost_by, null::text as repost_iso, 1 as n)`),
    );
    return found ? this.postRow(found) : undefined;
  }

  async post(id: string): Promise<PostV2 | undefined> {
    const row = await this.postRowById(id);
    return row && postV2(row);
  }

  private async memberRows(ids: readonly string[]): Promise<MemberColumns[]> {
    if (ids.length === 0) return [];
    const viewer = this.viewerId ?? null;
    return rows(
      this.ex,
      sql<MemberColumns>`
        select m.id, m.numeric_id, m.username, m.first_name, m.last_name, m.user_handler, m.pic_url, m.pic_image_id, m.bio, m.link,
          m.created_iso, m.updated_iso, m.post_count, m.follower_count, m.following_count, m.bookmark_count,
          exists (select 1 from follows f where f.follower_id = ${viewer} and f.followee_id = m.id) as viewer_follows,
          exists (select 1 from follows f where f.follower_id = m.id and f.followee_id = ${viewer}) as follows_viewer
        from unnest(${ids}::text[]) with ordinality as wanted (id, n)
        join members m on m.id = wanted.id
        order by wanted.n`,
    );
  }

  /** A member as the core renders them (mock-api/src/core/members.ts). */
  private memberRow(m: MemberColumns): MeRow {
    return {
      id: m.id,
      numericId: m.numeric_id,
      firstName: m.first_name,
      lastName: m.last_name,
      userHandler: m.user_handler,
      pic: picUrl(this.origin, m.pic_url, m.pic_image_id),
      bio: m.bio,
      link: m.link,
      createdAt: m.created_iso,
      updatedAt: m.updated_iso,
      postCount: m.post_count,
      followerCount: m.follower_count,
      followingCount: m.following_count,
      viewer: this.viewerId ? { follows: m.viewer_follows, followsViewer: m.follows_viewer } : null,
      username: m.username,
      bookmarkCount: m.bookmark_count,
    };
  }

  /** Members as anyone sees them (no e-mail, no bookmarks), with the viewer's follow flags when there is a viewer. */
  async members(ids: readonly string[]): Promise<MemberV2[]> {
    return (await this.memberRows(ids)).map((m) => memberV2(this.memberRow(m)));
  }

  async member(id: string): Promise<MemberV2 | undefined> {
    return (await this.members([id]))[0];
  }

  /** A member's row with the viewer's follow flags, or their own (me) row: the fields the core reads. */
  async memberRowById(id: string): Promise<MeRow | undefined> {
    const [m] = await this.memberRows([id]);
    return m && this.memberRow(m);
  }

  /** The signed-in member as they see themselves: adds their e-mail and bookmark count. */
  async me(id: string): Promise<MeV2 | undefined> {
    const row = await this.memberRowById(id);
    return row && meV2(row);
  }

  /**
   * Comments by id, in the order given, each with all its replies (oldest first), as the core
   * renders them; `hideReplies`: without the replies of members safety hides from the viewer.
   */
  async commentRows(ids: readonly string[], { hideReplies = false } = {}): Promise<CoreCommentRow[]> {
    if (ids.length === 0) return [];
    const viewer = this.viewerId ?? null;
    const [found, replies] = await Promise.all([
      rows(
        this.ex,
        sql<CommentRow>`
          select c.id, c.post_id, c.content, c.upvote_count, c.created_iso, c.updated_iso, c.edited, ${AUTHOR},
            ${mentionHandles(sql`'c:' || c.id`)} as mentions,
            exists (select 1 from comment_upvotes u where u.comment_id = c.id and u.member_id = ${viewer}) as upvoted
          from unnest(${ids}::text[]) with ordinality as wanted (id, n)
          join comments c on c.id = wanted.id
          join members m on m.id = c.author_id
          order by wanted.n`,
      ),
      rows(
        this.ex,
        sql<ReplyRow>`
          select r.comment_id, r.id, r.content, r.created_iso, coalesce(r.updated_iso, r.created_iso) as updated_iso, r.edited, ${AUTHOR},
            ${mentionHandles(sql`'r:' || r.comment_id || ':' || r.id`)} as mentions
          from replies r join members m on m.id = r.author_id
          where r.comment_id = any(${ids}::text[]) ${hideReplies ? shownTo(viewer, sql`r.author_id`) : sql``}
          order by r.comment_id, r.position`,
      ),
    ]);
    const repliesOf = new Map<string, CoreReplyRow[]>();
    for (const r of replies) {
      const list = repliesOf.get(r.comment_id) ?? [];
      list.push({
        id: r.id,
        author: this.author(r),
        content: r.content,
        createdAt: r.created_iso,
        updatedAt: r.updated_iso,
        edited: r.edited,
        mentions: r.mentions,
      });
      repliesOf.set(r.comment_id, list);
    }
    return found.map((c) => ({
      id: c.id,
      postId: c.post_id,
      author: this.author(c),
      content: c.content,
      upvoteCount: c.upvote_count,
      viewerUpvoted: this.viewerId ? c.upvoted : null,
      replies: repliesOf.get(c.id) ?? [],
      createdAt: c.created_iso,
      updatedAt: c.updated_iso,
      edited: c.edited,
      mentions: c.mentions,
    }));
  }

  async comments(ids: readonly string[], options: { hideReplies?: boolean } = {}): Promise<CommentV2[]> {
    return (await this.commentRows(ids, options)).map(commentV2);
  }
}
