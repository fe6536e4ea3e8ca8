/**
 * The notification operations' store (mock-api/src/core/notifications.ts, NotificationStore) on
 * PostgreSQL, and its tables (NOTIFICATIONS_MIGRATION):
 * - `notifications`: one row per notification (a group: likes of one post, upvotes of one comment,
 *   follows; or one comment, reply or mention), unique by (recipient, group key), with its stored
 *   actor count, newest change and `seq` (taken anew from notification_seq at each change: the
 *   list's order; `previous_seq` is the one it had before); a member's page is one range of
 *   notifications_page.
 * - `notification_actors`: who is in each group, when they joined and in which order (seq); the
 *   newest is the group's first name (notification_actors_newest), so an answer never grows with the group.
 * - `notification_state`: each member's stored unread count, and the number marking read took
 *   (`read_seq`): a notification whose seq is above it is unread.
 * - `mentions`: the members a post, comment or reply mentions, as written.
 * - `mentions_notified`: every member it has ever mentioned (firstMentions), kept through edits.
 * The tables are made by src/notifications-schema.ts. Rows about a post or comment go with it (foreign keys cascade); the core removes them first
 * (removeAbout) so the unread counts follow. Every change runs inside the operation's transaction.
 */
import type {
  GroupAsk,
  GroupChange,
  LockedGroup,
  MentionSource,
  NotificationRead,
  NotificationRef,
  NotificationRow,
  NotificationStore,
} from '@social/mock-api/core';
import { NOTIFICATION_EXCERPT_LENGTH, type NotificationKind } from '@social/mock-api/contract-v2';
import { one, rows, sql, type Executor, type Transaction } from './db';
import { deliverPendingFor, pendingFor } from './hot/outbox';
import { hiddenSet } from './safety-filters';
import { AUTHOR, authorV2, type AuthorColumns } from './v2/render';

/** A mention's source as one key: the post, a comment, or a reply. */
const mentionSourceKey = (source: MentionSource): string =>
  source.commentId === null
    ? `p:${source.postId}`
    : source.replyId === null
      ? `c:${source.commentId}`
      : `r:${source.commentId}:${source.replyId}`;

/** Mentions of replies no longer there (a reply deleted, or left out by a v1 edit) go. */
export async function dropMentionsOfGoneReplies(ex: Executor, commentId: string): Promise<void> {
  await sql`delete from mentions m where m.comment_id = ${commentId} and m.source like 'r:%'
    and not exists (select 1 from replies r where 'r:' || r.comment_id || ':' || r.id = m.source)`.execute(ex);
}

/**
 * The members whose notifications `memberId`'s account deletion changes (read before it goes):
 * those the member is in, and those about the member's posts and comments, whoever acted.
 */
export async function notifiedBy(ex: Executor, memberId: string): Promise<string[]> {
  const found = await rows(
    ex,
    sql<{ recipient_id: string }>`select n.recipient_id from notification_actors a
        join notifications n on n.id = a.notification_id where a.actor_id = ${memberId}
      union select n.recipient_id from posts p join notifications n on n.post_id = p.id where p.author_id = ${memberId}
      union select n.recipient_id from comments c join notifications n on n.comment_id = c.id where c.author_id = ${memberId}`,
  );
  return found.map((row) => row.recipient_id);
}

/**
 * After an account's deletion (its rows in notification_actors, and notifications about its
 * posts and comments, went by cascade): these members' notifications nobody is left in go, each
 * group's count is its members', and their unread count is counted again. The one place a count
 * is recounted: a deletion touches few members' lists, and nothing is left to move them one by one.
 */
export async function recountNotifications(ex: Executor, recipientIds: readonly string[]): Promise<void> {
  if (recipientIds.length === 0) return;
  await sql`update notifications n set actor_count = (select count(*) from notification_actors a where a.notification_id = n.id)
    where n.recipient_id = any(${recipientIds}::text[])`.execute(ex);
  await sql`delete from notifications where recipient_id = any(${recipientIds}::text[]) and actor_count = 0`.execute(ex);
  await sql`update notification_state s set unread = (select count(*) from notifications n where n.recipient_id = s.member_id and n.seq > s.read_seq)
    where s.member_id = any(${recipientIds}::text[])`.execute(ex);
}

