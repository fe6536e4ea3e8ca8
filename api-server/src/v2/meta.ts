/**
 * GET /v2/meta: what this backend is (docs/api.md). Anonymous: the login page asks it before
 * anyone signs in. GET /v2/openapi.json: the API's document, generated from the route table.
 */
import type { MetaAnswerV2 } from '@social/mock-api/contract-v2';
import { openApiDocument } from '@social/mock-api/openapi';
import { ok } from '../kit';
import type { RouteKit } from '../routes/kit';
import { holdsDemo } from '../seed';
import { route } from './kit';

export function metaRoutes(r: RouteKit): void {
  // `demo`: the login page's test credentials are members here (src/seed.ts, API_SEED).
  route(r, 'meta', (ctx) => ctx.run(async (t) => ok({ demo: await holdsDemo(t.ex) } satisfies MetaAnswerV2)));
  route(r, 'openapi', () => Promise.resolve(ok(openApiDocument())));
}
