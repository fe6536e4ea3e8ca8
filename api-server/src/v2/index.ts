/** Every /api/v2 route (mock-api/src/contract-v2.ts, V2_ROUTES), one file per feature. */
import type { RouteKit } from '../routes/kit';
import { accountRoutes } from './account';
import { commentRoutesV2 } from './comments';
import { discoveryRoutes } from './discovery';
import { feedRoutes } from './feed';
import { memberRoutes } from './members';
import { meRoutes } from './me';
import { metaRoutes } from './meta';
import { notificationRoutes } from './notifications';
import { coreRoutes } from './bindings';

export function v2Routes(r: RouteKit): void {
  metaRoutes(r);
  meRoutes(r);
  accountRoutes(r);
  feedRoutes(r);
  memberRoutes(r);
  commentRoutesV2(r);
  coreRoutes(r);
  notificationRoutes(r);
  discoveryRoutes(r);
}