interface NotificationColumns extends Partial<AuthorColumns> {
  recipient_id: string;
  group_key: string;
  id: string;
  seq: string;
  kind: NotificationKind;
  post_id: string | null;
  comment_id: string | null;
  reply_id: string | null;
  actor_count: number;
  updated_iso: string;
  unread: boolean;
  text: string;
  unread_count: number;
}

export class SqlNotificationStore implements NotificationStore {
  /** `ex`: the operation's transaction (the changes lock the rows they read). */
  constructor(
    private readonly ex: Executor,
    private readonly origin: string,
  ) {}

  /**
   * One statement: the group is made (its first member, unread) or moved (locked by the upsert,
   * which reads its newest committed row: `previous_seq` keeps the number it had, and the new one
   * is taken after the lock, so it is above any "mark read" committed while it waited), the member
   * joins, and the count grows by one when the group was read before and is unread now. That is
   * decided under the lock of the member's state row, so a "mark read" committed meanwhile is
   * seen: between this change's number and the old one, or after both. The rows lock in the order
   * every change takes them: the group, then the member's state.
   */
  async addActor(recipientId: string, ref: NotificationRef, actorId: string, now: string): Promise<void> {
    // Whether the actor is new to the group is read from the statement's snapshot: one member's
    // two joins of one group cannot overlap (the reaction, upvote or follow row they change is
    // locked first).
    await sql`with grp as (
        insert into notifications as n (recipient_id, group_key, kind, post_id, comment_id, reply_id, updated_iso, seq, actor_count)
        values (${recipientId}, ${ref.key}, ${ref.kind}, ${ref.postId}, ${ref.commentId}, ${ref.replyId}, ${now}, nextval('notification_seq'), 1)
        on conflict (recipient_id, group_key) do update set updated_iso = excluded.updated_iso, previous_seq = n.seq, seq = nextval('notification_seq'),
          actor_count = n.actor_count
            + (not exists (select 1 from notification_actors a where a.notification_id = n.id and a.actor_id = ${actorId}))::int
        returning id, seq, previous_seq),
      joined as (
        insert into notification_actors (notification_id, actor_id, at, seq) select id, ${actorId}, ${now}::timestamptz, seq from grp
        on conflict (notification_id, actor_id) do update set at = excluded.at, seq = excluded.seq)
      insert into notification_state (member_id, unread) select ${recipientId}, case when previous_seq <= 0 then 1 else 0 end from grp
      on conflict (member_id) do update set unread = notification_state.unread + 1
        where (select previous_seq from grp) <= notification_state.read_seq and (select seq from grp) > notification_state.read_seq`.execute(
      this.ex,
    );
  }

  async removeActor(recipientId: string, key: string, actorId: string): Promise<{ id: string; gone: boolean } | null> {
    const left = await one(
      this.ex,
      sql<{ id: string; actor_count: number }>`with n as (
          select id from notifications where recipient_id = ${recipientId} and group_key = ${key} for update),
        gone as (delete from notification_actors a using n where a.notification_id = n.id and a.actor_id = ${actorId} returning a.notification_id)
        update notifications set actor_count = actor_count - 1 where id in (select notification_id from gone)
        returning id::text as id, actor_count`,
    );
    if (!left) return null;
    if (left.actor_count > 0) return { id: left.id, gone: false };
    await this.remove(sql`id = ${left.id}::bigint`);
    return { id: left.id, gone: true };
  }

  /** Deletes the notifications `where` selects; each unread one takes one off its member's count. */
  private async remove(where: ReturnType<typeof sql>): Promise<{ recipientId: string; id: string }[]> {
    const gone = await rows(
      this.ex,
      sql<{ id: string; recipient_id: string }>`with gone as (
          delete from notifications where ${where} returning id, recipient_id, seq),
        unread as (
          select gone.recipient_id, count(*)::int as n from gone join notification_state s on s.member_id = gone.recipient_id
          where gone.seq > s.read_seq group by gone.recipient_id),
        counted as (
          update notification_state s set unread = greatest(s.unread - unread.n, 0) from unread where s.member_id = unread.recipient_id)
        select id::text as id, recipient_id from gone order by id`,
    );
    return gone.map((row) => ({ recipientId: row.recipient_id, id: row.id }));
  }

