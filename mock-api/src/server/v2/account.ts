/** v2 account calls: change password, download my data, delete account, bound to ../../core/account.ts. */
import { changePassword, deleteAccount, exportData } from '../../core/account';
import { runNow } from '../../core/operation';
import { MemoryAccountStore } from '../account-store';
import { actorOf, answered, ok, v2Route, type RouteKit } from '../routes/kit';

export function accountRoutesV2(r: RouteKit): void {
  v2Route(r, 'changePassword', (ctx) =>
    answered(200, runNow(changePassword(new MemoryAccountStore(ctx), actorOf(ctx), ctx.body)), (result) => result),
  );
  v2Route(r, 'exportMyData', (ctx) => ok(runNow(exportData(new MemoryAccountStore(ctx), actorOf(ctx)))));
  v2Route(r, 'deleteAccount', (ctx) =>
    answered(200, runNow(deleteAccount(new MemoryAccountStore(ctx), actorOf(ctx), ctx.body)), (result) => result),
  );
}
