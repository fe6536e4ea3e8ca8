/**
 * Members: follow and unfollow, the profile edit, and the member answers (v2's MemberV2 and
 * MeV2, written once here from each store's row). v1 and v2 routes of both backends call these.
 */
import { SERVER_ERRORS, TEXT_LIMITS } from '../contract';
import type { LiveMember } from '../contract-live';
import { V2_ERRORS, type MemberV2, type MeV2 } from '../contract-v2';
import { fail } from './errors';
import { INPUT_MESSAGES, link, objectField, text, type JsonObject } from './validate';
import { blockedFrom, refuseIfBlocked, type BlockReader } from './blocks';
import type { DomainEvent, Outcome } from './events';
import { wait, type Actor, type Operation, type Step } from './operation';
import { notify, unnotify, type WithNotifications } from './notifications';
import type { Change } from './posts';

/** What the member search looks for (`?q=`): `needle`, lower case; with a leading '@', in handles only. */
export interface MemberSearch {
  needle: string;
  handleOnly: boolean;
}

/** `?q=` of the member search: one text, trimmed, with something to look for (400 emptySearch otherwise, a repeated `q` too). */
export function memberSearchOf(q: unknown): MemberSearch {
  const text = typeof q === 'string' ? q.trim() : '';
  const handleOnly = text.startsWith('@');
  const needle = (handleOnly ? text.slice(1) : text).toLowerCase();
  if (!needle.trim()) throw fail.badRequest(V2_ERRORS.emptySearch);
  return { needle, handleOnly };
}

/** A member as the store reads them; `viewer`: how the viewer and this member follow each other, null without a viewer. */
export interface MemberRow {
  id: string;
  numericId: string;
  firstName: string;
  lastName: string;
  userHandler: string;
  /** The picture's URL as answers show it. */
  pic: string;
  bio: string;
  link: string;
  createdAt: string;
  updatedAt: string;
  postCount: number;
  followerCount: number;
  followingCount: number;
  viewer: { follows: boolean; followsViewer: boolean } | null;
}

/** The signed-in member's own row: adds their login e-mail and bookmark count. */
export interface MeRow extends MemberRow {
  username: string;
  bookmarkCount: number;
}

/** The profile fields a member may change (each absent when not sent). `pic`: the store's reference. */
export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  bio?: string;
  link?: string;
  pic?: string;
}

export interface MemberStore extends BlockReader, WithNotifications {
  memberExists(memberId: string): Step<boolean>;
  /** `followerId` follows `followeeId` (`following`), or no longer does; both members' updatedAt become `now`. */
  setFollow(followerId: string, followeeId: string, following: boolean, now: string): Step<Change>;
  /** A `pic` field checked and stored: undefined when absent, '' for none, else the store's reference. */
  storePicture(value: unknown, field: string): Step<string | undefined>;
  /** Changes the fields given and sets updatedAt; a replaced picture nothing else shows is forgotten. */
  updateProfile(memberId: string, changes: ProfileChanges, now: string): Step<void>;
  readMember(memberId: string, viewerId: string | null): Step<MemberRow | null>;
  readMe(memberId: string): Step<MeRow | null>;
}

// ---- Answers ----

function publicFields(row: MemberRow): LiveMember {
  return {
    _id: row.id,
    id: row.numericId,
    firstName: row.firstName,
    lastName: row.lastName,
    userHandler: row.userHandler,
    pic: row.pic,
    bio: row.bio,
    link: row.link,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    postCount: row.postCount,
    followerCount: row.followerCount,
    followingCount: row.followingCount,
  };
}

/** A member as anyone sees them, with the follow flags when there is a viewer. */
export function memberV2(row: MemberRow): MemberV2 {
  const member: MemberV2 = publicFields(row);
  if (row.viewer) {
    member.viewerFollows = row.viewer.follows;
    member.followsViewer = row.viewer.followsViewer;
  }
  return member;
}

/** The member as events carry them, to everyone. */
export const liveMember = (row: MemberRow): LiveMember => publicFields(row);

export const meV2 = (row: MeRow): MeV2 => ({ ...publicFields(row), username: row.username, bookmarkCount: row.bookmarkCount });

/**
 * One member's profile as the viewer sees it (by id or handle). To a viewer the member blocked,
 * it agrees with what they are shown (docs/safety.md): no posts counted (their posts and
 * activities list none to them), no follow, and `blocksViewer` for the page to say so.
 */
