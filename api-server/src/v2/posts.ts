/**
 * /v2/posts: one post, create, edit, delete (author only), like, dislike, bookmark. Every write
 * answers only the post it changed, with its stored counts and the caller's own reaction and
 * bookmark (the counts are kept by the triggers of src/v2/schema.ts, in the same transaction).
 */
import { SERVER_ERRORS } from '@social/mock-api/contract';
import { fail } from '@social/mock-api/errors';
import { V2_TEXT_LIMITS } from '@social/mock-api/contract-v2';
import { objectField, requiredText, text, TEXT_LIMITS, type JsonObject } from '@social/mock-api/rules';
import type { RawBuilder } from 'kysely';
import { one, sql, type Executor } from '../db';
import { forgetUnusedImages, postPictures } from '../image-cleanup';
import { picUrl, storePic } from '../images';
import { created, newId, ok, type Answer } from '../kit';
import type { RouteKit } from '../routes/kit';
import { asMember, param, postAuthorOr404, read, route, write, type MemberSession } from './kit';

function draftOf(body: JsonObject) {
  const postData = objectField(body, 'postData');
  const content = requiredText(postData.content, 'content', { max: TEXT_LIMITS.post });
  const picAlt = text(postData.picAlt, 'picAlt', { required: false, allowEmpty: true, max: V2_TEXT_LIMITS.picAlt })?.trim();
  return { postData, content, picAlt };
}

async function answerPost(t: MemberSession, postId: string, status: 200 | 201): Promise<Answer> {
  const post = await t.v2.post(postId);
  if (!post) throw fail.postNotFound();
  return status === 201 ? created({ post }) : ok({ post });
}

/** PostgreSQL's foreign-key-violation code: the post named does not exist. */
const isMissingPost = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';

/** One statement on its own; an insert naming a post that does not exist is 404. */
async function changeOf(t: MemberSession, statement: RawBuilder<unknown>): Promise<boolean> {
  try {
    return Boolean(await one(t.ex, statement));
  } catch (error) {
    if (isMissingPost(error)) throw fail.postNotFound();
    throw error;
  }
}

/**
 * A like replaces the caller's dislike and the other way round; the same reaction twice is
 * refused (as v1). One statement (the counts move in its trigger), then the post as it is now.
 */
async function react(t: MemberSession, postId: string, kind: 'like' | 'dislike'): Promise<Answer> {
  const changed = await changeOf(
    t,
    sql`insert into post_reactions (post_id, member_id, kind) values (${postId}, ${t.me.id}, ${kind})
      on conflict (post_id, member_id) do update set kind = excluded.kind where post_reactions.kind <> excluded.kind
      returning 1`,
  );
  if (!changed) {
    await postAuthorOr404(t.ex, postId);
    throw fail.badRequest(kind === 'like' ? SERVER_ERRORS.alreadyLiked : SERVER_ERRORS.alreadyDisliked);
  }
  return answerPost(t, postId, 201);
}

async function postExists(ex: Executor, postId: string): Promise<boolean> {
  return Boolean(await one(ex, sql`select 1 from posts where id = ${postId}`));
}

