/**
 * The member operations' store (mock-api/src/core/members.ts, MemberStore) on PostgreSQL. The
 * follow counts move in the triggers of src/v2/schema.ts, in the same statement.
 */
import type { BlockSide, Change, MemberRow, MemberStore, MeRow, ProfileChanges } from '@social/mock-api/core';
import { one, sql, type Executor, type Transaction } from './db';
import { forgetUnusedImages, memberPicture } from './image-cleanup';
import { pictureColumns, pictureRef, storePic } from './images';
import { blockSide } from './safety-filters';
import { SqlNotificationStore } from './notification-store';
import { RendererV2 } from './v2/render';

export class SqlMemberStore implements MemberStore {
  readonly notifications: SqlNotificationStore;

  /** `ex`: a transaction for the changes (a follow is a change and a timestamp on two members); the database itself for reads. */
  constructor(
    private readonly ex: Executor,
    private readonly origin: string,
  ) {
    this.notifications = new SqlNotificationStore(ex, origin);
  }

  private get tx(): Transaction {
    return this.ex as Transaction;
  }

  blockBetween(memberId: string, otherId: string): Promise<BlockSide> {
    return blockSide(this.ex, memberId, otherId);
  }

  async memberExists(memberId: string): Promise<boolean> {
    return Boolean(await one(this.ex, sql`select 1 from members where id = ${memberId}`));
  }

  async setFollow(followerId: string, followeeId: string, following: boolean, now: string): Promise<Change> {
    const changed = following
      ? await one(
          this.tx,
          sql`insert into follows (follower_id, followee_id, following_pos, follower_pos)
            values (${followerId}, ${followeeId}, nextval('follow_positions'), nextval('follow_positions'))
            on conflict do nothing returning 1`,
        )
      : await one(this.tx, sql`delete from follows where follower_id = ${followerId} and followee_id = ${followeeId} returning 1`);
    if (!changed) return 'same';
    await sql`update members set updated_iso = ${now} where id in (${followerId}, ${followeeId})`.execute(this.tx);
    return 'changed';
  }

  async storePicture(value: unknown, field: string): Promise<string | undefined> {
    const stored = await storePic(this.tx, value, field);
    return stored && pictureRef(stored.url, stored.imageId);
  }

  async updateProfile(memberId: string, changes: ProfileChanges, now: string): Promise<void> {
    const pic = changes.pic === undefined ? undefined : pictureColumns(changes.pic);
    const oldPic = pic ? await memberPicture(this.tx, memberId) : [];
    await sql`update members set
        first_name = coalesce(${changes.firstName ?? null}, first_name),
        last_name = coalesce(${changes.lastName ?? null}, last_name),
        bio = coalesce(${changes.bio ?? null}, bio),
        link = coalesce(${changes.link ?? null}, link),
        pic_url = case when ${pic !== undefined} then ${pic?.url ?? ''} else pic_url end,
        pic_image_id = case when ${pic !== undefined} then ${pic?.imageId ?? null}::text else pic_image_id end,
        updated_iso = ${now}
      where id = ${memberId}`.execute(this.tx);
    await forgetUnusedImages(this.tx, oldPic);
  }

  async readMember(memberId: string, viewerId: string | null): Promise<MemberRow | null> {
    return (await new RendererV2(this.ex, this.origin, viewerId ?? undefined).memberRowById(memberId)) ?? null;
  }

  async readMe(memberId: string): Promise<MeRow | null> {
    return (await new RendererV2(this.ex, this.origin, undefined).memberRowById(memberId)) ?? null;
  }
}
