/** /users endpoints: list, lookups, profile edit, bookmarks, follow and unfollow (client: mock-api/src/client.ts). */
import { editProfile, follow } from '../../core/members';
import { runNow } from '../../core/operation';
import { bookmark } from '../../core/posts';
import { fail } from '../errors';
import { MemoryMemberStore } from '../member-store';
import { MemoryPostStore } from '../post-store';
import { findUser } from '../store';
import { actorOf, created, ok, type RouteKit } from './kit';

export function memberRoutes(r: RouteKit): void {
  r.read('get', '/users', ({ render }) => ok({ users: render.users() }));

  r.read('get', '/users/id/:userId', ({ db, params, render }) => {
    const user = findUser(db, params.userId ?? '');
    if (!user) throw fail.memberNotFound();
    return ok({ user: render.user(user) });
  });

  r.read('get', '/users/handler/:userHandler', ({ db, params, render }) => {
    const handle = (params.userHandler ?? '').toLowerCase();
    const user = db.users.find((u) => u.userHandler.toLowerCase() === handle);
    if (!user) throw fail.memberNotFound();
    return ok({ user: render.user(user) });
  });

  // Only the fields a member may change (../../core/members.ts, editProfile).
  r.write('post', '/users/edit', (ctx) => {
    const { events } = runNow(editProfile(new MemoryMemberStore(ctx), actorOf(ctx), ctx.body));
    return created({ user: ctx.render.user(ctx.caller()) }, events);
  });

  r.read('get', '/users/bookmark', ({ caller }) => ok({ bookmarks: [...caller().bookmarks] }));

  // The same rule as v2's bookmark (../../core/posts.ts); v1 answers the caller's bookmarks.
  for (const [path, bookmarked] of [
    ['/users/bookmark/:postId', true],
    ['/users/remove-bookmark/:postId', false],
  ] as const)
    r.write('post', path, (ctx) => {
      const { events } = runNow(bookmark(new MemoryPostStore(ctx), actorOf(ctx), ctx.params.postId ?? '', bookmarked));
      return ok({ bookmarks: [...ctx.caller().bookmarks] }, events);
    });

  for (const [path, following] of [
    ['/users/follow/:followUserId', true],
    ['/users/unfollow/:followUserId', false],
  ] as const)
    r.write('post', path, (ctx) => {
      const { events } = runNow(follow(new MemoryMemberStore(ctx), actorOf(ctx), ctx.params.followUserId ?? '', following));
      return ok({ user: ctx.render.user(ctx.caller()), allUsers: ctx.render.users() }, events);
    });
}
