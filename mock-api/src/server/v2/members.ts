/** v2 members: search, suggestions, by handle, a member's posts, activities, follow lists (one member and follow/unfollow: ./bindings.ts). */
import type { Ctx } from '../backend';
import { fail } from '../../core/errors';
import { indexOf } from '../indexes';
import { memberSearchOf, readMember, type MemberSearch } from '../../core/members';
import { runNow } from '../../core/operation';
import { MemoryMemberStore } from '../member-store';
import { hiddenFrom } from '../safety-filters';
import { ok, type RouteKit } from '../routes/kit';
import type { StoredUser } from '../store';
import { LIST_TAGS } from '../../core/lists';
import { encodeCursor, pageRequest } from '../../core/page';
import { forViewer, memberOr404, pageOfArrivals, viewerOf } from './common';
import { postsPage } from './feed';

/**
 * Whether the member matches `q` (SPEC: case-insensitive substring of a name or the handle; '@…'
 * the handle only), or of the full name in either order, "first last" or "last first" (a run
 * of spaces in `q` as one): "Sara Ahmed" and "ahmed sara" find her as "Sara" does.
 */
function matcher({ needle, handleOnly }: MemberSearch): (user: StoredUser) => boolean {
  if (handleOnly) return (u) => u.userHandler.toLowerCase().includes(needle);
  const spaced = needle.replace(/\s+/g, ' ');
  return (u) => {
    const [first, last] = [u.firstName.toLowerCase(), u.lastName.toLowerCase()];
    return (
      first.includes(needle) ||
      last.includes(needle) ||
      u.userHandler.toLowerCase().includes(needle) ||
      `${first} ${last}`.includes(spaced) ||
      `${last} ${first}`.includes(spaced)
    );
  };
}

function membersPage(ctx: Ctx, ids: { ids: string[]; nextCursor: string | null }) {
  const render = forViewer(ctx);
  const users = indexOf(ctx.db).usersById;
  const members = ids.ids.map((id) => users.get(id)).filter((u): u is StoredUser => !!u);
  return ok({ members: members.map((u) => render.member(u)), nextCursor: ids.nextCursor });
}

export function memberRoutesV2(r: RouteKit): void {
  // Ordered by userHandler; the cursor is the last handle given.
  r.read('get', '/v2/members/search', (ctx) => {
    const matches = matcher(memberSearchOf(ctx.query.q));
    const list = { tag: LIST_TAGS.search, shape: ['text', 'text'] } as const;
    const request = pageRequest(ctx.query, list);
    const after = request.after as [string, string] | null;
    const render = forViewer(ctx);
    const { hidden } = hiddenFrom(ctx.db, render.viewer?._id ?? null, ctx.now);
    const all = indexOf(ctx.db).membersByHandle();
    const found: StoredUser[] = [];
    let more = false;
    for (const user of all) {
      if (after && (user.userHandler < after[0] || (user.userHandler === after[0] && user._id <= after[1]))) continue;
      if (!matches(user) || hidden.has(user._id)) continue;
      if (found.length === request.limit) {
        more = true;
        break;
      }
      found.push(user);
    }
    const last = found[found.length - 1];
    return ok({
      members: found.map((u) => render.member(u)),
      nextCursor: more && last ? encodeCursor(list, [last.userHandler, last._id]) : null,
    });
  });

  // Members other than me whom I don't follow, newest member first.
  r.read('get', '/v2/members/suggested', (ctx) => {
    const me = ctx.caller();
    const list = indexOf(ctx.db).newestMembers;
    const listKey = { tag: LIST_TAGS.suggested, shape: ['num', 'text'] } as const;
    const { limit, after } = pageRequest(ctx.query, listKey);
    const following = new Set(me.following);
    const { hidden } = hiddenFrom(ctx.db, me._id, ctx.now);
    const found: StoredUser[] = [];
    let lastAt = -1;
    let more = false;
    for (let i = list.after(after); i < list.size; i += 1) {
      const user = list.at(i)!;
      if (user._id === me._id || following.has(user._id) || hidden.has(user._id)) continue;
      if (found.length === limit) {
        more = true;
        break;
      }
      found.push(user);
      lastAt = i;
    }
    const next = more ? list.keyAt(lastAt) : null;
    const render = forViewer(ctx);
    return ok({ members: found.map((u) => render.member(u)), nextCursor: next && encodeCursor(listKey, next) });
  });

  r.read('get', '/v2/members/handle/:userHandler', (ctx) => {
    const user = indexOf(ctx.db).usersByHandle.get((ctx.params.userHandler ?? '').toLowerCase());
    if (!user) throw fail.memberNotFound();
    return ok({ member: runNow(readMember(new MemoryMemberStore(ctx), user._id, viewerOf(ctx)?._id ?? null)) });
  });

  r.read('get', '/v2/members/:memberId/posts', (ctx) => {
    const member = memberOr404(ctx.db, ctx.params.memberId);
    return postsPage(ctx, { kind: 'member', memberId: member._id });
  });

  r.read('get', '/v2/members/:memberId/activities', (ctx) => {
    const member = memberOr404(ctx.db, ctx.params.memberId);
    return postsPage(ctx, { kind: 'activities', memberId: member._id });
  });

  // Most recent follow first, less the members the viewer's lists hide (blocked either way, muted).
  const shown = (ctx: Ctx, ids: readonly string[]) => {
    const { hidden } = hiddenFrom(ctx.db, viewerOf(ctx)?._id ?? null, ctx.now);
    return hidden.size === 0 ? ids : ids.filter((id) => !hidden.has(id));
  };
  r.read('get', '/v2/members/:memberId/followers', (ctx) => {
    const member = memberOr404(ctx.db, ctx.params.memberId);
    return membersPage(ctx, pageOfArrivals(shown(ctx, member.followers), ctx.query, LIST_TAGS.followers, true));
  });

  r.read('get', '/v2/members/:memberId/following', (ctx) => {
    const member = memberOr404(ctx.db, ctx.params.memberId);
    return membersPage(ctx, pageOfArrivals(shown(ctx, member.following), ctx.query, LIST_TAGS.following, true));
  });
}