  /** Notices of likes of the post still in the outbox (src/hot/outbox.ts) go first: none is delivered about it after this. */
  async removeAbout(subject: MentionSource): Promise<{ recipientId: string; id: string }[]> {
    if (subject.commentId === null) await sql`delete from notification_outbox where post_id = ${subject.postId}`.execute(this.ex);
    if (subject.commentId === null) return this.remove(sql`post_id = ${subject.postId}`);
    if (subject.replyId === null) return this.remove(sql`comment_id = ${subject.commentId}`);
    return this.remove(sql`comment_id = ${subject.commentId} and reply_id = ${subject.replyId}`);
  }

  /**
   * Notifications of the member's `where` selects, each with its newest member, the start of its
   * text and the member's unread count: newest first (`count` of them) for a page, or the one of
   * a key (`count` null: no order, so PostgreSQL reads it by the unique key, not by walking the
   * member's list in order).
   */
  private async select(recipientId: string | null, where: ReturnType<typeof sql>, count: number | null): Promise<NotificationRead[]> {
    return (await this.selectRows(recipientId, where, count)).map((read) => read.read);
  }

  /**
   * `select`'s rows with each one's recipient and group key (recipientId null: any member's, as
   * `where` selects). With `pending` (pendingFor), the same statement answers whether the member
   * has notices pending (`pending`; no rows are then read when none match).
   */
  private async selectRows(
    recipientId: string | null,
    where: ReturnType<typeof sql>,
    count: number | null,
    pending?: ReturnType<typeof pendingFor>,
  ): Promise<{ recipientId: string; key: string; read: NotificationRead }[] & { pending?: boolean }> {
    const selected = sql<NotificationColumns>`select n.recipient_id, n.group_key, n.id::text as id, n.seq::text as seq, n.kind, n.post_id, n.comment_id, n.reply_id, n.actor_count,
          n.updated_iso, n.seq > coalesce(s.read_seq, 0) as unread, coalesce(s.unread, 0) as unread_count,
          left(coalesce(case when n.kind = 'like' then p.content else coalesce(r.content, c.content, p.content) end, ''),
            ${NOTIFICATION_EXCERPT_LENGTH * 2}) as text,
          ${AUTHOR}
        from notifications n
        left join notification_state s on s.member_id = n.recipient_id
        left join lateral (select a.actor_id from notification_actors a where a.notification_id = n.id order by a.seq desc limit 1) newest on true
        left join members m on m.id = newest.actor_id
        left join posts p on p.id = n.post_id
        left join comments c on c.id = n.comment_id
        left join replies r on r.comment_id = n.comment_id and r.id = n.reply_id
        where ${recipientId === null ? sql`true` : sql`n.recipient_id = ${recipientId}`} and ${where}
        ${count === null ? sql`` : sql`order by n.seq desc limit ${count}`}`;
    const all = await rows(
      this.ex,
      pending
        ? sql<NotificationColumns & { pending: boolean }>`select q.pending, x.* from (select ${pending} as pending) q
            left join lateral (${selected}) x on true`
        : selected,
    );
    const found = all.filter((row) => row.id !== null);
    const answer = found.map((row) => ({
      recipientId: row.recipient_id,
      key: row.group_key,
      read: {
        notification: {
          id: row.id,
          seq: Number(row.seq),
          kind: row.kind,
          postId: row.post_id,
          commentId: row.comment_id,
          replyId: row.reply_id,
          actor: row.a_id ? authorV2(this.origin, row as AuthorColumns) : null,
          actorCount: row.actor_count,
          text: row.text,
          updatedAt: row.updated_iso,
          unread: row.unread,
        },
        unreadCount: row.unread_count,
      },
    }));
    return pending ? Object.assign(answer, { pending: (all[0] as { pending?: boolean } | undefined)?.pending === true }) : answer;
  }

  /** One statement for a batch's groups (src/hot/outbox.ts). */
  async readNotificationsOf(groups: readonly { recipientId: string; key: string }[]): Promise<(NotificationRead | null)[]> {
    const found = await this.selectRows(
      null,
      sql`(n.recipient_id, n.group_key) in (select r, k from unnest(${groups.map((g) => g.recipientId)}::text[], ${groups.map((g) => g.key)}::text[]) as t (r, k))`,
      null,
    );
    const byGroup = new Map(found.map((row) => [`${row.recipientId}\n${row.key}`, row.read]));
    return groups.map((g) => byGroup.get(`${g.recipientId}\n${g.key}`) ?? null);
  }

