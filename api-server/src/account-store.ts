/**
 * The account operations' store (mock-api/src/core/account.ts, AccountStore) on PostgreSQL.
 * Passwords are scrypt hashes (passwords.ts), hashed and checked outside any transaction.
 *
 * Deleting a member: the rows that are theirs go in short transactions of at most
 * DELETION_BATCH rows each, so no transaction holds locks on other members' rows (a post whose
 * like count drops, a member whose follower count drops) for long: other members' requests
 * wait at most one batch. First their sessions end and their password stops matching, so
 * nobody acts as them meanwhile; last the member row goes, and its foreign keys' cascades take
 * whatever a batch did not (rows other members added in the meantime). The stored counts move
 * in the triggers of v2/schema.ts. Only the last transaction logs a live event: the operation's
 * one `reset` for the whole deletion (docs/live.md).
 */
import type { AccountData, AccountStore, DomainEvent, PasswordRefusal } from '@social/mock-api/core';
import { one, rows, sql, type Db, type Transaction } from './db';
import { forgetUnusedImages } from './image-cleanup';
import { notifiedBy, recountNotifications } from './notification-store';
import { logEvents } from './live/log';
import { sessionsEnded } from './live/tickets';
import { picUrl } from './images';
import { imagesOfGonePosts, picturesJson, picturesOf, type PictureJson } from './post-pictures-store';
import type { MemberRow } from './v1-store';
import { startSession } from './kit';
import { hashPassword, verifyPassword } from './passwords';
import { signToken } from './tokens';

/** Rows one deletion transaction removes at most (measured: api-server/bench/account-deletion.js). */
const DELETION_BATCH = 200;

/** A password hash no password matches (verifyPassword reads only scrypt hashes). */
const NO_PASSWORD = '!deleted';

const inTransaction = <T>(db: Db, work: (t: Transaction) => Promise<T>): Promise<T> => db.transaction().execute(work);

/** A deleted row: the picture of a deleted post (null for other rows). */
interface Gone {
  pic: string | null;
}

/**
 * Each statement deletes at most DELETION_BATCH of the member's rows of one kind (found through
 * an index on the member's column), returning the pictures of deleted posts.
 */
const BATCHES = (memberId: string, limit: number) => [
  sql<Gone>`delete from post_reactions where (post_id, member_id) in (select post_id, member_id from post_reactions where member_id = ${memberId} limit ${limit}) returning null as pic`,
  sql<Gone>`delete from comment_upvotes where (comment_id, member_id) in (select comment_id, member_id from comment_upvotes where member_id = ${memberId} limit ${limit}) returning null as pic`,
  sql<Gone>`delete from replies where (comment_id, id) in (select comment_id, id from replies where author_id = ${memberId} limit ${limit}) returning null as pic`,
  sql<Gone>`delete from comments where id in (select id from comments where author_id = ${memberId} limit ${limit}) returning null as pic`,
  sql<Gone>`delete from bookmarks where (member_id, post_id) in (select member_id, post_id from bookmarks where member_id = ${memberId} limit ${limit}) returning null as pic`,
  sql<Gone>`delete from follows where (follower_id, followee_id) in (select follower_id, followee_id from follows where follower_id = ${memberId} limit ${limit}) returning null as pic`,
  sql<Gone>`delete from follows where (follower_id, followee_id) in (select follower_id, followee_id from follows where followee_id = ${memberId} limit ${limit}) returning null as pic`,
  // Their posts, with the comments, reactions and bookmarks others made on them (cascades).
  // Their pictures' and versions' images come from the statement's snapshot, before those rows cascade.
  sql<Gone>`with gone as (delete from posts where id in (select id from posts where author_id = ${memberId} limit ${limit}) returning id, pic_image_id)
    select pic_image_id as pic from gone union all ${imagesOfGonePosts}`,
];

