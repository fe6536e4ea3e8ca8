/**
 * What every /api/v2 route file uses: registration by the contract's route name (so the paths
 * are exactly V2_ROUTES), and `read`/`write`, which run a handler in one transaction with a
 * RendererV2 for the viewer: the optional token holder on reads, the required one on writes.
 */
import { API_V2_PREFIX, V2_ROUTES, type V2RouteName } from '@social/mock-api/contract-v2';
import type { Actor, Operation, Outcome } from '@social/mock-api/core';
import { fail } from '@social/mock-api/errors';
import { one, sql, type Executor } from '../db';
import type { Answer, Caller, Ctx, Handler, Session, Tx } from '../kit';
import { perform } from '../live/log';
import type { RouteKit } from '../routes/kit';
import { RendererV2 } from './render';

/** The path under /api ('/v2/...') of a contract route. */
const v2Path = (name: V2RouteName): string => `${API_V2_PREFIX.replace(/^\/api/, '')}${V2_ROUTES[name][1]}`;

export function route(r: RouteKit, name: V2RouteName, handler: Handler): void {
  r.route(V2_ROUTES[name][0], v2Path(name), handler);
}

export interface ReadTx extends Session {
  viewer: Caller | undefined;
  v2: RendererV2;
}
export interface MemberSession extends Session {
  me: Caller;
  /** The caller as the core's operations take them, with the request's timestamp. */
  actor: Actor;
  v2: RendererV2;
}
export interface WriteTx extends Tx {
  me: Caller;
  actor: Actor;
  v2: RendererV2;
  /** Runs a writing operation of the core in this transaction, with its events in the change log (live/log.ts). */
  perform<T>(operation: Operation<Outcome<T>>): Promise<Outcome<T>>;
}

/**
 * A read: the token is optional; a valid one adds the viewer's own fields, a bad one is 401.
 * No transaction: the page's ids, then the page itself (an item deleted in between is left out).
 */
export const read = (ctx: Ctx, work: (t: ReadTx) => Promise<Answer>): Promise<Answer> =>
  ctx.run(async (t) => {
    const viewer = await t.optionalCaller();
    return work({ ...t, viewer, v2: new RendererV2(t.ex, ctx.origin, viewer?.id) });
  });

/** A call that needs the member (404 userNotFound without a token, 401 with a bad one), with each query on its own: reads, and writes of one statement. */
export const asMember = (ctx: Ctx, work: (t: MemberSession) => Promise<Answer>): Promise<Answer> =>
  ctx.run(async (t) => {
    const me = await t.caller();
    return work({ ...t, me, actor: { memberId: me.id, now: ctx.now }, v2: new RendererV2(t.ex, ctx.origin, me.id) });
  });

/** A write, in one transaction (the write and its live events commit together), by the token holder. */
export const write = (ctx: Ctx, work: (t: WriteTx) => Promise<Answer>): Promise<Answer> =>
  ctx.tx(async (t) => {
    const me = await t.caller();
    return work({
      ...t,
      me,
      actor: { memberId: me.id, now: ctx.now },
      v2: new RendererV2(t.ex, ctx.origin, me.id),
      perform: (operation) => perform(t.ex, operation),
    });
  });

export const param = (ctx: Ctx, name: string): string => ctx.params[name] ?? '';

export async function memberOr404(ex: Executor, memberId: string): Promise<void> {
  if (!(await one(ex, sql`select 1 from members where id = ${memberId}`))) throw fail.memberNotFound();
}

/** The answer body's list under its name, with the next page's cursor. */
export const pageBody = <K extends string, T>(name: K, items: T[], nextCursor: string | null) =>
  ({ [name]: items, nextCursor }) as Record<K, T[]> & { nextCursor: string | null };
