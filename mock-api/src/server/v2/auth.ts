/** v2 sessions and the signed-in member: login, signup, logout, me, profile edit, my bookmarks. */
import { indexOf } from '../indexes';
import { loggedInMember, memberJoined, signedUpMember } from '../routes/auth';
import { blockSideOf } from '../safety-filters';
import { actorOf, answered, created, ok, v2Read, v2Write, type RouteKit } from '../routes/kit';
import type { StoredPost } from '../store';
import { signToken } from '../tokens';
import { LIST_TAGS } from '../../core/lists';
import { editProfile, readMe } from '../../core/members';
import { runNow } from '../../core/operation';
import { MemoryMemberStore } from '../member-store';
import { asCaller, pageOfArrivals, V2Renderer } from './common';

export function authRoutesV2(r: RouteKit): void {
  // The same checks and messages as v1 (routes/auth.ts); the answer is the member as they see themselves.
  r.read('post', '/v2/auth/login', (ctx) => {
    const user = loggedInMember(ctx);
    return ok({ me: new V2Renderer(ctx, user).me(user), encodedToken: signToken(user) });
  });

  r.write('post', '/v2/auth/signup', (ctx) => {
    const user = signedUpMember(ctx);
    return created({ me: new V2Renderer(ctx, user).me(user), encodedToken: signToken(user) }, memberJoined(ctx, user));
  });

  r.write('post', '/v2/auth/logout', ({ db, session }) => {
    const { token } = session();
    const nowMs = Date.now();
    db.revoked = db.revoked.filter((entry) => entry.expiresAt > nowMs);
    db.revoked.push({ id: token.jti, expiresAt: token.exp * 1000 });
    return ok({}, []);
  });

  v2Read(r, 'me', (ctx) => ok({ me: runNow(readMe(new MemoryMemberStore(ctx), ctx.caller()._id)) }));

  // The fields of v1's /users/edit, with its checks (../../core/members.ts, editProfile).
  v2Write(r, 'editMe', (ctx) => answered(201, runNow(editProfile(new MemoryMemberStore(ctx), actorOf(ctx), ctx.body)), (me) => ({ me })));

  // Most recently saved first, but for posts whose author blocked the member (they are 404 to them).
  r.read('get', '/v2/me/bookmarks', (ctx) => {
    const { me, render } = asCaller(ctx);
    const posts = indexOf(ctx.db).postsById;
    const shown = me.bookmarks.filter((id) => {
      const post = posts.get(id);
      return !!post && blockSideOf(ctx.db, me._id, post.userId) !== 'blocked-by';
    });
    const page = pageOfArrivals(shown, ctx.query, LIST_TAGS.bookmarks, true);
    const found = page.ids.map((id) => posts.get(id)).filter((p): p is StoredPost => !!p);
    return ok({ posts: found.map((p) => render.post(p)), nextCursor: page.nextCursor });
  });
}
