/**
 * Which events a stream gets (docs/live.md "What a stream gets"): the client names what its
 * open pages show in the stream's query (LIVE_TOPIC_PARAMS), and the server sends
 * - `post.created` to a stream with `explore=1`, or with `home=<member>` when the author is that
 *   member, one of their followers or one they follow (the server's home feed, SPEC §2);
 * - `comment.*` to a stream that names the comment's post (`post=<id>`, up to LIVE_MAX_POSTS);
 * - every other kind (counts, edits, deletions, members, follows, reset) to every stream.
 *
 * A private event (contract-live.ts, PRIVATE_LIVE_KINDS) goes only to a stream opened with its
 * recipient's ticket (./tickets.ts). The query only narrows a stream, it never opens anything.
 * The home circle is read from the database when the stream opens, then kept up to date from the
 * `follow.changed` events the stream sees, in sequence order, so a replay and the live tail
 * decide alike.
 */
import {
  LIVE_ERRORS,
  LIVE_MAX_POSTS,
  LIVE_TOPIC_PARAMS,
  liveEventSeenBy,
  type LiveEvent,
  type LiveEventData,
  type LiveEventKind,
} from '@social/mock-api/contract-live';
import { rows, sql, type Db } from '../db';
import { hiddenSet } from '../safety-filters';

/** What the filter reads of a change log row (live/log.ts). */
export interface FilterRow {
  kind: LiveEventKind;
  post_id: string | null;
  member_id: string | null;
  /** A private event's one recipient. */
  recipient_id: string | null;
  payload: Record<string, unknown>;
}

/** An id as api-server and the seed write them (uuids, 'u1-adarsh'). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A query parameter's values (absent: none; repeated: each). */
export const values = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The stream's query as a filter for an anonymous stream, or the 400 message of the first bad parameter. */
export function filterOf(query: Record<string, unknown>): StreamFilter | { error: string } {
  const home = values(query[LIVE_TOPIC_PARAMS.home]);
  if (home.length > 1 || (home.length === 1 && (typeof home[0] !== 'string' || !ID.test(home[0])))) return { error: LIVE_ERRORS.badHome };
  const explore = values(query[LIVE_TOPIC_PARAMS.explore]);
  if (explore.length > 1 || (explore.length === 1 && explore[0] !== '1')) return { error: LIVE_ERRORS.badExplore };
  const posts = values(query[LIVE_TOPIC_PARAMS.post]);
  if (posts.length > LIVE_MAX_POSTS || posts.some((p) => typeof p !== 'string' || !ID.test(p))) return { error: LIVE_ERRORS.badPost };
  return new StreamFilter((home[0] as string | undefined) ?? null, explore.length === 1, new Set(posts as string[]), null);
}

/** The row as the event it logs. */
const eventOf = (row: FilterRow): LiveEvent => ({ kind: row.kind, data: row.payload }) as LiveEvent;

/**
 * For each member, the members their lists hide (src/safety-filters.ts, shownTo): blocked either
 * way, or muted now. One query for every member asked about.
 */
export async function hiddenFrom(db: Db, members: readonly string[]): Promise<Map<string, Set<string>>> {
  const found = await rows(
    db,
    sql<{ member: string; hidden: string }>`select m.member, h.id as hidden
      from unnest(${members as string[]}::text[]) as m (member) cross join lateral (${hiddenSet(sql`m.member`)}) h`,
  );
  const out = new Map<string, Set<string>>(members.map((m) => [m, new Set<string>()]));
  for (const { member, hidden } of found) out.get(member)?.add(hidden);
  return out;
}

export class StreamFilter {
  /** The members whose posts and comments this member does not see (blocked either way, muted): hiddenOf(). */
  hidden: ReadonlySet<string> = new Set();
  /** Whom the home member follows, and who follows them (read by load()). */
  private readonly following = new Set<string>();
  private readonly followers = new Set<string>();

  constructor(
    readonly home: string | null,
    readonly explore: boolean,
    readonly posts: ReadonlySet<string>,
    /** Whom the stream's ticket was for (their private events come too), or null. */
    readonly member: string | null,
  ) {}

  /** The same topics for a stream opened with `member`'s ticket. */
  forMember(member: string | null): StreamFilter {
    return new StreamFilter(this.home, this.explore, this.posts, member);
  }

  /**
   * Reads the home member's circle. Called after the stream's starting point is fixed: a follow
   * committed before the read and after that point also comes as an event, and applying it
   * again leaves the same circle.
   */
  async load(db: Db): Promise<void> {
    if (this.member !== null) this.hidden = (await hiddenFrom(db, [this.member])).get(this.member) ?? new Set();
    if (this.home === null) return;
    const found = await rows(
      db,
      sql<{
        follower_id: string;
        followee_id: string;
      }>`select follower_id, followee_id from follows where follower_id = ${this.home} or followee_id = ${this.home}`,
    );
    for (const { follower_id, followee_id } of found) {
      if (follower_id === this.home) this.following.add(followee_id);
      if (followee_id === this.home) this.followers.add(follower_id);
    }
  }

  /**
   * The member blocked or muted someone: their posts and comments stop here at once, in sequence
   * order. An unblock or unmute waits for the next read of the set (load, at each heartbeat):
   * the other member may still block them, which this event does not say.
   */
  private relationshipChanged({ otherId, relationship }: LiveEventData['viewer.relationship']): void {
    if (relationship.blocking || relationship.muting) this.hidden = new Set(this.hidden).add(otherId);
  }

  /**
   * What this stream gets of a row it accepts, when it differs from the row's data: a comment's
   * replies by members the member's lists hide are left out, as its comments list leaves them
   * out (src/v2/render.ts; the rule is contract-live.ts's liveEventSeenBy, which the in-browser
   * backend's pages apply too). Null: the data as it is.
   */
  visibleData(row: FilterRow): Record<string, unknown> | null {
    const seen = liveEventSeenBy(eventOf(row), this.hidden);
    return seen === null || seen.data === row.payload ? null : (seen.data as Record<string, unknown>);
  }

  /** Whether the stream gets this row; called once per row, in sequence order (follows update the circle). */
  accepts(row: FilterRow): boolean {
    if (row.recipient_id !== null) {
      if (row.recipient_id !== this.member) return false;
      if (row.kind === 'viewer.relationship') this.relationshipChanged(row.payload as LiveEventData['viewer.relationship']);
      return true;
    }
    // What the member's lists leave out (docs/safety.md) does not come live either.
    if (liveEventSeenBy(eventOf(row), this.hidden) === null) return false;
    switch (row.kind) {
      case 'post.created':
        return this.explore || this.inHome(row.member_id);
      case 'comment.added':
      case 'comment.edited':
      case 'comment.deleted':
        return row.post_id !== null && this.posts.has(row.post_id);
      case 'follow.changed':
        this.followChanged(row.payload);
        return true;
      default:
        return true;
    }
  }

  private inHome(authorId: string | null): boolean {
    if (this.home === null || authorId === null) return false;
    return authorId === this.home || this.following.has(authorId) || this.followers.has(authorId);
  }

  private followChanged(payload: Record<string, unknown>): void {
    if (this.home === null) return;
    const { followerId, followeeId, following } = payload as { followerId?: string; followeeId?: string; following?: boolean };
    if (followerId === this.home && followeeId) {
      if (following) this.following.add(followeeId);
      else this.following.delete(followeeId);
    }
    if (followeeId === this.home && followerId) {
      if (following) this.followers.add(followerId);
      else this.followers.delete(followerId);
    }
  }
}
