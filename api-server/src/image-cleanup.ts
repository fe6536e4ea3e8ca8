/**
 * Stored pictures nobody uses any more are deleted (issue 28, defect 5): after a post is
 * deleted, or a post's or member's picture is replaced, the old picture's row goes unless
 * another post (any of its pictures, or of its earlier versions) or member still shows it (the same bytes are stored once and may be shared).
 * Then GET /api/images/<id> answers 404 for it, as the fake backend does.
 */
import { sql, type Transaction } from './db';

/** The picture a member shows. */
export async function memberPicture(ex: Transaction, memberId: string): Promise<string[]> {
  const found = await sql<{ id: string | null }>`select pic_image_id as id from members where id = ${memberId}`.execute(ex);
  return found.rows.flatMap((row) => (row.id ? [row.id] : []));
}

/**
 * Deletes those of `ids` no post or member refers to. Inside a savepoint: a transaction that
 * starts using one of them at the same moment makes the delete fail on the foreign key, and
 * then the picture simply stays (the change this runs after is kept either way).
 */
export async function forgetUnusedImages(ex: Transaction, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`savepoint forget_images`.execute(ex);
  try {
    await sql`delete from images i where i.id in (${sql.join(ids)})
      and not exists (select 1 from posts p where p.pic_image_id = i.id)
      and not exists (select 1 from members m where m.pic_image_id = i.id)
      and not exists (select 1 from post_pictures pp where pp.pic_image_id = i.id)
      and not exists (select 1 from post_version_pictures vp where vp.pic_image_id = i.id)`.execute(ex);
    await sql`release savepoint forget_images`.execute(ex);
  } catch (error) {
    if ((error as { code?: unknown }).code !== '23503') throw error;
    await sql`rollback to savepoint forget_images`.execute(ex);
  }
}
