/**
 * /v2 safety calls (docs/safety.md): the core's binding table (mock-api/src/core/safety-routes.ts)
 * on SqlSafetyStore. A write runs in one transaction with its events (`perform`, live/log.ts).
 * Moderators are the members granted the role (src/roles.ts).
 */
import { runAsync, SAFETY_BINDINGS, type SafetyRouteName } from '@social/mock-api/core';
import type { Answer } from '../kit';
import type { RouteKit } from '../routes/kit';
import { SqlSafetyStore } from '../safety-store';
import { asMember, route, write } from './kit';

export function safetyRoutes(r: RouteKit): void {
  for (const [name, binding] of Object.entries(SAFETY_BINDINGS)) {
    const answer = (body: unknown): Answer => ({ status: binding.status, body });
    route(r, name as SafetyRouteName, (ctx) =>
      binding.write
        ? write(ctx, async (t) => answer((await t.perform(binding.run(new SqlSafetyStore(t.ex, ctx.origin), t.actor, ctx))).result))
        : asMember(ctx, async (t) => answer((await runAsync(binding.run(new SqlSafetyStore(t.ex, ctx.origin), t.actor, ctx))).result)),
    );
  }
}
