/**
 * What every v2 route shares: pages and cursors, the optional viewer, and the v2 answer shapes
 * (mock-api/src/contract-v2.ts) rendered from the stored records and the indexes (../indexes.ts).
 */
import { type AuthorV2, type CommentV2, type MemberV2, type MeV2, type PostV2, type QuotedPostV2 } from '../../contract-v2';
import { quotedV2 } from '../../core/quotes';
import { hiddenFrom } from '../safety-filters';
import type { Ctx } from '../backend';
import { encodeCursor, pageRequest } from '../../core/page';
import { commentV2, type CommentRow } from '../../core/comments';
import { memberV2, meV2, type MemberRow, type MeRow } from '../../core/members';
import { postV2, type PostRow } from '../../core/posts';
import { formerMember } from '../../core/v1';
import { summaryOf } from '../v1-store';
import { fail } from '../../core/errors';
import { compareKeys, indexOf, SortedList, type Key } from '../indexes';
import { readUser, touch, type Db, type StoredComment, type StoredPost, type StoredUser } from '../store';
import { picturesOfRecord, picturesShown } from '../post-pictures-store';

// ---- Pages and cursors ----

export interface PageOf<T> {
  items: T[];
  next: Key | null;
}

/** One page of a sorted list from a keyset cursor; `keep` (all when absent) skips items the page leaves out. */
export function pageOfList<T>(list: SortedList<T>, after: Key | null, limit: number, keep?: (item: T) => boolean): PageOf<T> {
  const items: T[] = [];
  let i = list.after(after);
  let lastAt = -1;
  for (; i < list.size && items.length < limit; i += 1) {
    const item = list.at(i)!;
    if (keep && !keep(item)) continue;
    items.push(item);
    lastAt = i;
  }
  return { items, next: i < list.size && lastAt >= 0 ? list.keyAt(lastAt) : null };
}

/**
 * One page of several sorted lists merged (the home feed: its authors' and followed tags' lists),
 * by the same keys. An item in several lists has the same key in each: it is given once.
 * `keep` (all when absent) skips items the page leaves out.
 */
export function pageOfMerged<T>(lists: SortedList<T>[], after: Key | null, limit: number, keep?: (item: T) => boolean): PageOf<T> {
  const heads = lists.map((list) => ({ list, at: list.after(after) })).filter((h) => h.at < h.list.size);
  const items: T[] = [];
  let last: Key | null = null;
  const first = () => {
    let best: (typeof heads)[number] | undefined;
    for (const head of heads) {
      if (head.at >= head.list.size) continue;
      if (!best || compareKeys(head.list.keyAt(head.at), best.list.keyAt(best.at)) < 0) best = head;
    }
    return best;
  };
  while (items.length < limit) {
    const head = first();
    if (!head) break;
    const item = head.list.at(head.at)!;
    const key = head.list.keyAt(head.at);
    head.at += 1;
    if ((last && compareKeys(key, last) === 0) || (keep && !keep(item))) continue;
    items.push(item);
    last = key;
  }
  return { items, next: first() && last ? last : null };
}

/**
 * A page of a list kept in order of arrival (follows, bookmarks, comments), read from the newest
 * (`newestFirst`) or the oldest end. The cursor names the last item given and its place, so a
 * page goes on after it even when items were added at the other end meanwhile; if that item
 * was removed since, the place is used.
 */
export function pageOfArrivals(
  ids: readonly string[],
  query: Record<string, unknown>,
  tag: string,
  newestFirst: boolean,
): { ids: string[]; nextCursor: string | null } {
  const list = { tag, shape: ['text', 'int'] } as const;
  const { limit, after: key } = pageRequest(query, list);
  // Positions counted in reading order.
  const at = (i: number) => ids[newestFirst ? ids.length - 1 - i : i]!;
  let start = 0;
  if (key) {
    const [lastId, place] = key as [string, number];
    const found = ids.indexOf(lastId);
    start = found >= 0 ? (newestFirst ? ids.length - 1 - found : found) + 1 : place;
  }
  const page: string[] = [];
  for (let i = start; i < ids.length && page.length < limit; i += 1) page.push(at(i));
  const end = start + page.length;
  const nextCursor = end < ids.length && page.length > 0 ? encodeCursor(list, [page[page.length - 1]!, end]) : null;
  return { ids: page, nextCursor };
}

// ---- Answers ----

/** The caller when the request has a token (viewer fields), else null. */
export const viewerOf = (ctx: Ctx): StoredUser | null => ctx.optionalCaller();

export function memberOr404(db: Db, memberId: string | undefined): StoredUser {
  const user = indexOf(db).usersById.get(memberId ?? '');
  if (!user) throw fail.memberNotFound();
  return touch(db, user);
}

export function postOr404(db: Db, postId: string | undefined): StoredPost {
  const post = indexOf(db).postsById.get(postId ?? '');
  if (!post) throw fail.postNotFound();
  return touch(db, post);
}

/** Renders v2 answers for one request (`viewer`: the caller, for the viewer fields; null without a token). */
export class V2Renderer {
  private readonly authors = new Map<string, AuthorV2>();
  private bookmarks: Set<string> | null = null;

  constructor(
    private readonly ctx: Ctx,
    readonly viewer: StoredUser | null,
  ) {}

  private get db(): Db {
    return this.ctx.db;
  }

  author(userId: string): AuthorV2 {
    let author = this.authors.get(userId);
    if (!author) {
      const user = readUser(this.db, userId);
      author = user ? summaryOf(user, this.ctx.picUrl) : formerMember(userId);
      this.authors.set(userId, author);
    }
    return { ...author };
  }

