/** GET /v2/meta (docs/api.md): the in-browser backend always holds the demo's sample members (its seed). */
import type { MetaAnswerV2 } from '../../contract-v2';
import { ok, v2Read, type RouteKit } from '../routes/kit';

export function metaRoutesV2(r: RouteKit): void {
  v2Read(r, 'meta', () => ok({ demo: true } satisfies MetaAnswerV2));
}
