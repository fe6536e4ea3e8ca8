/**
 * /v2: a post's comments, a keyset page, oldest first (comments_by_post: post_id, seq); each
 * comment carries all its replies. The comment and reply writes are core bindings (./bindings.ts).
 */
import { LIST_TAGS, pageFrom, pageRequest, runAsync, visiblePostOr404, type ListKey } from '@social/mock-api/core';
import { SqlPostStore } from '../post-store';
import { shownTo } from '../safety-filters';
import { rows, sql } from '../db';
import { ok } from '../kit';
import type { RouteKit } from '../routes/kit';
import { param, read, route } from './kit';

const COMMENTS_LIST: ListKey = { tag: LIST_TAGS.comments, shape: ['int'] };

export function commentRoutesV2(r: RouteKit): void {
  route(r, 'comments', (ctx) => {
    const request = pageRequest(ctx.query, COMMENTS_LIST);
    const { limit, after } = request;
    // Comments and replies of members safety hides from the viewer are left out (docs/safety.md).
    return read(ctx, async (t) => {
      const postId = param(ctx, 'postId');
      const viewerId = t.viewer?.id ?? null;
      await runAsync(visiblePostOr404(new SqlPostStore(t.ex, ctx.origin), postId, viewerId));
      const list = await rows(
        t.ex,
        sql<{ id: string; seq: string }>`select c.id, c.seq::text as seq from comments c
          where c.post_id = ${postId} ${after ? sql`and c.seq > ${after[0]}::bigint` : sql``} ${shownTo(viewerId, sql`c.author_id`)}
          order by c.seq limit ${limit + 1}`,
      );
      const page = pageFrom(list, request, (row) => [Number(row.seq)]);
      return ok({
        comments: await t.v2.comments(
          page.items.map((c) => c.id),
          { hideReplies: true },
        ),
        nextCursor: page.nextCursor,
      });
    });
  });
}
