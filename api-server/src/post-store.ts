/**
 * The post operations' store (mock-api/src/core/posts.ts, PostStore) on PostgreSQL. Each change
 * is one statement (the stored counts move in the triggers of src/v2/schema.ts, in the same
 * statement); the reads are RendererV2's, one query per answer.
 */
import type { LiveMember } from '@social/mock-api/contract-live';
import type {
  BlockSide,
  Change,
  PostKey,
  PostList,
  PostRow,
  PostStore,
  Reaction,
  StoredPicture,
  StoredVersion,
} from '@social/mock-api/core';
import { one, rows, sql, type Executor, type Transaction } from './db';
import { forgetUnusedImages } from './image-cleanup';
import { pictureColumns, pictureRef, storePic } from './images';
import { newId } from './kit';
import { blockSide, hiddenSet, shownTo } from './safety-filters';
import { SqlNotificationStore } from './notification-store';
import { imagesOfPosts, SqlPictureStore } from './post-pictures-store';
import { postIdsAfter } from './v2/post-lists';
import { homeWithReposts, memberWithReposts } from './v2/repost-lists';
import { RendererV2 } from './v2/render';
import { indexSearchTextOf } from './search-schema';

/** PostgreSQL's foreign-key-violation code: the post named does not exist. */
const isMissingPost = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';

export class SqlPostStore implements PostStore {
  readonly notifications: SqlNotificationStore;
  private readonly pictures: SqlPictureStore;

  /**
   * `ex`: a transaction for operations of several statements (create, edit, delete: pictures go
   * with them); the database itself for one-statement changes (reactions, bookmarks), whose
   * refused insert of a missing post must not abort a transaction.
   */
  constructor(
    protected readonly ex: Executor,
    protected readonly origin: string,
  ) {
    this.notifications = new SqlNotificationStore(ex, origin);
    this.pictures = new SqlPictureStore(ex, origin);
  }

  private get tx(): Transaction {
    return this.ex as Transaction;
  }

  blockBetween(memberId: string, otherId: string): Promise<BlockSide> {
    return blockSide(this.ex, memberId, otherId);
  }

  async hiddenFrom(viewerId: string, now: string): Promise<string[]> {
    const found = await rows(this.ex, sql<{ id: string }>`${hiddenSet(viewerId, sql`${now}::timestamptz`)}`);
    return found.map((row) => row.id);
  }

  async postAuthor(postId: string): Promise<string | null> {
    return (await one(this.ex, sql<{ author_id: string }>`select author_id from posts where id = ${postId}`))?.author_id ?? null;
  }

  postPictures(postId: string): Promise<StoredPicture[]> {
    return this.pictures.postPictures(postId);
  }

  setPostPictures(postId: string, pictures: StoredPicture[]): Promise<void> {
    return this.pictures.setPostPictures(postId, pictures);
  }

  addPostVersion(postId: string, version: Omit<StoredVersion, 'n'>): Promise<void> {
    return this.pictures.addPostVersion(postId, version);
  }

  readPostVersions(postId: string, before: number | null, count: number) {
    return this.pictures.readPostVersions(postId, before, count);
  }

  async storePicture(value: unknown, field: string): Promise<string | undefined> {
    const stored = await storePic(this.ex, value, field);
    return stored && pictureRef(stored.url, stored.imageId);
  }

  /** The post and its tags' rows (src/v2/post-tags.ts), in one statement. */
  async insertPost(post: {
    authorId: string;
    content: string;
    pic: string;
    picAlt: string;
    tags: string[];
    now: string;
    quoteOf: string | null;
  }): Promise<string> {
    const id = newId();
    const pic = pictureColumns(post.pic);
    await sql`with added as (
        insert into posts (id, numeric_id, author_id, content, pic_url, pic_image_id, pic_alt, created_at, created_iso, updated_iso, quote_of)
        values (${id}, nextval('numeric_ids')::text, ${post.authorId}, ${post.content}, ${pic.url}, ${pic.imageId}, ${post.picAlt},
          ${post.now}::timestamptz, ${post.now}, ${post.now}, ${post.quoteOf})
        returning id, created_at)
      insert into post_tags (tag, post_id, created_at) select tag, added.id, added.created_at from added, unnest(${post.tags}::text[]) tag`.execute(
      this.ex,
    );
    await indexSearchTextOf(this.ex, [{ id, content: post.content }]);
    return id;
  }

