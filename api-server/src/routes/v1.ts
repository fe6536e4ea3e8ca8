/** The v1 calls (mock-api/src/contract.ts, V1_ROUTES) bound to the core (mock-api/src/core/v1-routes.ts) on the SQL stores. */
import { V1_ROUTES } from '@social/mock-api/contract';
import { runAsync, V1_BINDINGS, type V1Stores } from '@social/mock-api/core';
import { SqlCommentStore } from '../comment-store';
import type { Transaction } from '../db';
import { actorOf } from '../kit';
import { logEvents } from '../live/log';
import { SqlMemberStore } from '../member-store';
import { SqlPostStore } from '../post-store';
import { SqlV1Store } from '../v1-store';
import type { RouteKit } from './kit';

const storesOf = (ex: Transaction, origin: string): V1Stores => ({
  posts: new SqlPostStore(ex, origin),
  members: new SqlMemberStore(ex, origin),
  comments: new SqlCommentStore(ex, origin),
  v1: new SqlV1Store(ex, origin),
});

/**
 * Each call in one transaction, reads too (an answer is one consistent snapshot); a write's
 * events go to the change log in it (../live/log.ts), so they commit with the write.
 */
export function v1Routes(r: RouteKit): void {
  for (const [name, binding] of Object.entries(V1_BINDINGS)) {
    const [method, path] = V1_ROUTES[name as keyof typeof V1_BINDINGS];
    r.route(method, path, (ctx) =>
      ctx.tx(async (t) => {
        const call = { ...ctx, actor: async () => actorOf(ctx, await t.caller()) };
        const { status, body, events } = await runAsync(binding(storesOf(t.ex, ctx.origin), call));
        await logEvents(t.ex, events);
        return { status, body };
      }),
    );
  }
}
