/**
 * /v2 safety calls (docs/safety.md): block, mute, relationship, the member's lists, reports and
 * the moderators' queue, bound to the core's operations (mock-api/src/core/safety.ts) on
 * SqlSafetyStore. Writes run in one transaction with their events (`perform`, live/log.ts).
 * Moderators are the handles of API_MODERATORS (src/config.ts).
 */
import {
  block,
  decideReport,
  isModerator,
  mute,
  readRelationship,
  readReports,
  readSafetyPage,
  reportMember,
  reportPost,
  runAsync,
  unmute,
} from '@social/mock-api/core';
import type { Executor } from '../db';
import { created, ok } from '../kit';
import type { RouteKit } from '../routes/kit';
import { SqlSafetyStore } from '../safety-store';
import { asMember, param, route, write } from './kit';

export function safetyRoutes(r: RouteKit, moderators: readonly string[]): void {
  const store = (ex: Executor, origin: string) => new SqlSafetyStore(ex, origin, moderators);

  route(r, 'myRoles', (ctx) => asMember(ctx, async (t) => ok(await runAsync(isModerator(store(t.ex, ctx.origin), t.actor)))));
  for (const [name, kind] of [
    ['myBlocks', 'blocks'],
    ['myMutes', 'mutes'],
  ] as const)
    route(r, name, (ctx) =>
      asMember(ctx, async (t) => ok(await runAsync(readSafetyPage(store(t.ex, ctx.origin), t.actor, kind, ctx.query)))),
    );
  route(r, 'relationship', (ctx) =>
    asMember(ctx, async (t) =>
      ok({ relationship: await runAsync(readRelationship(store(t.ex, ctx.origin), t.actor, param(ctx, 'memberId'))) }),
    ),
  );

  // A block ends follows and moves counts: one transaction.
  for (const [name, blocking] of [
    ['block', true],
    ['unblock', false],
  ] as const)
    route(r, name, (ctx) =>
      write(ctx, async (t) => ok((await t.perform(block(store(t.ex, ctx.origin), t.actor, param(ctx, 'memberId'), blocking))).result)),
    );
  route(r, 'mute', (ctx) =>
    write(ctx, async (t) => ok((await t.perform(mute(store(t.ex, ctx.origin), t.actor, param(ctx, 'memberId'), ctx.body))).result)),
  );
  route(r, 'unmute', (ctx) =>
    write(ctx, async (t) => ok((await t.perform(unmute(store(t.ex, ctx.origin), t.actor, param(ctx, 'memberId')))).result)),
  );

  route(r, 'reportPost', (ctx) =>
    write(ctx, async (t) =>
      created((await t.perform(reportPost(store(t.ex, ctx.origin), t.actor, param(ctx, 'postId'), ctx.body))).result),
    ),
  );
  route(r, 'reportMember', (ctx) =>
    write(ctx, async (t) =>
      created((await t.perform(reportMember(store(t.ex, ctx.origin), t.actor, param(ctx, 'memberId'), ctx.body))).result),
    ),
  );

  route(r, 'reports', (ctx) => asMember(ctx, async (t) => ok(await runAsync(readReports(store(t.ex, ctx.origin), t.actor, ctx.query)))));
  // The decision, the post's removal and its picture's: one transaction (the report row is locked first).
  for (const [name, decision] of [
    ['removeReportedPost', 'removed'],
    ['dismissReport', 'dismissed'],
  ] as const)
    route(r, name, (ctx) =>
      write(ctx, async (t) =>
        ok((await t.perform(decideReport(store(t.ex, ctx.origin), t.actor, param(ctx, 'reportId'), decision))).result),
      ),
    );
}
