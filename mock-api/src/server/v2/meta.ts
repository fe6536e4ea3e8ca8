/**
 * GET /v2/meta (docs/api.md): the in-browser backend always holds the demo's sample members (its
 * seed). GET /v2/openapi.json: the API's document, generated from the route table.
 */
import type { MetaAnswerV2 } from '../../contract-v2';
import { openApiDocument } from '../../contract/openapi';
import { ok, v2Read, type RouteKit } from '../routes/kit';

export function metaRoutesV2(r: RouteKit): void {
  v2Read(r, 'meta', () => ok({ demo: true } satisfies MetaAnswerV2));
  v2Read(r, 'openapi', () => ok(openApiDocument()));
}
