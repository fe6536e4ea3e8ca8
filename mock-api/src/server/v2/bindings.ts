/**
 * The core's v2 bindings (../../core/bindings.ts) on this backend's stores, with one loop: each
 * row's status is the route table's (../../contract/routes.ts).
 */
import { V2_TABLE } from '../../contract/routes';
import { CORE_BINDINGS, type CoreRouteName, type CoreStores } from '../../core/bindings';
import { runNow } from '../../core/operation';
import type { Ctx } from '../backend';
import { MemoryCommentStore } from '../comment-store';
import { MemoryMemberStore } from '../member-store';
import { MemoryPostStore } from '../post-store';
import { MemoryRepostStore } from '../repost-store';
import { actorOf, answered, ok, v2Read, v2Write, type RouteKit } from '../routes/kit';
import { MemorySafetyStore } from '../safety-store';
import { viewerOf } from './common';

/** Only the store a binding reads is made. */
const storesOf = (ctx: Ctx): CoreStores => ({
  get posts() {
    return new MemoryPostStore(ctx);
  },
  get comments() {
    return new MemoryCommentStore(ctx);
  },
  get members() {
    return new MemoryMemberStore(ctx);
  },
  get reposts() {
    return new MemoryRepostStore(ctx);
  },
  get safety() {
    return new MemorySafetyStore(ctx);
  },
});

export function coreRoutesV2(r: RouteKit): void {
  for (const [key, binding] of Object.entries(CORE_BINDINGS)) {
    const name = key as CoreRouteName;
    const { status } = V2_TABLE[name];
    if (binding.kind === 'write')
      v2Write(r, name, (ctx) => answered(status, runNow(binding.run(storesOf(ctx), actorOf(ctx), ctx)), (result) => result));
    else if (binding.kind === 'member') v2Read(r, name, (ctx) => ok(runNow(binding.run(storesOf(ctx), actorOf(ctx), ctx))));
    else v2Read(r, name, (ctx) => ok(runNow(binding.run(storesOf(ctx), { memberId: viewerOf(ctx)?._id ?? null, now: ctx.now }, ctx))));
  }
}