  async unreadCounts(recipientIds: readonly string[]): Promise<number[]> {
    const found = await rows(
      this.ex,
      sql<{
        member_id: string;
        unread: number;
      }>`select member_id, unread from notification_state where member_id = any(${recipientIds}::text[])`,
    );
    const byMember = new Map(found.map((row) => [row.member_id, row.unread]));
    return recipientIds.map((id) => byMember.get(id) ?? 0);
  }

  /**
   * A batch's groups (src/hot/outbox.ts), locked in id order, with the asked actors in each: one
   * statement. The members are read from the statement's snapshot; when a group's row changed
   * while the lock was awaited (its version is not the snapshot's), it is read once more, now that
   * it is held, so the answer is the group as it is.
   */
  async lockGroups(asked: readonly GroupAsk[]): Promise<LockedGroup[]> {
    if (asked.length === 0) return [];
    const read = () =>
      rows(
        this.ex,
        sql<{ id: string; recipient_id: string; group_key: string; seq: string; actor_count: number; members: string[]; moved: boolean }>`
        with asked as (
          select * from unnest(${asked.map((a) => a.recipientId)}::text[], ${asked.map((a) => a.key)}::text[], ${asked.map((a) => a.actorId)}::text[])
            as t (r, k, actor)),
        locked as materialized (
          select n.id, n.recipient_id, n.group_key, n.seq, n.actor_count, n.xmin::text as version from notifications n
          where (n.recipient_id, n.group_key) in (select r, k from asked) order by n.id for update)
        select l.id::text as id, l.recipient_id, l.group_key, l.seq::text as seq, l.actor_count,
          coalesce(array_agg(a.actor_id) filter (where a.actor_id is not null), '{}') as members,
          l.version is distinct from (select n.xmin::text from notifications n where n.id = l.id) as moved
        from locked l
        left join asked q on q.r = l.recipient_id and q.k = l.group_key
        left join notification_actors a on a.notification_id = l.id and a.actor_id = q.actor
        group by l.id, l.recipient_id, l.group_key, l.seq, l.actor_count, l.version`,
      );
    let found = await read();
    if (found.some((row) => row.moved)) found = await read();
    return found.map((row) => ({
      recipientId: row.recipient_id,
      key: row.group_key,
      id: row.id,
      seq: Number(row.seq),
      actorCount: row.actor_count,
      members: row.members,
    }));
  }

  /** What the core planned for a batch's groups, in one call of deliver_notification_groups (src/hot/schema.ts). */
  async applyGroups(changes: readonly GroupChange[], seqCount: number): Promise<void> {
    const groups = changes.map(({ recipientId, ref, before, drop, after }) => ({
      r: recipientId,
      key: ref.key,
      kind: ref.kind,
      post: ref.postId,
      comment: ref.commentId,
      reply: ref.replyId,
      before_id: before?.id ?? null,
      before_seq: before?.seq ?? null,
      drop,
      after: after !== null,
      made: after?.made ?? false,
      count: after?.actorCount ?? 0,
      rank: after?.moved?.rank ?? null,
      now: after?.moved?.now ?? null,
      joins: (after?.joins ?? []).map((join) => ({ a: join.actorId, rank: join.rank, at: join.now })),
      leaves: after?.leaves ?? [],
    }));
    await sql`select deliver_notification_groups(${JSON.stringify({ seqs: seqCount, groups })}::jsonb)`.execute(this.ex);
  }

  /** `silences` of each pair, in one statement. */
  async silencesAll(pairs: readonly { recipientId: string; actorId: string; now: string }[]): Promise<boolean[]> {
    if (pairs.length === 0) return [];
    const found = await rows(
      this.ex,
      sql<{ silenced: boolean }>`select t.actor in (${hiddenSet(sql`t.recipient`, sql`t.at::timestamptz`)}) as silenced
        from unnest(${pairs.map((p) => p.recipientId)}::text[], ${pairs.map((p) => p.actorId)}::text[], ${pairs.map((p) => p.now)}::text[])
          with ordinality as t (recipient, actor, at, n)
        order by t.n`,
    );
    return found.map((row) => row.silenced);
  }

  async keysWithActor(recipientId: string, actorId: string): Promise<string[]> {
    const found = await rows(
      this.ex,
      sql<{ group_key: string }>`select n.group_key from notifications n
        join notification_actors a on a.notification_id = n.id and a.actor_id = ${actorId}
        where n.recipient_id = ${recipientId} order by n.seq`,
    );
    return found.map((row) => row.group_key);
  }

