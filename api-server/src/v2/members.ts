/**
 * /v2/members: a member by handle, their posts, activities, followers and following,
 * suggested members and search (one member, follow and unfollow: ./bindings.ts). Lists are keyset pages:
 *   followers / following:  follows_followers (followee_id, follower_pos desc) / follows_following (follower_id, following_pos desc)
 *   suggested:              members_newest (created_at desc, id desc), minus me and whom I follow
 *   search:                 members_search (trigram GIN) to find, members_by_handler for the order
 */
import { fail } from '@social/mock-api/errors';
import { one, rows, sql, type Executor } from '../db';
import { ok } from '../kit';
import type { RouteKit } from '../routes/kit';
import { asMember, memberOr404, pageBody, param, read, route } from './kit';
import {
  LIST_TAGS,
  memberSearchOf,
  pageFrom,
  pageRequest,
  readMember,
  readPostPage,
  runAsync,
  type ListKey,
  type MemberSearch,
  type PageRequest,
} from '@social/mock-api/core';
import { SqlMemberStore } from '../member-store';
import { SqlPostStore } from '../post-store';
import { shownTo } from '../safety-filters';
import type { RendererV2 } from './render';

const FOLLOW_LISTS: Record<'followers' | 'following', ListKey> = {
  followers: { tag: LIST_TAGS.followers, shape: ['int', 'text'] },
  following: { tag: LIST_TAGS.following, shape: ['int', 'text'] },
};
const SEARCH_LIST: ListKey = { tag: LIST_TAGS.search, shape: ['text', 'text'] };
const SUGGESTED_LIST: ListKey = { tag: LIST_TAGS.suggested, shape: ['iso', 'text'] };

/** Followers (side 'followers') or following of a member, most recent follow first, less the members the viewer's lists hide. */
async function followPage(ex: Executor, memberId: string, side: 'followers' | 'following', page: PageRequest, viewerId: string | null) {
  const { limit, after } = page;
  const list =
    side === 'followers'
      ? await rows(
          ex,
          sql<{ id: string; pos: string }>`select f.follower_id as id, f.follower_pos::text as pos from follows f
            where f.followee_id = ${memberId} ${shownTo(viewerId, sql`f.follower_id`)}
            ${after ? sql`and (f.follower_pos, f.follower_id collate "C") < (${after[0]}::bigint, ${after[1]}::text collate "C")` : sql``}
            order by f.follower_pos desc, f.follower_id collate "C" desc limit ${limit + 1}`,
        )
      : await rows(
          ex,
          sql<{ id: string; pos: string }>`select f.followee_id as id, f.following_pos::text as pos from follows f
            where f.follower_id = ${memberId} ${shownTo(viewerId, sql`f.followee_id`)}
            ${after ? sql`and (f.following_pos, f.followee_id collate "C") < (${after[0]}::bigint, ${after[1]}::text collate "C")` : sql``}
            order by f.following_pos desc, f.followee_id collate "C" desc limit ${limit + 1}`,
        );
  return pageFrom(list, page, (row) => [Number(row.pos), row.id]);
}

/** `%text%` for LIKE, with LIKE's own characters taken literally. */
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The spec's search: a case-insensitive substring of first name, last name or handle; with a
 * leading '@', of the handle only. Also a substring of the full name in either order, "first
 * last" or "last first" (a run of spaces in `q` as one), as the in-browser backend does.
 * Ordered by handle. The trigram index over the three fields finds the candidates (each word
 * of `q` is in one of them); the exact rule is checked on each.
 */
