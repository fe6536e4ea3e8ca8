/**
 * The core's v2 bindings (mock-api/src/core/bindings.ts) on the SQL stores, with one loop: each
 * row's status is the route table's (mock-api/src/contract/routes.ts). A write runs in one
 * transaction with its events (`perform`, live/log.ts), a hot write in two statements (src/hot/write.ts). Moderators are the members granted the
 * role (src/roles.ts).
 */
import { CORE_BINDINGS, runAsync, type CoreRouteName, type CoreStores } from '@social/mock-api/core';
import { V2_TABLE } from '@social/mock-api/routes';
import { SqlCommentStore } from '../comment-store';
import type { Executor } from '../db';
import type { HotPostStore } from '../hot/post-store';
import { hotWrite, isHotRoute } from '../hot/write';
import type { Answer } from '../kit';
import { SqlMemberStore } from '../member-store';
import { SqlPostStore } from '../post-store';
import { SqlRepostStore } from '../repost-store';
import type { RouteKit } from '../routes/kit';
import { SqlSafetyStore } from '../safety-store';
import { asMember, read, route, write } from './kit';

/** Only the store a binding reads is made; a hot write's posts and reposts are its HotPostStore (src/hot). */
const storesOf = (ex: Executor, origin: string, hot?: HotPostStore): CoreStores => ({
  get posts() {
    return hot ?? new SqlPostStore(ex, origin);
  },
  get comments() {
    return new SqlCommentStore(ex, origin);
  },
  get members() {
    return new SqlMemberStore(ex, origin);
  },
  get reposts() {
    return hot ?? new SqlRepostStore(ex, origin);
  },
  get safety() {
    return new SqlSafetyStore(ex, origin);
  },
});

export function coreRoutes(r: RouteKit): void {
  for (const [key, binding] of Object.entries(CORE_BINDINGS)) {
    const name = key as CoreRouteName;
    const answer = (body: unknown): Answer => ({ status: V2_TABLE[name].status, body });
    route(r, name, (ctx) => {
      // Two statements and no transaction: the operation's only store is the hot one.
      if (binding.kind === 'write' && isHotRoute(name))
        return hotWrite(ctx, async (h) => answer((await h.perform(binding.run(storesOf(h.ex, ctx.origin, h.store), h.actor, ctx))).result));
      if (binding.kind === 'write')
        return write(ctx, async (t) => answer((await t.perform(binding.run(storesOf(t.ex, ctx.origin), t.actor, ctx))).result));
      if (binding.kind === 'member')
        return asMember(ctx, async (t) => answer(await runAsync(binding.run(storesOf(t.ex, ctx.origin), t.actor, ctx))));
      return read(ctx, async (t) =>
        answer(await runAsync(binding.run(storesOf(t.ex, ctx.origin), { memberId: t.viewer?.id ?? null, now: ctx.now }, ctx))),
      );
    });
  }
}
