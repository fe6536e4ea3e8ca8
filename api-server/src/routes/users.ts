/** /users endpoints: list, lookups, profile edit, bookmarks, follow and unfollow (mock-api/src/server/routes/users.ts). */
import { SERVER_ERRORS } from '@social/mock-api/contract';
import { fail } from '@social/mock-api/errors';
import { INPUT_MESSAGES, link, objectField, text, TEXT_LIMITS, type JsonObject } from '@social/mock-api/rules';
import { one, rows, sql, type Transaction } from '../db';
import { storePic } from '../images';
import { forgetUnusedImages, memberPicture } from '../image-cleanup';
import { created, ok } from '../kit';
import type { RouteKit } from './kit';

const bookmarksOf = async (ex: Transaction, memberId: string) =>
  (await rows(ex, sql<{ post_id: string }>`select post_id from bookmarks where member_id = ${memberId} order by seq`)).map(
    (r) => r.post_id,
  );

const postExists = async (ex: Transaction, postId: string) => Boolean(await one(ex, sql`select 1 from posts where id = ${postId}`));

async function memberOr404(ex: Transaction, memberId: string): Promise<string> {
  const row = await one(ex, sql<{ id: string }>`select id from members where id = ${memberId}`);
  if (!row) throw fail.memberNotFound();
  return row.id;
}

export function userRoutes(r: RouteKit): void {
  r.route('GET', '/users', ({ tx }) => tx(async (t) => ok({ users: await t.render.users() })));

  r.route('GET', '/users/id/:userId', ({ params, tx }) =>
    tx(async (t) => {
      const user = await t.render.user(params.userId ?? '');
      if (!user) throw fail.memberNotFound();
      return ok({ user });
    }),
  );

  r.route('GET', '/users/handler/:userHandler', ({ params, tx }) =>
    tx(async (t) => {
      const row = await one(
        t.ex,
        sql<{ id: string }>`select id from members where lower(user_handler) = lower(${params.userHandler ?? ''})`,
      );
      if (!row) throw fail.memberNotFound();
      return ok({ user: await t.render.user(row.id) });
    }),
  );

  r.route('POST', '/users/edit', ({ body, tx, now }) =>
    tx(async (t) => {
      const caller = await t.caller();
      await editProfile(t.ex, caller.id, body, now);
      return created({ user: await t.render.user(caller.id) });
    }),
  );

  r.route('GET', '/users/bookmark', ({ tx }) => tx(async (t) => ok({ bookmarks: await bookmarksOf(t.ex, (await t.caller()).id) })));

  r.route('POST', '/users/bookmark/:postId', ({ params, tx }) =>
    tx(async (t) => {
      const caller = await t.caller();
      const postId = params.postId ?? '';
      if (!(await postExists(t.ex, postId))) throw fail.postNotFound();
      const added = await one(
        t.ex,
        sql`insert into bookmarks (member_id, post_id) values (${caller.id}, ${postId}) on conflict do nothing returning 1`,
      );
      if (!added) throw fail.badRequest(SERVER_ERRORS.alreadyBookmarked);
      return ok({ bookmarks: await bookmarksOf(t.ex, caller.id) });
    }),
  );

  r.route('POST', '/users/remove-bookmark/:postId', ({ params, tx }) =>
    tx(async (t) => {
      const caller = await t.caller();
      const postId = params.postId ?? '';
      const removed = await one(t.ex, sql`delete from bookmarks where member_id = ${caller.id} and post_id = ${postId} returning 1`);
      if (!removed) {
        if (!(await postExists(t.ex, postId))) throw fail.postNotFound();
        throw fail.badRequest(SERVER_ERRORS.notBookmarked);
      }
      return ok({ bookmarks: await bookmarksOf(t.ex, caller.id) });
    }),
  );

  r.route('POST', '/users/follow/:followUserId', ({ params, tx, now }) =>
    tx(async (t) => {
      const caller = await t.caller();
      const target = await memberOr404(t.ex, params.followUserId ?? '');
      if (target === caller.id) throw fail.badRequest(INPUT_MESSAGES.followSelf);
      const added = await one(
        t.ex,
        sql`insert into follows (follower_id, followee_id, following_pos, follower_pos)
          values (${caller.id}, ${target}, nextval('follow_positions'), nextval('follow_positions'))
          on conflict do nothing returning 1`,
      );
      if (!added) throw fail.badRequest(SERVER_ERRORS.alreadyFollowing);
      await sql`update members set updated_iso = ${now} where id in (${caller.id}, ${target})`.execute(t.ex);
      return ok({ user: await t.render.user(caller.id), allUsers: await t.render.users() });
    }),
  );

  r.route('POST', '/users/unfollow/:followUserId', ({ params, tx, now }) =>
    tx(async (t) => {
      const caller = await t.caller();
      const target = await memberOr404(t.ex, params.followUserId ?? '');
      if (target === caller.id) throw fail.badRequest(INPUT_MESSAGES.followSelf);
      const removed = await one(t.ex, sql`delete from follows where follower_id = ${caller.id} and followee_id = ${target} returning 1`);
      if (!removed) throw fail.badRequest(SERVER_ERRORS.notFollowing);
      await sql`update members set updated_iso = ${now} where id in (${caller.id}, ${target})`.execute(t.ex);
      return ok({ user: await t.render.user(caller.id), allUsers: await t.render.users() });
    }),
  );
}

/** A profile edit (v1 /users/edit and v2 POST /me): only the fields a member may change; username, password, ids and lists are ignored. */
export async function editProfile(ex: Transaction, memberId: string, body: JsonObject, now: string): Promise<void> {
  const userData = objectField(body, 'userData');
  const firstName = text(userData.firstName, 'firstName', { required: false, max: TEXT_LIMITS.name });
  const lastName = text(userData.lastName, 'lastName', { required: false, max: TEXT_LIMITS.name });
  const bio = text(userData.bio, 'bio', { required: false, allowEmpty: true, max: TEXT_LIMITS.bio });
  const userLink = link(userData.link);
  const pic = await storePic(ex, userData.pic, 'pic');
  // An emptied picture keeps the current one rather than showing a broken image.
  const newPic = pic && (pic.url || pic.imageId) ? pic : undefined;
  const oldPic = newPic ? await memberPicture(ex, memberId) : [];
  await sql`update members set
      first_name = coalesce(${firstName ?? null}, first_name),
      last_name = coalesce(${lastName ?? null}, last_name),
      bio = coalesce(${bio ?? null}, bio),
      link = coalesce(${userLink ?? null}, link),
      pic_url = case when ${newPic !== undefined} then ${newPic?.url ?? ''} else pic_url end,
      pic_image_id = case when ${newPic !== undefined} then ${newPic?.imageId ?? null}::text else pic_image_id end,
      updated_iso = ${now}
    where id = ${memberId}`.execute(ex);
  await forgetUnusedImages(ex, oldPic);
}
