/** v2 account calls: change password, download my data, delete account, bound to ../../core/account.ts. */
import { changePassword, deleteAccount, exportData } from '../../core/account';
import { runNow } from '../../core/operation';
import { MemoryAccountStore } from '../account-store';
import { actorOf, answered, ok, v2Read, v2Write, type RouteKit } from '../routes/kit';

export function accountRoutesV2(r: RouteKit): void {
  v2Write(r, 'changePassword', (ctx) =>
    answered(200, runNow(changePassword(new MemoryAccountStore(ctx), actorOf(ctx), ctx.body)), (result) => result),
  );
  v2Read(r, 'exportMyData', (ctx) => ok(runNow(exportData(new MemoryAccountStore(ctx), actorOf(ctx)))));
  v2Write(r, 'deleteAccount', (ctx) =>
    answered(200, runNow(deleteAccount(new MemoryAccountStore(ctx), actorOf(ctx), ctx.body)), (result) => result),
  );
}
