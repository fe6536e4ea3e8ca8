/**
 * The PictureStore of mock-api/src/core/post-pictures.ts on PostgreSQL (src/post-pictures-schema.ts):
 * a post's pictures and its earlier versions. Runs inside the post operation's transaction.
 */
import type { PictureV2 } from '@social/mock-api/contract-v2';
import type { PictureStore, StoredPicture, StoredVersion } from '@social/mock-api/core';
import { sql, type RawBuilder } from 'kysely';
import { one, rows, type Executor, type Transaction } from './db';
import { forgetUnusedImages } from './image-cleanup';
import { pictureColumns, pictureRef, picUrl } from './images';

/** A picture as the JSON of a query's `pictures` column holds it. */
export interface PictureJson {
  u: string;
  i: string | null;
  a: string;
  w: number;
  h: number;
}

/** The pictures of the post `postId` names, in order, as a JSON list (for a column of a post query). */
export const picturesJson = (postId: RawBuilder<unknown>) =>
  sql<
    PictureJson[]
  >`(select coalesce(json_agg(json_build_object('u', pp.pic_url, 'i', pp.pic_image_id, 'a', pp.alt, 'w', pp.width, 'h', pp.height)
    order by pp.position), '[]'::json) from post_pictures pp where pp.post_id = ${postId})`;

/** Whether the post `postId` names has earlier versions (for a column of a post query). */
export const editedColumn = (postId: RawBuilder<unknown>) =>
  sql<boolean>`exists (select 1 from post_versions v where v.post_id = ${postId})`;

/** The pictures an answer shows: the listed ones, or (a post kept from before) its one `pic`. */
export function picturesOf(
  origin: string,
  listed: readonly PictureJson[],
  first: { url: string; imageId: string | null; alt: string },
): PictureV2[] {
  if (listed.length > 0) return listed.map((p) => ({ url: picUrl(origin, p.u, p.i), alt: p.a, width: p.w, height: p.h }));
  const url = picUrl(origin, first.url, first.imageId);
  return url ? [{ url, alt: first.alt, width: 0, height: 0 }] : [];
}

/**
 * The images of the posts a statement deletes (`gone`: a CTE's name with an `id` column): their
 * pictures' and their versions' rows, read from the statement's snapshot, before they cascade.
 */
export const imagesOfGonePosts = sql`select pp.pic_image_id as pic from post_pictures pp join gone on pp.post_id = gone.id where pp.pic_image_id is not null
  union all select vp.pic_image_id from post_version_pictures vp join gone on vp.post_id = gone.id where vp.pic_image_id is not null`;

const columnsOf = (pictures: readonly StoredPicture[]) => {
  const stored = pictures.map((p) => pictureColumns(p.pic));
  return {
    urls: stored.map((s) => s.url),
    imageIds: stored.map((s) => s.imageId),
    alts: pictures.map((p) => p.alt),
    widths: pictures.map((p) => p.width),
    heights: pictures.map((p) => p.height),
  };
};

export class SqlPictureStore implements PictureStore {
  constructor(
    private readonly ex: Executor,
    private readonly origin: string,
  ) {}

  async postPictures(postId: string): Promise<StoredPicture[]> {
    const found = await rows(
      this.ex,
      sql<{ pictures: PictureJson[]; pic_url: string; pic_image_id: string | null; pic_alt: string }>`
        select ${picturesJson(sql`p.id`)} as pictures, p.pic_url, p.pic_image_id, p.pic_alt from posts p where p.id = ${postId}`,
    );
    const post = found[0];
    if (!post) return [];
    if (post.pictures.length > 0) return post.pictures.map((p) => ({ pic: pictureRef(p.u, p.i), alt: p.a, width: p.w, height: p.h }));
    const pic = pictureRef(post.pic_url, post.pic_image_id);
    return pic ? [{ pic, alt: post.pic_alt, width: 0, height: 0 }] : [];
  }

  /** The rows are replaced; an image no row names any more is no longer served (image-cleanup.ts). */
  async setPostPictures(postId: string, pictures: StoredPicture[]): Promise<void> {
    const old = await rows(
      this.ex,
      sql<{ pic_image_id: string | null }>`delete from post_pictures where post_id = ${postId} returning pic_image_id`,
    );
    const c = columnsOf(pictures);
    if (pictures.length > 0)
      await sql`insert into post_pictures (post_id, position, pic_url, pic_image_id, alt, width, height)
        select ${postId}, t.n - 1, t.url, t.image_id, t.alt, t.width, t.height
        from unnest(${c.urls}::text[], ${c.imageIds}::text[], ${c.alts}::text[], ${c.widths}::int[], ${c.heights}::int[])
          with ordinality as t (url, image_id, alt, width, height, n)`.execute(this.ex);
    const kept = new Set(c.imageIds);
    const removed = [...new Set(old.flatMap((row) => (row.pic_image_id && !kept.has(row.pic_image_id) ? [row.pic_image_id] : [])))];
    await forgetUnusedImages(this.ex as Transaction, removed);
  }

  async addPostVersion(postId: string, version: Omit<StoredVersion, 'n'>): Promise<void> {
    const added = await one(
      this.ex,
      sql<{ n: number }>`insert into post_versions (post_id, n, content, created_iso)
        select ${postId}, coalesce(max(n), 0) + 1, ${version.content}, ${version.createdAt} from post_versions where post_id = ${postId}
        returning n`,
    );
    if (!added || version.pictures.length === 0) return;
    const c = columnsOf(version.pictures);
    await sql`insert into post_version_pictures (post_id, n, position, pic_url, pic_image_id, alt, width, height)
      select ${postId}, ${added.n}, t.n - 1, t.url, t.image_id, t.alt, t.width, t.height
      from unnest(${c.urls}::text[], ${c.imageIds}::text[], ${c.alts}::text[], ${c.widths}::int[], ${c.heights}::int[])
        with ordinality as t (url, image_id, alt, width, height, n)`.execute(this.ex);
  }

  /** One query: the versions and their pictures. */
  async readPostVersions(postId: string, before: number | null, count: number) {
    const found = await rows(
      this.ex,
      sql<{ n: number; content: string; created_iso: string; pictures: PictureJson[] }>`
        select v.n, v.content, v.created_iso,
          (select coalesce(json_agg(json_build_object('u', vp.pic_url, 'i', vp.pic_image_id, 'a', vp.alt, 'w', vp.width, 'h', vp.height)
            order by vp.position), '[]'::json) from post_version_pictures vp where vp.post_id = v.post_id and vp.n = v.n) as pictures
        from post_versions v where v.post_id = ${postId} and (${before}::int is null or v.n < ${before}::int)
        order by v.n desc limit ${count}`,
    );
    return found.map((v) => ({
      n: v.n,
      content: v.content,
      createdAt: v.created_iso,
      pictures: v.pictures.map((p) => ({ url: picUrl(this.origin, p.u, p.i), alt: p.a, width: p.w, height: p.h })),
    }));
  }
}

/** The image ids the pictures and earlier versions of these posts name (read before they are deleted). */
export async function imagesOfPosts(ex: Executor, postIds: readonly string[]): Promise<string[]> {
  if (postIds.length === 0) return [];
  const found = await rows(
    ex,
    sql<{ id: string }>`select pic_image_id as id from post_pictures where post_id = any(${postIds}::text[]) and pic_image_id is not null
      union select pic_image_id from post_version_pictures where post_id = any(${postIds}::text[]) and pic_image_id is not null`,
  );
  return found.map((row) => row.id);
}