export class SqlAccountStore implements AccountStore {
  constructor(
    private readonly db: Db,
    private readonly origin: string,
    private readonly batch = DELETION_BATCH,
  ) {}

  async passwordMatches(memberId: string, password: string): Promise<boolean> {
    return (await this.matchingHash(memberId, password)) !== null;
  }

  /**
   * The password is replaced only over the hash just checked (scrypt runs outside the
   * transaction): when another change replaced it in between, nothing changes and the answer is
   * `replaced`. Every session of the member is revoked, and the caller's new one started, in the
   * same transaction.
   */
  async replacePassword(
    memberId: string,
    currentPassword: string,
    newPassword: string,
  ): Promise<{ encodedToken: string } | PasswordRefusal> {
    const checked = await this.matchingHash(memberId, currentPassword);
    if (checked === null) return { refused: 'wrong' };
    const hash = await hashPassword(newPassword);
    return this.db.transaction().execute(async (t) => {
      const member = await one(
        t,
        sql<{
          username: string;
        }>`update members set password_hash = ${hash} where id = ${memberId} and password_hash = ${checked} returning username`,
      );
      if (!member) return { refused: 'replaced' as const };
      await sql`update sessions set revoked_at = to_timestamp(${Date.now() / 1000}) where member_id = ${memberId} and revoked_at is null`.execute(
        t,
      );
      // The live streams of the sessions it ended close on every instance once this commits (live/tickets.ts).
      await sessionsEnded(t, memberId);
      const token = signToken({ _id: memberId, username: member.username });
      await startSession(t, memberId, token);
      return { encodedToken: token };
    });
  }

  /** The member's stored hash when `password` matches it, else null (a wrong password, an unknown member). */
  private async matchingHash(memberId: string, password: string): Promise<string | null> {
    const row = await one(this.db, sql<{ password_hash: string }>`select password_hash from members where id = ${memberId}`);
    return row && (await verifyPassword(password, row.password_hash)) ? row.password_hash : null;
  }