  /** The handles of the mentioned members still here. */
  private handles(memberIds: readonly string[] | undefined): string[] {
    if (!memberIds) return [];
    return memberIds.flatMap((id) => {
      const user = readUser(this.db, id);
      return user ? [user.userHandler] : [];
    });
  }

  /** The post as the core renders it (../../core/posts.ts), with `viewer`'s own reaction and bookmark. */
  postRow(post: StoredPost, viewer: StoredUser | null): PostRow {
    let own: PostRow['viewer'] = null;
    if (viewer) {
      const bookmarks = viewer === this.viewer ? (this.bookmarks ??= new Set(viewer.bookmarks)) : new Set(viewer.bookmarks);
      const reaction = post.likedBy.includes(viewer._id) ? 'like' : post.dislikedBy.includes(viewer._id) ? 'dislike' : null;
      own = { reaction, bookmarked: bookmarks.has(post._id), reposted: (post.reposts ?? []).some((r) => r.memberId === viewer._id) };
    }
    return {
      id: post._id,
      numericId: post.id,
      author: this.author(post.userId),
      content: post.content,
      pic: this.ctx.picUrl(post.pic),
      picAlt: post.picAlt ?? '',
      pictures: picturesShown(this.ctx, picturesOfRecord(post)),
      edited: (post.versions?.length ?? 0) > 0,
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
      likeCount: post.likeCount,
      dislikeCount: post.dislikedBy.length,
      commentCount: post.comments.length,
      repostCount: post.reposts?.length ?? 0,
      viewer: own,
      mentions: this.handles(post.mentions),
      quote: post.quoteOf === undefined ? null : this.quoted(post.quoteOf, viewer),
    };
  }

  /** A quoted post as `viewer` sees it (../../core/quotes.ts): unavailable when gone or hidden from them. */
  private quoted(postId: string, viewer: StoredUser | null): QuotedPostV2 {
    const quoted = indexOf(this.db).postsById.get(postId);
    const hidden = !!quoted && viewer !== null && viewer._id !== quoted.userId && this.hiddenOf(viewer._id).has(quoted.userId);
    const row = quoted
      ? {
          id: quoted._id,
          author: this.author(quoted.userId),
          content: quoted.content,
          pic: this.ctx.picUrl(quoted.pic),
          picAlt: quoted.picAlt ?? '',
          createdAt: quoted.createdAt,
          quoteOf: quoted.quoteOf ?? null,
        }
      : null;
    return quotedV2(postId, row, hidden);
  }

  private readonly hiddenSets = new Map<string, Set<string>>();
  private hiddenOf(viewerId: string): Set<string> {
    let hidden = this.hiddenSets.get(viewerId);
    if (!hidden) this.hiddenSets.set(viewerId, (hidden = hiddenFrom(this.db, viewerId, this.ctx.now).hidden));
    return hidden;
  }

  post(post: StoredPost): PostV2 {
    return postV2(this.postRow(post, this.viewer));
  }

  /** A comment as the core renders it (../../core/comments.ts), with `viewer`'s upvote. */
  commentRow(post: StoredPost, comment: StoredComment, viewer: StoredUser | null): CommentRow {
    return {
      id: comment._id,
      postId: post._id,
      author: this.author(comment.userId),
      content: comment.content,
      upvoteCount: comment.upvotedBy.length,
      viewerUpvoted: viewer ? comment.upvotedBy.includes(viewer._id) : null,
      replies: comment.replies.map((reply) => ({
        id: reply._id,
        author: this.author(reply.userId),
        content: reply.content,
        createdAt: reply.createdAt,
        updatedAt: reply.updatedAt ?? reply.createdAt,
        edited: reply.edited ?? reply.updatedAt !== undefined,
        mentions: this.handles(reply.mentions),
      })),
      createdAt: comment.createdAt,
      updatedAt: comment.updatedAt,
      edited: comment.edited ?? comment.updatedAt !== comment.createdAt,
      mentions: this.handles(comment.mentions),
    };
  }

  comment(post: StoredPost, comment: StoredComment): CommentV2 {
    return commentV2(this.commentRow(post, comment, this.viewer));
  }

  /** A member as the core renders them (../../core/members.ts), with `viewer`'s follow flags. */
  memberRow(user: StoredUser, viewer: StoredUser | null): MemberRow {
    return {
      id: user._id,
      numericId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      userHandler: user.userHandler,
      pic: this.ctx.picUrl(user.pic),
      bio: user.bio,
      link: user.link,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      postCount: indexOf(this.db).byAuthor.get(user._id)?.latest.size ?? 0,
      followerCount: user.followers.length,
      followingCount: user.following.length,
      viewer: viewer ? { follows: viewer.following.includes(user._id), followsViewer: user.following.includes(viewer._id) } : null,
    };
  }

  meRow(user: StoredUser): MeRow {
    return { ...this.memberRow(user, null), username: user.username, bookmarkCount: user.bookmarks.length };
  }

  member(user: StoredUser): MemberV2 {
    return memberV2(this.memberRow(user, this.viewer));
  }

  me(user: StoredUser): MeV2 {
    return meV2(this.meRow(user));
  }
}

/** A renderer with the caller as viewer (for writes: the caller is required). */
export const asCaller = (ctx: Ctx): { me: StoredUser; render: V2Renderer } => {
  const me = ctx.caller();
  return { me, render: new V2Renderer(ctx, me) };
};

/** A renderer with the optional viewer (for reads). */
export const forViewer = (ctx: Ctx): V2Renderer => new V2Renderer(ctx, viewerOf(ctx));
