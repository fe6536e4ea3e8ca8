/** The v1 calls (mock-api/src/contract.ts, V1_ROUTES) bound to the core (mock-api/src/core/v1-routes.ts) on the SQL stores. */
import { V1_ROUTES } from '@social/mock-api/contract';
import { readUserV1, runAsync, V1_BINDINGS, type V1Stores } from '@social/mock-api/core';
import { SqlCommentStore } from '../comment-store';
import type { Transaction } from '../db';
import { actorOf } from '../kit';
import { logEvents } from '../live/log';
import { SqlMemberStore } from '../member-store';
import { SqlPostStore } from '../post-store';
import { SqlV1Store, type V1Bounds } from '../v1-store';
import type { RouteKit } from './kit';

const storesOf = (ex: Transaction, origin: string, bounds: V1Bounds | undefined): V1Stores => ({
  posts: new SqlPostStore(ex, origin),
  members: new SqlMemberStore(ex, origin),
  comments: new SqlCommentStore(ex, origin),
  v1: new SqlV1Store(ex, origin, bounds),
});

/**
 * Each call in one transaction, reads too (an answer is one consistent snapshot); a write's
 * events go to the change log in it (../live/log.ts), so they commit with the write. `bounds`
 * (public mode) caps every list at its newest items (../v1-store.ts).
 */
export function v1Routes(r: RouteKit, bounds?: V1Bounds): void {
  for (const [name, binding] of Object.entries(V1_BINDINGS)) {
    const [method, path] = V1_ROUTES[name as keyof typeof V1_BINDINGS];
    r.route(method, path, (ctx) =>
      ctx.tx(async (t) => {
        const call = { ...ctx, actor: async () => actorOf(ctx, await t.caller()) };
        const stores = storesOf(t.ex, ctx.origin, bounds);
        const { status, body, events } = await runAsync(binding(stores, call));
        await logEvents(t.ex, events);
        return { status, body: await withFollower(stores, t, body) };
      }),
    );
  }
}

/**
 * A follow answers `user` (the follower) from `allUsers`; when the list is bounded the follower
 * may not be among its newest members, and is then read on their own.
 */
async function withFollower(stores: V1Stores, t: { caller(): Promise<{ id: string }> }, body: unknown): Promise<unknown> {
  if (!body || typeof body !== 'object' || !('allUsers' in body) || !('user' in body) || body.user !== undefined) return body;
  return { ...body, user: await runAsync(readUserV1(stores.v1, (await t.caller()).id)) };
}
