/** The v1 calls (../../contract.ts, V1_ROUTES) bound to the core (../../core/v1-routes.ts) on this backend's stores. */
import { V1_ROUTES } from '../../contract';
import { runNow } from '../../core/operation';
import { V1_BINDINGS, type V1Stores } from '../../core/v1-routes';
import type { Ctx } from '../backend';
import { MemoryCommentStore } from '../comment-store';
import { MemoryMemberStore } from '../member-store';
import { MemoryPostStore } from '../post-store';
import { MemoryV1Store } from '../v1-store';
import { actorOf, type Method, type RouteKit } from './kit';

const storesOf = (ctx: Ctx): V1Stores => ({
  posts: new MemoryPostStore(ctx),
  members: new MemoryMemberStore(ctx),
  comments: new MemoryCommentStore(ctx),
  v1: new MemoryV1Store(ctx),
});

export function v1Routes(r: RouteKit): void {
  for (const [name, binding] of Object.entries(V1_BINDINGS)) {
    const [method, path] = V1_ROUTES[name as keyof typeof V1_BINDINGS];
    const handler = (ctx: Ctx) => runNow(binding(storesOf(ctx), { ...ctx, actor: () => actorOf(ctx) }));
    if (method === 'GET') r.read('get', path, handler);
    else r.write(method.toLowerCase() as Method, path, handler);
  }
}