  async readNotification(recipientId: string, key: string): Promise<NotificationRead | null> {
    return (await this.select(recipientId, sql`n.group_key = ${key}`, null))[0] ?? null;
  }

  /**
   * The member's own pending notices are delivered first (src/hot/outbox.ts), here and in
   * unreadCount: the read answers whether there are any (pendingFor), and when there are, they are
   * delivered and the read made again. Without pending notices, one statement.
   */
  async readNotifications(recipientId: string, before: number | null, count: number): Promise<NotificationRow[]> {
    const where = before === null ? sql`true` : sql`n.seq < ${before}::bigint`;
    let found = await this.selectRows(recipientId, where, count, this.ex.isTransaction ? undefined : pendingFor(recipientId));
    if (found.pending && (await deliverPendingFor(this.ex, this.storeOf, recipientId)))
      found = await this.selectRows(recipientId, where, count);
    return found.map((row) => row.read.notification);
  }

  async unreadCount(recipientId: string): Promise<number> {
    const read = () =>
      one(
        this.ex,
        sql<{
          unread: number | null;
          pending: boolean;
        }>`select (select unread from notification_state where member_id = ${recipientId}) as unread,
          ${this.ex.isTransaction ? sql`false` : pendingFor(recipientId)} as pending`,
      );
    let found = await read();
    if (found?.pending && (await deliverPendingFor(this.ex, this.storeOf, recipientId))) found = await read();
    return found?.unread ?? 0;
  }

  /** This store on another transaction (the outbox's batch delivering a reader's pending notices). */
  private readonly storeOf = (tx: Transaction) => new SqlNotificationStore(tx, this.origin);

  /**
   * The member's state row is locked first, and the number marking read is taken under that lock:
   * a change that counted itself unread meanwhile (addActor) has a smaller number, so it is read
   * now and the count 0 is right; one that comes later is counted against this number.
   */
  async markAllRead(recipientId: string): Promise<boolean> {
    const before = await one(
      this.ex,
      sql<{ unread: number }>`select unread from notification_state where member_id = ${recipientId} for update`,
    );
    await sql`insert into notification_state (member_id, unread, read_seq) values (${recipientId}, 0, nextval('notification_seq'))
      on conflict (member_id) do update set unread = 0, read_seq = nextval('notification_seq')`.execute(this.ex);
    return (before?.unread ?? 0) > 0;
  }

  async silences(recipientId: string, actorId: string, now: string): Promise<boolean> {
    const row = await one(
      this.ex,
      sql<{ silenced: boolean }>`select ${actorId}::text in (${hiddenSet(recipientId, sql`${now}::timestamptz`)}) as silenced`,
    );
    return row?.silenced ?? false;
  }

  async membersByHandle(handles: readonly string[]): Promise<string[]> {
    const found = await rows(
      this.ex,
      sql<{ id: string }>`select id from members where lower(user_handler) = any(${handles.map((h) => h.toLowerCase())}::text[])`,
    );
    return found.map((row) => row.id);
  }

  async mentionsOf(source: MentionSource): Promise<string[]> {
    const found = await rows(
      this.ex,
      sql<{ member_id: string }>`select member_id from mentions where source = ${mentionSourceKey(source)}`,
    );
    return found.map((row) => row.member_id);
  }

  async firstMentions(source: MentionSource, memberIds: readonly string[]): Promise<string[]> {
    const found = await rows(
      this.ex,
      sql<{ member_id: string }>`insert into mentions_notified (source, post_id, comment_id, member_id)
        select ${mentionSourceKey(source)}, ${source.postId}, ${source.commentId}, id from unnest(${memberIds}::text[]) as id
        on conflict do nothing returning member_id`,
    );
    return found.map((row) => row.member_id);
  }

  async setMentions(source: MentionSource, memberIds: readonly string[]): Promise<void> {
    const key = mentionSourceKey(source);
    await sql`delete from mentions where source = ${key} and member_id <> all(${memberIds}::text[])`.execute(this.ex);
    await sql`insert into mentions (source, post_id, comment_id, member_id)
      select ${key}, ${source.postId}, ${source.commentId}, id from unnest(${memberIds}::text[]) as id
      on conflict do nothing`.execute(this.ex);
  }
}
