/**
 * A hot write's route (likes, dislikes, bookmarks, reposts): the core's operation on a HotPostStore, with
 * no transaction and two statements in all (./post-store.ts): the facts with the caller's
 * session, then the one call that writes. The events the operation names were written to the
 * change log by that call; one it did not write would need a transaction this route does not
 * open, so it is refused as a programming error (the contract suite's live tests would show it).
 */
import { V2_ROUTES, type V2RouteName } from '@social/mock-api/contract-v2';
import type { Actor, Operation, Outcome } from '@social/mock-api/core';
import { runAsync } from '@social/mock-api/core';
import type { Executor } from '../db';
import type { Answer, Ctx } from '../kit';
import { HotPostStore } from './post-store';

export { BudgetSpent } from './budget';

/** The routes that are hot writes: their write budget is counted by their first statement, not by the rate-limit plugin. */
const HOT_ROUTES: readonly V2RouteName[] = ['like', 'dislike', 'bookmark', 'removeBookmark', 'repost', 'undoRepost'];
const HOT = new Set(HOT_ROUTES.map((name) => `${V2_ROUTES[name][0]} /v2${V2_ROUTES[name][1]}`));

/** Whether the route (its path under /api) is a hot write. */
export const isHotWrite = (method: string, path: string): boolean => HOT.has(`${method} ${path}`);

/** Whether the route of that name is a hot write. */
export const isHotRoute = (name: V2RouteName): boolean => HOT_ROUTES.includes(name);

export interface HotWrite {
  /** The request's connection: the hot store's statements run on it. */
  ex: Executor;
  store: HotPostStore;
  /** The token's member as the operation's actor (its session is checked by the store's first step). */
  actor: Actor;
  perform<T>(operation: Operation<Outcome<T>>): Promise<Outcome<T>>;
}

export const hotWrite = (ctx: Ctx, work: (h: HotWrite) => Promise<Answer>): Promise<Answer> =>
  ctx.run(async (session) => {
    const claim = session.claim();
    const store = new HotPostStore(session.ex, ctx.origin, claim, ctx.writeBudget);
    const answer = await work({
      ex: session.ex,
      store,
      actor: { memberId: claim.memberId, now: ctx.now },
      perform: async (operation) => {
        const outcome = await runAsync(operation);
        const unlogged = outcome.events.filter((event) => !store.logged.includes(event.kind));
        if (unlogged.length > 0)
          throw new Error(`a hot write named events its store did not log: ${unlogged.map((e) => e.kind).join(', ')}`);
        return outcome;
      },
    });
    return store.budgetHeaders ? { ...answer, headers: { ...answer.headers, ...store.budgetHeaders } } : answer;
  });
