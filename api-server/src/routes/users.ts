/** /users endpoints: list, lookups, profile edit, bookmarks, follow and unfollow (mock-api/src/server/routes/users.ts). */
import { bookmark, editProfile, follow } from '@social/mock-api/core';
import { perform } from '../live/log';
import { fail } from '@social/mock-api/errors';
import { one, rows, sql, type Executor } from '../db';
import { actorOf, created, ok } from '../kit';
import { SqlMemberStore } from '../member-store';
import { SqlPostStore } from '../post-store';
import type { RouteKit } from './kit';

const bookmarksOf = async (ex: Executor, memberId: string) =>
  (await rows(ex, sql<{ post_id: string }>`select post_id from bookmarks where member_id = ${memberId} order by seq`)).map(
    (r) => r.post_id,
  );

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

  // Only the fields a member may change (mock-api/src/core/members.ts, editProfile).
  r.route('POST', '/users/edit', (ctx) =>
    ctx.tx(async (t) => {
      const caller = await t.caller();
      await perform(t.ex, editProfile(new SqlMemberStore(t.ex, ctx.origin), actorOf(ctx, caller), ctx.body));
      return created({ user: await t.render.user(caller.id) });
    }),
  );

  r.route('GET', '/users/bookmark', ({ tx }) => tx(async (t) => ok({ bookmarks: await bookmarksOf(t.ex, (await t.caller()).id) })));

  // The same rule as v2's bookmark (mock-api/src/core/posts.ts); v1 answers the caller's bookmarks.
  for (const [path, bookmarked] of [
    ['/users/bookmark/:postId', true],
    ['/users/remove-bookmark/:postId', false],
  ] as const)
    r.route('POST', path, (ctx) =>
      ctx.tx(async (t) => {
        const caller = await t.caller();
        await perform(t.ex, bookmark(new SqlPostStore(t.ex, ctx.origin), actorOf(ctx, caller), ctx.params.postId ?? '', bookmarked));
        return ok({ bookmarks: await bookmarksOf(t.ex, caller.id) });
      }),
    );

  for (const [path, following] of [
    ['/users/follow/:followUserId', true],
    ['/users/unfollow/:followUserId', false],
  ] as const)
    r.route('POST', path, (ctx) =>
      ctx.tx(async (t) => {
        const caller = await t.caller();
        await perform(t.ex, follow(new SqlMemberStore(t.ex, ctx.origin), actorOf(ctx, caller), ctx.params.followUserId ?? '', following));
        return ok({ user: await t.render.user(caller.id), allUsers: await t.render.users() });
      }),
    );
}