  /** A replaced picture that no other post or member shows is no longer served (image-cleanup.ts). */
  async updatePost(postId: string, changes: { content: string; pic: string; picAlt: string; tags: string[]; now: string }): Promise<void> {
    const pic = pictureColumns(changes.pic);
    // The picture it replaces comes back from the same statement (the locked row as it was).
    const before = await one(
      this.ex,
      sql<{
        pic_image_id: string | null;
      }>`update posts p set content = ${changes.content}, pic_url = ${pic.url}, pic_image_id = ${pic.imageId},
          pic_alt = ${changes.picAlt}, updated_iso = ${changes.now}
        from (select id, pic_image_id from posts where id = ${postId} for update) old
        where p.id = old.id
        returning old.pic_image_id`,
    );
    // The new content's tags replace the old ones: the rows of tags it lost go, new ones come.
    await sql`with gone as (delete from post_tags where post_id = ${postId} and tag <> all(${changes.tags}::text[]))
      insert into post_tags (tag, post_id, created_at) select tag, p.id, p.created_at from posts p, unnest(${changes.tags}::text[]) tag
      where p.id = ${postId}
      on conflict do nothing`.execute(this.ex);
    await indexSearchTextOf(this.ex, [{ id: postId, content: changes.content }]);
    if (before?.pic_image_id && before.pic_image_id !== pic.imageId) await forgetUnusedImages(this.tx, [before.pic_image_id]);
  }

  /** Its reactions, comments, bookmarks, pictures and versions go with it (foreign keys cascade; the triggers recount), and its pictures' images unless shown elsewhere. */
  async deletePost(postId: string): Promise<void> {
    const listed = await imagesOfPosts(this.ex, [postId]);
    const gone = await one(this.ex, sql<{ pic_image_id: string | null }>`delete from posts where id = ${postId} returning pic_image_id`);
    await forgetUnusedImages(this.tx, [...new Set([...listed, ...(gone?.pic_image_id ? [gone.pic_image_id] : [])])]);
  }

  /**
   * One statement: the primary key (post, member) allows one reaction, which the upsert changes.
   * It inserts only for a post that exists, so a missing one never aborts the transaction the
   * reaction's notification shares.
   */
  async setReaction(memberId: string, postId: string, kind: Reaction): Promise<Change> {
    return this.changeOf(
      postId,
      sql`insert into post_reactions (post_id, member_id, kind) select id, ${memberId}, ${kind} from posts where id = ${postId}
        on conflict (post_id, member_id) do update set kind = excluded.kind where post_reactions.kind <> excluded.kind
        returning 1`,
    );
  }

  async setBookmark(memberId: string, postId: string, bookmarked: boolean): Promise<Change> {
    return this.changeOf(
      postId,
      bookmarked
        ? sql`insert into bookmarks (member_id, post_id) values (${memberId}, ${postId}) on conflict do nothing returning 1`
        : sql`delete from bookmarks where member_id = ${memberId} and post_id = ${postId} returning 1`,
    );
  }

  /** One statement that answers a row when it changed something; when it did not, whether the post exists tells 'same' from 'missing'. */
  private async changeOf(postId: string, statement: ReturnType<typeof sql>): Promise<Change> {
    try {
      if (await one(this.ex, statement)) return 'changed';
    } catch (error) {
      if (isMissingPost(error)) return 'missing';
      throw error;
    }
    return (await one(this.ex, sql`select 1 from posts where id = ${postId}`)) ? 'same' : 'missing';
  }

  async readPost(postId: string, viewerId: string | null): Promise<PostRow | null> {
    return (await new RendererV2(this.ex, this.origin, viewerId ?? undefined).postRowById(postId)) ?? null;
  }

  /** Home (Latest) and a member's posts hold reposts (src/v2/repost-lists.ts); the other lists are posts only. */
  readPosts(list: PostList, after: PostKey | null, count: number, viewerId: string | null): Promise<PostRow[]> {
    const renderer = new RendererV2(this.ex, this.origin, viewerId ?? undefined);
    if (list.kind === 'home' && list.sort === 'latest') return renderer.postRowsWithReposts(homeWithReposts(list.memberId, after, count));
    if (list.kind === 'member') return renderer.postRowsWithReposts(memberWithReposts(list.memberId, after, count, viewerId));
    return renderer.postRows(postIdsAfter(list, after, count, viewerId));
  }

  async readMember(memberId: string): Promise<LiveMember | null> {
    return (await new RendererV2(this.ex, this.origin, undefined).member(memberId)) ?? null;
  }

  /** Newest like first by the reaction's sequence number (post_reactions_likes finds the post's likes). */
  async readLikers(
    postId: string,
    after: readonly [number, string] | null,
    count: number,
    viewer: { memberId: string | null; now: string },
  ) {
    const found = await rows(
      this.ex,
      sql<{ id: string; seq: string }>`select r.member_id as id, r.seq::text as seq from post_reactions r
        where r.post_id = ${postId} and r.kind = 'like' ${shownTo(viewer.memberId, sql`r.member_id`)}
        ${after ? sql`and (r.seq, r.member_id collate "C") < (${after[0]}::bigint, ${after[1]}::text collate "C")` : sql``}
        order by r.seq desc, r.member_id collate "C" desc limit ${count}`,
    );
    const members = new Map(
      (await new RendererV2(this.ex, this.origin, viewer.memberId ?? undefined).members(found.map((row) => row.id))).map((m) => [m._id, m]),
    );
    return found.flatMap((row) => {
      const member = members.get(row.id);
      return member ? [{ position: Number(row.seq), member }] : [];
    });
  }
}
