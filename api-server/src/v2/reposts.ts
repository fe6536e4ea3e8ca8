/**
 * /v2 reposts: repost, undo repost, a post's reposters, bound to the core's operations
 * (mock-api/src/core/reposts.ts) on SqlRepostStore. A quote is a field of post creation (./posts.ts).
 */
import { readRepostersPage, repost, runAsync } from '@social/mock-api/core';
import { created, ok } from '../kit';
import { SqlRepostStore } from '../repost-store';
import type { RouteKit } from '../routes/kit';
import { param, read, route, write } from './kit';

export function repostRoutesV2(r: RouteKit): void {
  // The repost and its notification: one transaction. 201 for a repost made (as a like), 200 for one undone.
  for (const [name, reposted] of [
    ['repost', true],
    ['undoRepost', false],
  ] as const)
    route(r, name, (ctx) =>
      write(ctx, async (t) => {
        const { result } = await t.perform(repost(new SqlRepostStore(t.ex, ctx.origin), t.actor, param(ctx, 'postId'), reposted));
        return reposted ? created({ post: result }) : ok({ post: result });
      }),
    );
  route(r, 'reposters', (ctx) =>
    read(ctx, async (t) =>
      ok(
        await runAsync(
          readRepostersPage(new SqlRepostStore(t.ex, ctx.origin), param(ctx, 'postId'), ctx.query, () => t.viewer?.id ?? null),
        ),
      ),
    ),
  );
}
