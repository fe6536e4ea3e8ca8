/** v2 sessions and the signed-in member: login, signup, logout, me, profile edit, my bookmarks. */
import { indexOf } from '../indexes';
import { loggedInMember, signedUpMember } from '../routes/auth';
import { created, ok, type RouteKit } from '../routes/kit';
import type { StoredPost, StoredUser } from '../store';
import { signToken } from '../tokens';
import { link, objectField, text, TEXT_LIMITS } from '../validate';
import { LIST_TAGS } from '../../core/lists';
import { asCaller, pageOfArrivals, V2Renderer } from './common';

export function authRoutesV2(r: RouteKit): void {
  // The same checks and messages as v1 (routes/auth.ts); the answer is the member as they see themselves.
  r.read('post', '/v2/auth/login', (ctx) => {
    const user = loggedInMember(ctx);
    return ok({ me: new V2Renderer(ctx, user).me(user), encodedToken: signToken(user) });
  });

  r.write('post', '/v2/auth/signup', (ctx) => {
    const user = signedUpMember(ctx);
    return created({ me: new V2Renderer(ctx, user).me(user), encodedToken: signToken(user) });
  });

  r.write('post', '/v2/auth/logout', ({ db, session }) => {
    const { token } = session();
    const nowMs = Date.now();
    db.revoked = db.revoked.filter((entry) => entry.expiresAt > nowMs);
    db.revoked.push({ id: token.jti, expiresAt: token.exp * 1000 });
    return ok({});
  });

  r.read('get', '/v2/me', (ctx) => {
    const { me, render } = asCaller(ctx);
    return ok({ me: render.me(me) });
  });

  // The fields of v1's /users/edit, with its checks; anything else in userData is ignored.
  r.write('post', '/v2/me', (ctx) => {
    const { me, render } = asCaller(ctx);
    const userData = objectField(ctx.body, 'userData');
    const changes: Partial<StoredUser> = {};
    const firstName = text(userData.firstName, 'firstName', { required: false, max: TEXT_LIMITS.name });
    const lastName = text(userData.lastName, 'lastName', { required: false, max: TEXT_LIMITS.name });
    const bio = text(userData.bio, 'bio', { required: false, allowEmpty: true, max: TEXT_LIMITS.bio });
    const userLink = link(userData.link);
    const pic = ctx.storablePic(userData.pic, 'pic');
    if (firstName !== undefined) changes.firstName = firstName;
    if (lastName !== undefined) changes.lastName = lastName;
    if (bio !== undefined) changes.bio = bio;
    if (userLink !== undefined) changes.link = userLink;
    if (pic !== undefined && pic !== '') changes.pic = pic;
    Object.assign(me, changes, { updatedAt: ctx.now });
    return created({ me: render.me(me) });
  });

  // Most recently saved first.
  r.read('get', '/v2/me/bookmarks', (ctx) => {
    const { me, render } = asCaller(ctx);
    const page = pageOfArrivals(me.bookmarks, ctx.query, LIST_TAGS.bookmarks, true);
    const posts = indexOf(ctx.db).postsById;
    const found = page.ids.map((id) => posts.get(id)).filter((p): p is StoredPost => !!p);
    return ok({ posts: found.map((p) => render.post(p)), nextCursor: page.nextCursor });
  });
}
