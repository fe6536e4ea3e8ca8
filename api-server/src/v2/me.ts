/** /v2/auth (login, signup, logout) and /v2/me: the signed-in member, their profile edit and bookmarks. */
import { created, ok } from '../kit';
import { logIn, logOut, signUp } from '../routes/auth';
import type { RouteKit } from '../routes/kit';
import { asMember, pageBody, route, write } from './kit';
import { editProfile, pageRequest, readMe, runAsync } from '@social/mock-api/core';
import { SqlMemberStore } from '../member-store';
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

  route(r, 'me', (ctx) => asMember(ctx, async (t) => ok({ me: await runAsync(readMe(new SqlMemberStore(t.ex, ctx.origin), t.me.id)) })));

  // The fields of v1's /users/edit, with its checks (mock-api/src/core/members.ts, editProfile).
  route(r, 'editMe', (ctx) =>
    write(ctx, async (t) =>
      created({ me: (await t.perform(editProfile(new SqlMemberStore(t.ex, ctx.origin), t.actor, ctx.body))).result }),
    ),
  );

  route(r, 'myBookmarks', (ctx) => {
    const page = pageRequest(ctx.query, BOOKMARKS_LIST);
    return asMember(ctx, async (t) => {
      const { posts, nextCursor } = await bookmarksPage(t.ex, t.v2, t.me.id, page);
      return ok(pageBody('posts', posts, nextCursor));
    });
  });
}