  /** One consistent snapshot (repeatable read), a query per list. */
  async accountData(memberId: string): Promise<AccountData | null> {
    const pic = (url: string, imageId: string | null) => picUrl(this.origin, url, imageId);
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (t) => {
        const m = await one(
          t,
          sql<MemberRow>`select id, numeric_id, username, first_name, last_name, user_handler, pic_url, pic_image_id, bio, link, created_iso, updated_iso
            from members where id = ${memberId}`,
        );
        if (!m) return null;
        const posts = await rows(
          t,
          sql<{
            id: string;
            content: string;
            pic_url: string;
            pic_image_id: string | null;
            pic_alt: string;
            pictures: PictureJson[];
            created_iso: string;
            updated_iso: string;
          }>`
            select id, content, pic_url, pic_image_id, pic_alt, ${picturesJson(sql`posts.id`)} as pictures, created_iso, updated_iso
            from posts where author_id = ${memberId}
            order by created_at, id collate "C"`,
        );
        // Their posts' earlier versions: in the order of the posts, each post's oldest first.
        const versions = await rows(
          t,
          sql<{ post_id: string; content: string; created_iso: string; pictures: PictureJson[] }>`
            select v.post_id, v.content, v.created_iso,
              (select coalesce(json_agg(json_build_object('u', vp.pic_url, 'i', vp.pic_image_id, 'a', vp.alt, 'w', vp.width, 'h', vp.height)
                order by vp.position), '[]'::json) from post_version_pictures vp where vp.post_id = v.post_id and vp.n = v.n) as pictures
            from post_versions v join posts p on p.id = v.post_id where p.author_id = ${memberId}
            order by p.created_at, p.id collate "C", v.n`,
        );
        const comments = await rows(
          t,
          sql<{ id: string; post_id: string; content: string; created_iso: string; updated_iso: string }>`
            select id, post_id, content, created_iso, updated_iso from comments where author_id = ${memberId}
            order by created_iso::timestamptz, id collate "C"`,
        );
        const replies = await rows(
          t,
          sql<{ id: string; comment_id: string; post_id: string; content: string; created_iso: string; updated_iso: string | null }>`
            select r.id, r.comment_id, c.post_id, r.content, r.created_iso, r.updated_iso from replies r join comments c on c.id = r.comment_id
            where r.author_id = ${memberId} order by r.created_iso::timestamptz, r.id collate "C"`,
        );
        const reactions = await rows(
          t,
          sql<{
            post_id: string;
            kind: 'like' | 'dislike';
          }>`select post_id, kind from post_reactions where member_id = ${memberId} order by post_id collate "C"`,
        );
        const upvotes = await rows(
          t,
          sql<{
            comment_id: string;
            post_id: string;
          }>`select u.comment_id, c.post_id from comment_upvotes u join comments c on c.id = u.comment_id
            where u.member_id = ${memberId} order by u.comment_id collate "C"`,
        );
        const bookmarks = await rows(
          t,
          sql<{ post_id: string }>`select post_id from bookmarks where member_id = ${memberId} order by post_id collate "C"`,
        );
        const reposts = await rows(
          t,
          sql<{ post_id: string; created_iso: string }>`select post_id, created_iso from post_reposts where member_id = ${memberId}
            order by created_at, post_id collate "C"`,
        );
        const follows = await rows(
          t,
          sql<{ side: 'following' | 'followers'; id: string; user_handler: string }>`
            select * from (
              select 'following' as side, m.id, m.user_handler from follows f join members m on m.id = f.followee_id where f.follower_id = ${memberId}
              union all
              select 'followers', m.id, m.user_handler from follows f join members m on m.id = f.follower_id where f.followee_id = ${memberId}
            ) f order by id collate "C"`,
        );
        const blocks = await rows(
          t,
          sql<{ id: string; user_handler: string }>`select m.id, m.user_handler from blocks b join members m on m.id = b.blocked_id
            where b.blocker_id = ${memberId} order by m.id collate "C"`,
        );
        const mutes = await rows(
          t,
          sql<{ id: string; user_handler: string; until_iso: string | null }>`select m.id, m.user_handler, mu.until_iso
            from mutes mu join members m on m.id = mu.muted_id
            where mu.muter_id = ${memberId} and (mu.until is null or mu.until > now()) order by m.id collate "C"`,
        );
        const followedTags = await rows(
          t,
          sql<{ tag: string; followed_iso: string }>`select tag, followed_iso from followed_tags where member_id = ${memberId}
            order by followed_at, tag collate "C"`,
        );
        const side = (name: 'following' | 'followers') =>
          follows.filter((f) => f.side === name).map((f) => ({ memberId: f.id, userHandler: f.user_handler }));
        return {
          profile: {
            _id: m.id,
            id: m.numeric_id,
            username: m.username,
            firstName: m.first_name,
            lastName: m.last_name,
            userHandler: m.user_handler,
            pic: pic(m.pic_url, m.pic_image_id),
            bio: m.bio,
            link: m.link,
            createdAt: m.created_iso,
            updatedAt: m.updated_iso,
          },
          posts: posts.map((p) => ({
            _id: p.id,
            content: p.content,
            pic: pic(p.pic_url, p.pic_image_id),
            picAlt: p.pic_alt,
            pictures: picturesOf(this.origin, p.pictures, { url: p.pic_url, imageId: p.pic_image_id, alt: p.pic_alt }),
            createdAt: p.created_iso,
            updatedAt: p.updated_iso,
          })),
          postHistory: versions.map((v) => ({
            postId: v.post_id,
            content: v.content,
            pictures: picturesOf(this.origin, v.pictures, { url: '', imageId: null, alt: '' }),
            createdAt: v.created_iso,
          })),
          comments: comments.map((c) => ({
            _id: c.id,
            postId: c.post_id,
            content: c.content,
            createdAt: c.created_iso,
            updatedAt: c.updated_iso,
          })),
          replies: replies.map((r) => ({
            _id: r.id,
            commentId: r.comment_id,
            postId: r.post_id,
            content: r.content,
            createdAt: r.created_iso,
            updatedAt: r.updated_iso ?? r.created_iso,
          })),
          likes: reactions.filter((r) => r.kind === 'like').map((r) => ({ postId: r.post_id })),
          dislikes: reactions.filter((r) => r.kind === 'dislike').map((r) => ({ postId: r.post_id })),
          upvotes: upvotes.map((u) => ({ commentId: u.comment_id, postId: u.post_id })),
          bookmarks: bookmarks.map((b) => ({ postId: b.post_id })),
          reposts: reposts.map((r) => ({ postId: r.post_id, repostedAt: r.created_iso })),
          follows: { following: side('following'), followers: side('followers') },
          blocks: blocks.map((b) => ({ memberId: b.id, userHandler: b.user_handler })),
          mutes: mutes.map((m) => ({ memberId: m.id, userHandler: m.user_handler, until: m.until_iso })),
          followedTags: followedTags.map((f) => ({ tag: f.tag, followedAt: f.followed_iso })),
        };
      });
  }

  /** In batches of short transactions; the last one logs `events` (the operation's: no batch logs any other). */
  async deleteMember(memberId: string, events: readonly DomainEvent[]): Promise<void> {
    // Nobody acts as them any more: every session ends, no password matches.
    await inTransaction(this.db, async (t) => {
      await sql`update members set password_hash = ${NO_PASSWORD} where id = ${memberId}`.execute(t);
      await sql`delete from sessions where member_id = ${memberId}`.execute(t);
      // Their live streams close on every instance once this commits, before the batches below.
      await sessionsEnded(t, memberId);
    });
    const postIds = (await rows(this.db, sql<{ id: string }>`select id from posts where author_id = ${memberId}`)).map((row) => row.id);
    // Members they notified lose those notifications: recounted once everything of theirs is gone.
    const notified = await notifiedBy(this.db, memberId);
    for (const statement of BATCHES(memberId, this.batch)) {
      for (;;) {
        const done = await inTransaction(this.db, async (t) => {
          const gone = await rows(t, statement as ReturnType<typeof sql<{ pic: string | null }>>);
          await forgetUnusedImages(t, [...new Set(gone.flatMap((row) => (row.pic ? [row.pic] : [])))]);
          return gone.length < this.batch;
        });
        if (done) break;
      }
    }
    await inTransaction(this.db, async (t) => {
      const gone = await one(
        t,
        sql<{
          pic_image_id: string | null;
          username: string;
          user_handler: string;
        }>`delete from members where id = ${memberId} returning pic_image_id, username, user_handler`,
      );
      if (gone?.pic_image_id) await forgetUnusedImages(t, [gone.pic_image_id]);
      // Their handle is never given out again: links to it in old text, and a role set by handle, stay theirs.
      if (gone) await sql`insert into retired_handles (handle) values (lower(${gone.user_handler})) on conflict do nothing`.execute(t);
      await recountNotifications(t, notified);
      // What else names them: past live events about them and their posts (a stream that replays
      // them gets the reset below anyway), and their rate-limit counters (by e-mail and by member).
      // An event's data names them too when it carries their reply in another member's comment.
      await sql`delete from change_log where member_id = ${memberId} or entity_id = ${memberId} or post_id = any(${postIds}::text[])
        or recipient_id = ${memberId} or strpos(payload::text, ${JSON.stringify(memberId)}) > 0`.execute(t);
      if (gone)
        await sql`delete from rate_limits where key = ${`login-failures:${gone.username.trim().toLowerCase()}`} or key like ${`%member:${memberId}`}`.execute(
          t,
        );
      await logEvents(t, events);
    });
  }
}
