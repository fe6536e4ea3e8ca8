/** v2 safety calls (docs/safety.md): the core's binding table (../../core/safety-routes.ts) on MemorySafetyStore. */
import { runNow } from '../../core/operation';
import { SAFETY_BINDINGS } from '../../core/safety-routes';
import type { Ctx } from '../backend';
import { actorOf, answered, ok, v2Read, v2Write, type RouteKit } from '../routes/kit';
import { MemorySafetyStore } from '../safety-store';

const same = <T>(result: T) => result;

export function safetyRoutesV2(r: RouteKit): void {
  for (const [name, binding] of Object.entries(SAFETY_BINDINGS)) {
    const run = (ctx: Ctx) => runNow(binding.run(new MemorySafetyStore(ctx), actorOf(ctx), ctx));
    if (binding.write) v2Write(r, name as keyof typeof SAFETY_BINDINGS, (ctx) => answered(binding.status, run(ctx), same));
    else v2Read(r, name as keyof typeof SAFETY_BINDINGS, (ctx) => ok(run(ctx).result));
  }
}