export function postRoutesV2(r: RouteKit): void {
  route(r, 'post', (ctx) =>
    read(ctx, async (t) => {
      const post = await t.v2.post(param(ctx, 'postId'));
      if (!post) throw fail.postNotFound();
      return ok({ post });
    }),
  );

  // The author is the token holder.
  route(r, 'createPost', (ctx) =>
    write(ctx, async (t) => {
      const { postData, content, picAlt } = draftOf(ctx.body);
      const pic = (await storePic(t.ex, postData.pic, 'pic')) ?? { url: '', imageId: null };
      const id = newId();
      await sql`insert into posts (id, numeric_id, author_id, content, pic_url, pic_image_id, pic_alt, created_at, created_iso, updated_iso)
        values (${id}, nextval('numeric_ids')::text, ${t.me.id}, ${content}, ${pic.url}, ${pic.imageId}, ${pic.url || pic.imageId ? (picAlt ?? '') : ''}, ${ctx.now}::timestamptz, ${ctx.now}, ${ctx.now})`.execute(
        t.ex,
      );
      return answerPost(t, id, 201);
    }),
  );

  route(r, 'editPost', (ctx) =>
    write(ctx, async (t) => {
      const postId = param(ctx, 'postId');
      const author = await postAuthorOr404(t.ex, postId);
      if (author !== t.me.id) throw fail.forbidden(SERVER_ERRORS.editNotOwner);
      const { postData, content, picAlt } = draftOf(ctx.body);
      const pic = await storePic(t.ex, postData.pic, 'pic');
      const before = await one(
        t.ex,
        sql<{ pic_url: string; pic_image_id: string | null }>`select pic_url, pic_image_id from posts where id = ${postId}`,
      );
      const picChanged =
        pic !== undefined &&
        before !== undefined &&
        picUrl(ctx.origin, pic.url, pic.imageId) !== picUrl(ctx.origin, before.pic_url, before.pic_image_id);
      // The description stays with its picture; a new picture without one has none; no picture, no description.
      const alt = pic !== undefined && !pic.url && !pic.imageId ? '' : (picAlt ?? (picChanged ? '' : undefined));
      await sql`update posts set content = ${content},
          pic_url = case when ${pic !== undefined} then ${pic?.url ?? ''} else pic_url end,
          pic_image_id = case when ${pic !== undefined} then ${pic?.imageId ?? null}::text else pic_image_id end,
          pic_alt = case when pic_url = '' and pic_image_id is null and ${pic === undefined} then '' else coalesce(${alt ?? null}::text, pic_alt) end,
          updated_iso = ${ctx.now}
        where id = ${postId}`.execute(t.ex);
      // A replaced or removed picture no other post or member shows is no longer served.
      if (pic !== undefined && before?.pic_image_id) await forgetUnusedImages(t.ex, [before.pic_image_id]);
      return answerPost(t, postId, 201);
    }),
  );

  // Its reactions, comments and bookmarks go with it (foreign keys cascade; the triggers recount),
  // and its picture too unless another post or member shows it (image-cleanup.ts).
  route(r, 'deletePost', (ctx) =>
    write(ctx, async (t) => {
      const postId = param(ctx, 'postId');
      const author = await postAuthorOr404(t.ex, postId);
      if (author !== t.me.id) throw fail.forbidden(SERVER_ERRORS.deleteNotOwner);
      const pictures = await postPictures(t.ex, [postId]);
      await sql`delete from posts where id = ${postId}`.execute(t.ex);
      await forgetUnusedImages(t.ex, pictures);
      return ok({ postId });
    }),
  );

  route(r, 'like', (ctx) => asMember(ctx, (t) => react(t, param(ctx, 'postId'), 'like')));
  route(r, 'dislike', (ctx) => asMember(ctx, (t) => react(t, param(ctx, 'postId'), 'dislike')));

  route(r, 'bookmark', (ctx) =>
    asMember(ctx, async (t) => {
      const postId = param(ctx, 'postId');
      const added = await changeOf(
        t,
        sql`insert into bookmarks (member_id, post_id) values (${t.me.id}, ${postId}) on conflict do nothing returning 1`,
      );
      if (!added) {
        if (!(await postExists(t.ex, postId))) throw fail.postNotFound();
        throw fail.badRequest(SERVER_ERRORS.alreadyBookmarked);
      }
      return answerPost(t, postId, 200);
    }),
  );

  route(r, 'removeBookmark', (ctx) =>
    asMember(ctx, async (t) => {
      const postId = param(ctx, 'postId');
      const removed = await one(t.ex, sql`delete from bookmarks where member_id = ${t.me.id} and post_id = ${postId} returning 1`);
      if (!removed) {
        if (!(await postExists(t.ex, postId))) throw fail.postNotFound();
        throw fail.badRequest(SERVER_ERRORS.notBookmarked);
      }
      return answerPost(t, postId, 200);
    }),
  );
}
