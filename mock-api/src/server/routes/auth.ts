/** POST /auth/login and /auth/signup (client: mock-api/src/client.ts). */
import { SERVER_ERRORS, V1_ROUTES } from '../../contract';
import { HttpError } from '../../core/errors';
import { DEFAULT_AVATAR } from '../seed';
import { addUser, takeNumericId, type Db, type StoredUser } from '../store';
import { signToken } from '../tokens';
import { newId } from '../../core/time';
import { requiredText, signupFields, TEXT_LIMITS } from '../../core/validate';
import type { Ctx } from '../backend';
import { freeHandle } from '../../core/account';
import type { DomainEvent } from '../../core/events';
import { membersChanged } from '../../core/members';
import { runNow } from '../../core/operation';
import { readUserV1 } from '../../core/v1';
import { MemoryV1Store } from '../v1-store';
import { MemoryMemberStore } from '../member-store';
import { created, ok, type RouteKit } from './kit';

const sameUsername = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const findByUsername = (db: Db, username: string) => db.users.find((u) => sameUsername(u.username, username));

/** The handle a signup gets (core/account.ts, freeHandle). */
const uniqueHandler = (db: Db, username: string): string =>
  freeHandle(username, new Set([...db.users.map((u) => u.userHandler.toLowerCase()), ...db.retiredHandles]));

/** The member a login names, checked (404 unknown, 401 wrong password): v1 and v2 logins. */
export function loggedInMember({ db, body }: Pick<Ctx, 'db' | 'body'>): StoredUser {
  const username = requiredText(body.username, 'username', { max: TEXT_LIMITS.username });
  const password = requiredText(body.password, 'password', { allowEmpty: true, max: TEXT_LIMITS.password });
  const user = findByUsername(db, username);
  if (!user) throw new HttpError(404, SERVER_ERRORS.userNotFound);
  if (user.password !== password) throw new HttpError(401, SERVER_ERRORS.badCredentials);
  return user;
}

/** The event of a new member: everyone may see them now (v1 and v2 signups). */
export const memberJoined = (ctx: Ctx, user: StoredUser): DomainEvent[] => runNow(membersChanged(new MemoryMemberStore(ctx), [user._id]));

/** A new member from a signup's fields (422 when the e-mail is taken): v1 and v2 signups. */
export function signedUpMember({ db, body, now, storablePic }: Pick<Ctx, 'db' | 'body' | 'now' | 'storablePic'>): StoredUser {
  const { username, password, firstName, lastName, bio, link: userLink } = signupFields(body);
  const pic = storablePic(body.pic, 'pic');
  if (findByUsername(db, username)) throw new HttpError(422, SERVER_ERRORS.usernameExists);
  return addUser(db, {
    _id: newId(),
    id: takeNumericId(db),
    firstName,
    lastName,
    userHandler: uniqueHandler(db, username),
    username,
    password,
    pic: pic || storablePic(DEFAULT_AVATAR, 'pic')!,
    bio: bio ?? '',
    link: userLink ?? '',
    followers: [],
    following: [],
    bookmarks: [],
    createdAt: now,
    updatedAt: now,
  });
}

const answeredUser = (ctx: Ctx, user: StoredUser) => runNow(readUserV1(new MemoryV1Store(ctx), user._id));

export function authRoutes(r: RouteKit): void {
  r.read('post', V1_ROUTES.login[1], (ctx) => {
    const user = loggedInMember(ctx);
    return ok({ foundUser: answeredUser(ctx, user), encodedToken: signToken(user) });
  });

  // Revokes the caller's token; revocations are dropped once the token would have expired anyway.
  r.write('post', V1_ROUTES.logout[1], ({ db, session }) => {
    const { token } = session();
    const nowMs = Date.now();
    db.revoked = db.revoked.filter((entry) => entry.expiresAt > nowMs);
    db.revoked.push({ id: token.jti, expiresAt: token.exp * 1000 });
    return ok({}, []);
  });

  r.write('post', V1_ROUTES.signup[1], (ctx) => {
    const user = signedUpMember(ctx);
    return created({ createdUser: answeredUser(ctx, user), encodedToken: signToken(user) }, memberJoined(ctx, user));
  });
}
