/**
 * /v2/me/password, /v2/me/export and /v2/me/delete, bound to the core's account operations
 * (mock-api/src/core/account.ts) on SqlAccountStore. They run without a request transaction:
 * passwords are hashed outside any transaction, and the store opens its own (a deletion is
 * several short ones, account-store.ts).
 */
import { changePassword, deleteAccount, exportData, runAsync } from '@social/mock-api/core';
import { SqlAccountStore } from '../account-store';
import type { Db } from '../db';
import { ok } from '../kit';
import type { RouteKit } from '../routes/kit';
import { asMember, route, type MemberSession } from './kit';

/** asMember runs its work on the database itself (no transaction), which the store opens transactions on. */
const storeOf = (t: MemberSession, origin: string) => new SqlAccountStore(t.ex as Db, origin);

export function accountRoutes(r: RouteKit): void {
  route(r, 'changePassword', (ctx) =>
    asMember(ctx, async (t) => ok((await runAsync(changePassword(storeOf(t, ctx.origin), t.actor, ctx.body))).result)),
  );
  route(r, 'exportMyData', (ctx) => asMember(ctx, async (t) => ok(await runAsync(exportData(storeOf(t, ctx.origin), t.actor)))));
  route(r, 'deleteAccount', (ctx) =>
    asMember(ctx, async (t) => ok((await runAsync(deleteAccount(storeOf(t, ctx.origin), t.actor, ctx.body))).result)),
  );
}