async function searchPage(ex: Executor, { needle, handleOnly }: MemberSearch, page: PageRequest, viewerId: string | undefined) {
  const { limit, after } = page;
  const pattern = containing(needle);
  const spaced = containing(needle.replace(/\s+/g, ' '));
  const words = needle.split(/\s+/).filter(Boolean);
  const fields = sql`lower(m.first_name || ' ' || m.last_name || ' ' || m.user_handler)`;
  const list = await rows(
    ex,
    sql<{ id: string; user_handler: string }>`select m.id, m.user_handler from members m
      where ${sql.join(
        words.map((word) => sql`${fields} like ${containing(word)}`),
        sql` and `,
      )}
        and ${
          handleOnly
            ? sql`lower(m.user_handler) like ${pattern}`
            : sql`(lower(m.first_name) like ${pattern} or lower(m.last_name) like ${pattern} or lower(m.user_handler) like ${pattern}
                or lower(m.first_name || ' ' || m.last_name) like ${spaced} or lower(m.last_name || ' ' || m.first_name) like ${spaced})`
        }
        ${after ? sql`and (m.user_handler collate "C", m.id collate "C") > (${after[0]}::text collate "C", ${after[1]}::text collate "C")` : sql``}
        ${shownTo(viewerId, sql`m.id`)}
      order by m.user_handler collate "C", m.id collate "C" limit ${limit + 1}`,
  );
  return pageFrom(list, page, (row) => [row.user_handler, row.id]);
}

/** Members other than me whom I don't follow and safety does not hide from me, newest member first. */
async function suggestedPage(ex: Executor, meId: string, page: PageRequest) {
  const { limit, after } = page;
  const list = await rows(
    ex,
    sql<{ id: string; created_iso: string }>`select m.id, m.created_iso from members m
      where m.id <> ${meId} and not exists (select 1 from follows f where f.follower_id = ${meId} and f.followee_id = m.id)
        ${shownTo(meId, sql`m.id`)}
        ${after ? sql`and (m.created_at, m.id collate "C") < (${after[0]}::timestamptz, ${after[1]}::text collate "C")` : sql``}
      order by m.created_at desc, m.id collate "C" desc limit ${limit + 1}`,
  );
  return pageFrom(list, page, (row) => [row.created_iso, row.id]);
}

const membersAnswer = async (t: { v2: RendererV2 }, page: { items: { id: string }[]; nextCursor: string | null }) =>
  ok(pageBody('members', await t.v2.members(page.items.map((m) => m.id)), page.nextCursor));

/** A follow or unfollow: v1's refusals and messages; answers both members with their new counts. */
export function memberRoutes(r: RouteKit): void {
  route(r, 'searchMembers', (ctx) => {
    const search = memberSearchOf(ctx.query.q);
    const page = pageRequest(ctx.query, SEARCH_LIST);
    return read(ctx, async (t) => membersAnswer(t, await searchPage(t.ex, search, page, t.viewer?.id)));
  });

  route(r, 'suggestedMembers', (ctx) => {
    const page = pageRequest(ctx.query, SUGGESTED_LIST);
    return asMember(ctx, async (t) => membersAnswer(t, await suggestedPage(t.ex, t.me.id, page)));
  });

  route(r, 'memberByHandle', (ctx) =>
    read(ctx, async (t) => {
      const row = await one(
        t.ex,
        sql<{ id: string }>`select id from members where lower(user_handler) = lower(${param(ctx, 'userHandler')})`,
      );
      if (!row) throw fail.memberNotFound();
      return ok({ member: await runAsync(readMember(new SqlMemberStore(t.ex, ctx.origin), row.id, t.viewer?.id ?? null)) });
    }),
  );

  for (const [name, kind] of [
    ['memberPosts', 'member'],
    ['memberActivities', 'activities'],
  ] as const)
    route(r, name, (ctx) =>
      read(ctx, async (t) => {
        const memberId = param(ctx, 'memberId');
        await memberOr404(t.ex, memberId);
        const list = { kind, memberId };
        return ok(await runAsync(readPostPage(new SqlPostStore(t.ex, ctx.origin), list, ctx.query, () => t.viewer?.id ?? null)));
      }),
    );

  for (const side of ['followers', 'following'] as const) {
    route(r, side, (ctx) => {
      const page = pageRequest(ctx.query, FOLLOW_LISTS[side]);
      return read(ctx, async (t) => {
        const memberId = param(ctx, 'memberId');
        await memberOr404(t.ex, memberId);
        return membersAnswer(t, await followPage(t.ex, memberId, side, page, t.viewer?.id ?? null));
      });
    });
  }
}
