/** /v2/auth (login, signup, logout) and /v2/me: the signed-in member, their profile edit and bookmarks. */
import { fail } from '@social/mock-api/errors';
import { created, ok } from '../kit';
import { logIn, logOut, signUp } from '../routes/auth';
import type { RouteKit } from '../routes/kit';
import { editProfile } from '../routes/users';
import { asMember, pageBody, route, write } from './kit';
import { pageRequest } from '@social/mock-api/core';
import { BOOKMARKS_LIST, bookmarksPage } from './post-lists';
import { RendererV2 } from './render';

export function meRoutes(r: RouteKit): void {
  // Same checks and messages as v1; the answer is the member as they see themselves.
  route(r, 'login', (ctx) =>
    logIn(ctx, async (t, id, encodedToken) => ok({ me: await new RendererV2(t.ex, ctx.origin, id).me(id), encodedToken })),
  );
  route(r, 'signup', (ctx) =>
    signUp(ctx, async (t, id, encodedToken) => created({ me: await new RendererV2(t.ex, ctx.origin, id).me(id), encodedToken })),
  );
  route(r, 'logout', logOut);

  route(r, 'me', (ctx) =>
    asMember(ctx, async (t) => {
      const me = await t.v2.me(t.me.id);
      if (!me) throw fail.userNotFound();
      return ok({ me });
    }),
  );

  route(r, 'editMe', (ctx) =>
    write(ctx, async (t) => {
      await editProfile(t.ex, t.me.id, ctx.body, ctx.now);
      return created({ me: await t.v2.me(t.me.id) });
    }),
  );

  route(r, 'myBookmarks', (ctx) => {
    const page = pageRequest(ctx.query, BOOKMARKS_LIST);
    return asMember(ctx, async (t) => {
      const { posts, nextCursor } = await bookmarksPage(t.ex, t.v2, t.me.id, page);
      return ok(pageBody('posts', posts, nextCursor));
    });
  });
}
