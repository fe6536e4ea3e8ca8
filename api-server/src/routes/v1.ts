/** The v1 calls (mock-api/src/contract.ts, V1_ROUTES) bound to the core (mock-api/src/core/v1-routes.ts) on the SQL stores. */
import { V1_ROUTES } from '@social/mock-api/contract';
import { runAsync, V1_BINDINGS, type V1Stores } from '@social/mock-api/core';
import { SqlCommentStore } from '../comment-store';
import { actorOf, type Session } from '../kit';
import { SqlMemberStore } from '../member-store';
import { SqlPostStore } from '../post-store';
import { SqlV1Store } from '../v1-store';
import type { RouteKit } from './kit';

/** Calls of one statement, run without a transaction: a refused insert (a missing post) must not abort one. */
const ONE_STATEMENT = new Set<string>(['like', 'dislike', 'bookmark', 'removeBookmark']);

const storesOf = (ex: Session['ex'], origin: string): V1Stores => ({
  posts: new SqlPostStore(ex, origin),
  members: new SqlMemberStore(ex, origin),
  comments: new SqlCommentStore(ex, origin),
  v1: new SqlV1Store(ex, origin),
});

/** Every other call runs in one transaction, reads too: an answer is one consistent snapshot. */
export function v1Routes(r: RouteKit): void {
  for (const [name, binding] of Object.entries(V1_BINDINGS)) {
    const [method, path] = V1_ROUTES[name as keyof typeof V1_BINDINGS];
    r.route(method, path, (ctx) => {
      const work = async (t: Session) => {
        const { status, body } = await runAsync(
          binding(storesOf(t.ex, ctx.origin), { ...ctx, actor: async () => actorOf(ctx, await t.caller()) }),
        );
        return { status, body };
      };
      return ONE_STATEMENT.has(name) ? ctx.run(work) : ctx.tx(work);
    });
  }
}