export function* readMember(
  store: Pick<MemberStore, 'readMember' | 'blockBetween'>,
  memberId: string,
  viewerId: string | null,
): Operation<MemberV2> {
  const row = yield* wait(store.readMember(memberId, viewerId));
  if (!row) throw fail.memberNotFound();
  const member = memberV2(row);
  if (!(yield* blockedFrom(store, viewerId, memberId))) return member;
  return { ...member, postCount: 0, viewerFollows: false, blocksViewer: true };
}

export function* readMe(store: Pick<MemberStore, 'readMe'>, memberId: string): Operation<MeV2> {
  const row = yield* wait(store.readMe(memberId));
  if (!row) throw fail.userNotFound();
  return meV2(row);
}

/** `member.changed` for each member, as anyone sees them now. */
export function* membersChanged(store: Pick<MemberStore, 'readMember'>, memberIds: readonly string[]): Operation<DomainEvent[]> {
  const events: DomainEvent[] = [];
  for (const memberId of memberIds) {
    const row = yield* wait(store.readMember(memberId, null));
    if (row) events.push({ kind: 'member.changed', data: { member: liveMember(row) } });
  }
  return events;
}

// ---- Operations ----

/** Follows the member (`following`) or stops; following oneself, twice, or someone not followed is refused. */
export function* follow(
  store: MemberStore,
  actor: Actor,
  memberId: string,
  following: boolean,
): Operation<Outcome<{ me: MeV2; member: MemberV2 }>> {
  if (!(yield* wait(store.memberExists(memberId)))) throw fail.memberNotFound();
  if (memberId === actor.memberId) throw fail.badRequest(INPUT_MESSAGES.followSelf);
  if (following) yield* refuseIfBlocked(store, actor.memberId, [memberId]);
  const change = yield* wait(store.setFollow(actor.memberId, memberId, following, actor.now));
  if (change !== 'changed') throw fail.badRequest(following ? SERVER_ERRORS.alreadyFollowing : SERVER_ERRORS.notFollowing);
  const me = yield* readMe(store, actor.memberId);
  const member = yield* readMember(store, memberId, actor.memberId);
  const subject = { postId: null, commentId: null, replyId: null };
  const notified = following
    ? yield* notify(store.notifications, actor, memberId, 'follow', subject)
    : yield* unnotify(store.notifications, actor.memberId, memberId, 'follow', subject);
  return {
    result: { me, member },
    events: [
      { kind: 'follow.changed', data: { followerId: actor.memberId, followeeId: memberId, following } },
      ...(yield* membersChanged(store, [actor.memberId, memberId])),
      ...notified,
    ],
  };
}

/** The profile fields of a request body (`userData`), checked; anything else in it is ignored. */
export function profileFields(body: JsonObject): Omit<ProfileChanges, 'pic'> & { pic: unknown } {
  const userData = objectField(body, 'userData');
  const fields: Omit<ProfileChanges, 'pic'> & { pic: unknown } = { pic: userData.pic };
  const firstName = text(userData.firstName, 'firstName', { required: false, max: TEXT_LIMITS.name });
  const lastName = text(userData.lastName, 'lastName', { required: false, max: TEXT_LIMITS.name });
  const bio = text(userData.bio, 'bio', { required: false, allowEmpty: true, max: TEXT_LIMITS.bio });
  const userLink = link(userData.link);
  if (firstName !== undefined) fields.firstName = firstName;
  if (lastName !== undefined) fields.lastName = lastName;
  if (bio !== undefined) fields.bio = bio;
  if (userLink !== undefined) fields.link = userLink;
  return fields;
}

/**
 * The member edits their own profile (v1 /users/edit, v2 POST /me): only the fields a member
 * may change; username, password, ids and lists are ignored. An emptied picture keeps the
 * current one rather than showing a broken image.
 */
export function* editProfile(store: MemberStore, actor: Actor, body: JsonObject): Operation<Outcome<MeV2>> {
  const { pic: sentPic, ...fields } = profileFields(body);
  const pic = yield* wait(store.storePicture(sentPic, 'pic'));
  const changes: ProfileChanges = pic ? { ...fields, pic } : fields;
  yield* wait(store.updateProfile(actor.memberId, changes, actor.now));
  return { result: yield* readMe(store, actor.memberId), events: yield* membersChanged(store, [actor.memberId]) };
}
