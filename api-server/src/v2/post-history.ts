/** /v2/posts/:postId/history: a post's earlier versions, paged, newest first (mock-api/src/core/post-pictures.ts). */
import { readPostHistory, runAsync } from '@social/mock-api/core';
import { ok } from '../kit';
import { SqlPostStore } from '../post-store';
import type { RouteKit } from '../routes/kit';
import { param, read, route } from './kit';

export function postHistoryRoutes(r: RouteKit): void {
  route(r, 'postHistory', (ctx) =>
    read(ctx, async (t) =>
      ok(await runAsync(readPostHistory(new SqlPostStore(t.ex, ctx.origin), param(ctx, 'postId'), ctx.query, () => t.viewer?.id ?? null))),
    ),
  );
}
