/**
 * The member operations' store (../core/members.ts, MemberStore) on the fake backend's records.
 * Records it changes are looked up through findUser (./store.ts), so the write stores them.
 */
import type { Change } from '../core/posts';
import type { BlockSide } from '../core/blocks';
import type { MemberRow, MemberStore, MeRow, ProfileChanges } from '../core/members';
import { indexOf } from './indexes';
import { MemoryNotificationStore } from './notification-store';
import type { Ctx } from './request-context';
import { blockSideOf } from './safety-filters';
import { findUser, type StoredUser } from './store';
import { V2Renderer } from './v2/common';

export class MemoryMemberStore implements MemberStore {
  private readonly v2: V2Renderer;
  readonly notifications: MemoryNotificationStore;

  constructor(protected readonly ctx: Ctx) {
    this.v2 = new V2Renderer(ctx, null);
    this.notifications = new MemoryNotificationStore(ctx, this.v2);
  }

  private get db() {
    return this.ctx.db;
  }

  blockBetween(memberId: string, otherId: string): BlockSide {
    return blockSideOf(this.db, memberId, otherId);
  }

  memberExists(memberId: string): boolean {
    return indexOf(this.db).usersById.has(memberId);
  }

  setFollow(followerId: string, followeeId: string, following: boolean, now: string): Change {
    const follower = findUser(this.db, followerId);
    const followee = findUser(this.db, followeeId);
    if (!follower || !followee) return 'missing';
    if (follower.following.includes(followeeId) === following) return 'same';
    if (following) {
      follower.following.push(followeeId);
      if (!followee.followers.includes(followerId)) followee.followers.push(followerId);
    } else {
      follower.following = follower.following.filter((id) => id !== followeeId);
      followee.followers = followee.followers.filter((id) => id !== followerId);
    }
    follower.updatedAt = now;
    followee.updatedAt = now;
    return 'changed';
  }

  storePicture(value: unknown, field: string): string | undefined {
    return this.ctx.storablePic(value, field);
  }

  updateProfile(memberId: string, changes: ProfileChanges, now: string): void {
    const member = findUser(this.db, memberId);
    if (member) Object.assign(member, changes, { updatedAt: now });
  }

  private user(memberId: string): StoredUser | null {
    return indexOf(this.db).usersById.get(memberId) ?? null;
  }

  readMember(memberId: string, viewerId: string | null): MemberRow | null {
    const user = this.user(memberId);
    return user ? this.v2.memberRow(user, viewerId === null ? null : this.user(viewerId)) : null;
  }

  readMe(memberId: string): MeRow | null {
    const user = this.user(memberId);
    return user ? this.v2.meRow(user) : null;
  }
}
