/** v2: a post's comments, oldest first; the comment and reply writes are core bindings (./bindings.ts). */
import { LIST_TAGS } from '../../core/lists';
import { runNow } from '../../core/operation';
import { ok, v2Read, type RouteKit } from '../routes/kit';
import { visiblePostOr404 } from '../../core/posts';
import { MemoryPostStore } from '../post-store';
import { hiddenFrom } from '../safety-filters';
import { forViewer, pageOfArrivals, postOr404, viewerOf } from './common';

export function commentRoutesV2(r: RouteKit): void {
  // Comments and replies of members safety hides from the viewer are left out (docs/safety.md).
  v2Read(r, 'comments', (ctx) => {
    const post = postOr404(ctx.db, ctx.params.postId);
    const viewerId = viewerOf(ctx)?._id ?? null;
    runNow(visiblePostOr404(new MemoryPostStore(ctx), post._id, viewerId));
    const { hidden } = hiddenFrom(ctx.db, viewerId, ctx.now);
    const shown = post.comments.filter((c) => !hidden.has(c.userId));
    const page = pageOfArrivals(
      shown.map((c) => c._id),
      ctx.query,
      LIST_TAGS.comments,
      false,
    );
    const byId = new Map(shown.map((c) => [c._id, { ...c, replies: c.replies.filter((reply) => !hidden.has(reply.userId)) }]));
    const render = forViewer(ctx);
    return ok({ comments: page.ids.map((id) => render.comment(post, byId.get(id)!)), nextCursor: page.nextCursor });
  });
}
