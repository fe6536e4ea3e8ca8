/** /v2/posts/:postId/history: a post's earlier versions, paged, newest first (../../core/post-pictures.ts). */
import { runNow } from '../../core/operation';
import { readPostHistory } from '../../core/post-pictures';
import { MemoryPostStore } from '../post-store';
import { ok, v2Read, type RouteKit } from '../routes/kit';
import { viewerOf } from './common';

export function postHistoryRoutesV2(r: RouteKit): void {
  v2Read(r, 'postHistory', (ctx) =>
    ok(runNow(readPostHistory(new MemoryPostStore(ctx), ctx.params.postId ?? '', ctx.query, () => viewerOf(ctx)?._id ?? null))),
  );
}
