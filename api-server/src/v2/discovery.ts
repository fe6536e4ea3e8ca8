/**
 * /v2 search, trending tags and followed tags: the core's bindings (mock-api/src/core/tags.ts,
 * DISCOVERY_BINDINGS) on SqlDiscoveryStore (src/discovery-store.ts). Reads take the token when
 * there is one; the followed-tags list and the follows need the member.
 */
import { DISCOVERY_BINDINGS, runAsync, type DiscoveryRouteName } from '@social/mock-api/core';
import type { Executor } from '../db';
import { SqlDiscoveryStore } from '../discovery-store';
import { ok } from '../kit';
import { TrendingTagRanking } from '../trending-tags';
import type { RouteKit } from '../routes/kit';
import { asMember, read, route } from './kit';

export function discoveryRoutes(r: RouteKit): void {
  // One ranking of trending tags per instance, shared by every request (src/trending-tags.ts).
  const trending = new TrendingTagRanking();
  for (const [name, binding] of Object.entries(DISCOVERY_BINDINGS)) {
    route(r, name as DiscoveryRouteName, (ctx) => {
      const answer = async (ex: Executor, memberId: string | null) =>
        ok((await runAsync(binding.run(new SqlDiscoveryStore(ex, ctx.origin, trending), { memberId, now: ctx.now }, ctx))).result);
      // A follow is one statement (its count check reads first): no transaction needed, as a reaction.
      return binding.access === 'viewer'
        ? read(ctx, (t) => answer(t.ex, t.viewer?.id ?? null))
        : asMember(ctx, (t) => answer(t.ex, t.me.id));
    });
  }
}
