/** Every v2 route (`/api/v2`, mock-api/src/contract-v2.ts), registered like v1's through the route kit. */
import type { RouteKit } from '../routes/kit';
import { accountRoutesV2 } from './account';
import { authRoutesV2 } from './auth';
import { commentRoutesV2 } from './comments';
import { discoveryRoutesV2 } from './discovery';
import { memberRoutesV2 } from './members';
import { metaRoutesV2 } from './meta';
import { notificationRoutesV2 } from './notifications';
import { feedRoutesV2 } from './feed';
import { coreRoutesV2 } from './bindings';

export function v2Routes(r: RouteKit): void {
  metaRoutesV2(r);
  authRoutesV2(r);
  accountRoutesV2(r);
  feedRoutesV2(r);
  memberRoutesV2(r);
  commentRoutesV2(r);
  coreRoutesV2(r);
  notificationRoutesV2(r);
  discoveryRoutesV2(r);
}
