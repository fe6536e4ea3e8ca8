/** v2 safety calls (docs/safety.md): block, mute, relationship, the member's lists, reports and the moderators' queue (../../core/safety.ts). */
import { runNow } from '../../core/operation';
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
  unmute,
} from '../../core/safety';
import type { Ctx } from '../backend';
import { actorOf, answered, ok, v2Read, v2Write, type RouteKit } from '../routes/kit';
import { MemorySafetyStore } from '../safety-store';

const store = (ctx: Ctx) => new MemorySafetyStore(ctx);
const memberId = (ctx: Ctx) => ctx.params.memberId ?? '';
const reportId = (ctx: Ctx) => ctx.params.reportId ?? '';
const same = <T>(result: T) => result;

export function safetyRoutesV2(r: RouteKit): void {
  v2Read(r, 'myRoles', (ctx) => ok(runNow(isModerator(store(ctx), actorOf(ctx)))));
  v2Read(r, 'myBlocks', (ctx) => ok(runNow(readSafetyPage(store(ctx), actorOf(ctx), 'blocks', ctx.query))));
  v2Read(r, 'myMutes', (ctx) => ok(runNow(readSafetyPage(store(ctx), actorOf(ctx), 'mutes', ctx.query))));
  v2Read(r, 'relationship', (ctx) => ok({ relationship: runNow(readRelationship(store(ctx), actorOf(ctx), memberId(ctx))) }));

  v2Write(r, 'block', (ctx) => answered(200, runNow(block(store(ctx), actorOf(ctx), memberId(ctx), true)), same));
  v2Write(r, 'unblock', (ctx) => answered(200, runNow(block(store(ctx), actorOf(ctx), memberId(ctx), false)), same));
  v2Write(r, 'mute', (ctx) => answered(200, runNow(mute(store(ctx), actorOf(ctx), memberId(ctx), ctx.body)), same));
  v2Write(r, 'unmute', (ctx) => answered(200, runNow(unmute(store(ctx), actorOf(ctx), memberId(ctx))), same));

  v2Write(r, 'reportPost', (ctx) => answered(201, runNow(reportPost(store(ctx), actorOf(ctx), ctx.params.postId ?? '', ctx.body)), same));
  v2Write(r, 'reportMember', (ctx) => answered(201, runNow(reportMember(store(ctx), actorOf(ctx), memberId(ctx), ctx.body)), same));

  v2Read(r, 'reports', (ctx) => ok(runNow(readReports(store(ctx), actorOf(ctx), ctx.query))));
  v2Write(r, 'removeReportedPost', (ctx) => answered(200, runNow(decideReport(store(ctx), actorOf(ctx), reportId(ctx), 'removed')), same));
  v2Write(r, 'dismissReport', (ctx) => answered(200, runNow(decideReport(store(ctx), actorOf(ctx), reportId(ctx), 'dismissed')), same));
}
