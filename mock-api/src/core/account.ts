/**
 * The member's own account: change the password, download their data, delete the account
 * (docs/account.md). Each operation checks its rules here and changes state through the
 * AccountStore port; how a password is kept (plain in the fake backend's browser data, scrypt
 * hashes on api-server) and how the deletion is split up are the stores' business.
 */
import { CLIENT_MESSAGES, isValidPassword, SERVER_ERRORS, TEXT_LIMITS } from '../contract';
import type { AccountExportV2 } from '../contract-v2';
import { fail, HttpError } from './errors';
import { requiredText, type JsonObject } from './validate';
import type { DomainEvent, Outcome } from './events';
import { wait, type Actor, type Operation, type Step } from './operation';

/**
 * The start of a new member's handle: the e-mail's local part, lower case, URL-safe, without a
 * '.' or '-' at either end (an `@handle` in text ends at a letter, digit or '_': core/text.ts);
 * 'member' when nothing is left.
 */
export function handleBase(username: string): string {
  const local = username.split('@')[0] ?? '';
  return (
    local
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .replace(/^[.-]+|[.-]+$/g, '') || 'member'
  );
}

/**
 * A new member's handle: handleBase, with the first number appended that makes it free.
 * `taken`: the handles in use that start with the base, lower case.
 */
export function freeHandle(username: string, taken: ReadonlySet<string>): string {
  const base = handleBase(username);
  if (!taken.has(base)) return base;
  let n = 1;
  while (taken.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

/** What the export holds besides its header: the store reads it. */
export type AccountData = Omit<AccountExportV2, 'format' | 'version' | 'exportedAt'>;

/** The storage behind the account operations. */
export interface AccountStore {
  /** Whether `password` is the member's password (false for an unknown member). */
  passwordMatches(memberId: string, password: string): Step<boolean>;
  /**
   * When `currentPassword` is the member's password, keeps `newPassword` and ends every session
   * of the member; answers the token of a new session for the caller (issued after the others
   * ended, so it stays valid). Changes nothing and answers `wrong` when it is not, or `replaced`
   * when it was but another change replaced it meanwhile: the check and the write are one step,
   * so of two changes sent at once with the same current password only one is made.
   */
  replacePassword(memberId: string, currentPassword: string, newPassword: string): Step<{ encodedToken: string } | PasswordRefusal>;
  /** Everything the member made or chose (AccountExportV2's lists), or null for an unknown member. */
  accountData(memberId: string): Step<AccountData | null>;
  /**
   * Deletes the member and everything that is theirs (posts with their comments and pictures,
   * their comments, replies, reactions, upvotes, bookmarks, follows and sessions), every count
   * that included them corrected, pictures nobody shows any more forgotten. A store that deletes
   * in several transactions records `events` (the operation's) with the last one.
   */
  deleteMember(memberId: string, events: readonly DomainEvent[]): Step<void>;
}

/** Why a password change changed nothing: a wrong current password, or one another change just replaced. */
export interface PasswordRefusal {
  refused: 'wrong' | 'replaced';
}

/** A password field of the body: text within TEXT_LIMITS.password (an empty one is simply wrong). */
const passwordField = (body: JsonObject, field: string): string =>
  requiredText(body[field], field, { allowEmpty: true, max: TEXT_LIMITS.password });

/**
 * The member changes their password, giving the current one. The new one follows the spec's
 * rule (400 with its message) and differs from the current one (400 samePassword, before any
 * password is checked: it compares the two fields sent). A wrong current one is 403 and changes
 * nothing; one another change (another tab) has just replaced is 409 passwordChangedMeanwhile
 * (not a wrong guess: api-server's login guard gives that attempt back). Every session of the
 * member ends, this one too: the answer carries the caller's new token.
 */
export function* changePassword(store: AccountStore, actor: Actor, body: JsonObject): Operation<Outcome<{ encodedToken: string }>> {
  const currentPassword = passwordField(body, 'currentPassword');
  const newPassword = passwordField(body, 'newPassword');
  if (!isValidPassword(newPassword)) throw fail.badRequest(CLIENT_MESSAGES.passwordRule);
  if (newPassword === currentPassword) throw fail.badRequest(SERVER_ERRORS.samePassword);
  const answer = yield* wait(store.replacePassword(actor.memberId, currentPassword, newPassword));
  if ('refused' in answer)
    throw answer.refused === 'wrong'
      ? fail.forbidden(SERVER_ERRORS.wrongCurrentPassword)
      : new HttpError(409, SERVER_ERRORS.passwordChangedMeanwhile);
  // Nothing anyone sees changed.
  return { result: { encodedToken: answer.encodedToken }, events: [] };
}

/** "Download my data": the member's export (AccountExportV2), never a password or its hash. */
export function* exportData(store: AccountStore, actor: Actor): Operation<AccountExportV2> {
  const data = yield* wait(store.accountData(actor.memberId));
  if (!data) throw fail.userNotFound();
  return { format: 'orbit-account-export', version: 1, exportedAt: actor.now, ...data };
}

/**
 * The member deletes their account, confirming with their password (403 when wrong: nothing is
 * deleted). So much changes at once (their posts, counts on other members' posts and profiles)
 * that the live event is one `reset`: every open page reads what it shows again (docs/live.md).
 */
export function* deleteAccount(store: AccountStore, actor: Actor, body: JsonObject): Operation<Outcome<Record<string, never>>> {
  const password = passwordField(body, 'password');
  if (!(yield* wait(store.passwordMatches(actor.memberId, password)))) throw fail.forbidden(SERVER_ERRORS.wrongDeletePassword);
  const events: DomainEvent[] = [{ kind: 'reset', data: { reason: 'member-deleted' } }];
  yield* wait(store.deleteMember(actor.memberId, events));
  return { result: {}, events };
}
