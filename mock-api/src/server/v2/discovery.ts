/** v2 search, trending tags and followed tags: the core's bindings (../../core/tags.ts) on MemoryDiscoveryStore. */
import { runNow } from '../../core/operation';
import { DISCOVERY_BINDINGS, type DiscoveryRouteName } from '../../core/tags';
import type { Ctx } from '../backend';
import { MemoryDiscoveryStore } from '../discovery-store';
import { answered, ok, v2Read, v2Write, type RouteKit } from '../routes/kit';

export function discoveryRoutesV2(r: RouteKit): void {
  for (const [name, binding] of Object.entries(DISCOVERY_BINDINGS)) {
    const run = (ctx: Ctx, memberId: string | null) => runNow(binding.run(new MemoryDiscoveryStore(ctx), { memberId, now: ctx.now }, ctx));
    const route = name as DiscoveryRouteName;
    if (binding.access === 'write') v2Write(r, route, (ctx) => answered(200, run(ctx, ctx.caller()._id), (result) => result));
    else if (binding.access === 'member') v2Read(r, route, (ctx) => ok(run(ctx, ctx.caller()._id).result));
    else v2Read(r, route, (ctx) => ok(run(ctx, ctx.optionalCaller()?._id ?? null).result));
  }
}
