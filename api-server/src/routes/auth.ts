/** POST /auth/login, /auth/signup and /auth/logout (mock-api/src/server/routes/auth.ts, plus logout). */
import { SERVER_ERRORS, V1_ROUTES } from '@social/mock-api/contract';
import { freeHandle, handleBase, membersChanged, readUserV1, runAsync } from '@social/mock-api/core';
import { HttpError } from '@social/mock-api/errors';
import { DEFAULT_AVATAR } from '@social/mock-api/seed';
import { requiredText, signupFields, TEXT_LIMITS } from '@social/mock-api/rules';
import { isUniqueViolation, one, rows, sql, type Transaction } from '../db';
import { storePic } from '../images';
import { logEvents } from '../live/log';
import { sessionsEnded } from '../live/tickets';
import { SqlMemberStore } from '../member-store';
import { created, newId, ok, startSession, type Answer, type Ctx, type Tx } from '../kit';
import { hashPassword, verifyPassword } from '../passwords';
import { signToken, tokenHash } from '../tokens';
import { SqlV1Store } from '../v1-store';
import type { RouteKit } from './kit';

/** The handle a signup gets (core/account.ts, freeHandle): only the handles (members' and retired) that start with its base are read. */
async function uniqueHandler(ex: Transaction, username: string): Promise<string> {
  const taken = await rows(
    ex,
    sql<{ h: string }>`select lower(user_handler) as h from members where starts_with(lower(user_handler), ${handleBase(username)})
      union all select handle from retired_handles where starts_with(handle, ${handleBase(username)})`,
  );
  return freeHandle(username, new Set(taken.map((r) => r.h)));
}

export function authRoutes(r: RouteKit): void {
  const answeredUser = (t: Tx, id: string, origin: string) => runAsync(readUserV1(new SqlV1Store(t.ex, origin), id));
  r.route(...V1_ROUTES.login, (ctx) =>
    logIn(ctx, async (t, id, encodedToken) => ok({ foundUser: await answeredUser(t, id, ctx.origin), encodedToken })),
  );
  r.route(...V1_ROUTES.signup, (ctx) =>
    signUp(ctx, async (t, id, encodedToken) => created({ createdUser: await answeredUser(t, id, ctx.origin), encodedToken })),
  );
  r.route(...V1_ROUTES.logout, logOut);
}

/** What a login or signup answers, from the member's id and new token (v1 and v2 differ only in this). */
export type SessionAnswer = (t: Tx, memberId: string, encodedToken: string) => Promise<Answer>;

export async function logIn({ body, tx }: Ctx, answer: SessionAnswer): Promise<Answer> {
  const username = requiredText(body.username, 'username', { max: TEXT_LIMITS.username });
  const password = requiredText(body.password, 'password', { allowEmpty: true, max: TEXT_LIMITS.password });
  const member = await tx((t) =>
    one(
      t.ex,
      sql<{ id: string; username: string; password_hash: string }>`
      select id, username, password_hash from members where lower(username) = lower(${username.trim()})`,
    ),
  );
  if (!member) throw new HttpError(404, SERVER_ERRORS.userNotFound);
  // Hashing runs outside any transaction: it takes tens of milliseconds on purpose.
  if (!(await verifyPassword(password, member.password_hash))) throw new HttpError(401, SERVER_ERRORS.badCredentials);
  const encodedToken = signToken({ _id: member.id, username: member.username });
  return tx(async (t) => {
    await startSession(t.ex, member.id, encodedToken);
    return answer(t, member.id, encodedToken);
  });
}

export async function signUp({ body, tx, now, origin }: Ctx, answer: SessionAnswer): Promise<Answer> {
  const { username, password, firstName, lastName, bio, link: userLink } = signupFields(body);
  const passwordHash = await hashPassword(password);
  const id = newId();
  const exists = () => new HttpError(422, SERVER_ERRORS.usernameExists);
  // Two signups at once may pick the same free handle: the unique index refuses one, which tries again.
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await tx(async (t) => {
        const pic = (await storePic(t.ex, body.pic, 'pic')) ?? { url: '', imageId: null };
        const avatar = pic.url || pic.imageId ? pic : (await storePic(t.ex, DEFAULT_AVATAR, 'pic'))!;
        if (await one(t.ex, sql`select 1 from members where lower(username) = lower(${username})`)) throw exists();
        const handler = await uniqueHandler(t.ex, username);
        await sql`insert into members (id, numeric_id, username, user_handler, password_hash, first_name, last_name, pic_url, pic_image_id, bio, link, created_iso, updated_iso)
          values (${id}, nextval('numeric_ids')::text, ${username}, ${handler}, ${passwordHash}, ${firstName}, ${lastName}, ${avatar.url}, ${avatar.imageId},
            ${bio ?? ''}, ${userLink ?? ''}, ${now}, ${now})`.execute(t.ex);
        // Everyone may see the new member now (the in-browser backend's memberJoined).
        await logEvents(t.ex, await runAsync(membersChanged(new SqlMemberStore(t.ex, origin), [id])));
        const encodedToken = signToken({ _id: id, username });
        await startSession(t.ex, id, encodedToken);
        return await answer(t, id, encodedToken);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const taken = await tx((t) => one(t.ex, sql`select 1 from members where lower(username) = lower(${username})`));
      if (taken) throw exists();
      if (attempt >= 3) throw error;
    }
  }
}

/** The token stops working at once, on every instance (it is checked against the sessions table), and so do its live streams. */
export const logOut = ({ tx }: Ctx): Promise<Answer> =>
  tx(async (t) => {
    const caller = await t.caller();
    await sql`update sessions set revoked_at = to_timestamp(${Date.now() / 1000}) where token_hash = ${tokenHash(caller.token)}`.execute(
      t.ex,
    );
    await sessionsEnded(t.ex, caller.id);
    return ok({});
  });
