/**
 * Error answers of the fake backend. Handlers throw HttpError; the route wrapper turns it
 * into `{ errors: [message] }` with the status (messages: SERVER_ERRORS in mock-api/src/contract.ts), so no handler builds bodies by hand.
 */
import { SERVER_ERRORS, type ErrorBody } from '../contract';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const errorBody = (message: string): ErrorBody => ({ errors: [message] });

/** Shorthands for the catalogue's refusals, so every route uses the same status for the same case. */
export const fail = {
  badRequest: (message: string) => new HttpError(400, message),
  /** Ownership refusals are 403 everywhere (including delete): one status per kind of refusal. */
  forbidden: (message: string) => new HttpError(403, message),
  postNotFound: () => new HttpError(404, SERVER_ERRORS.postNotFound),
  commentNotFound: () => new HttpError(404, SERVER_ERRORS.commentNotFound),
  memberNotFound: () => new HttpError(404, SERVER_ERRORS.memberNotFound),
  userNotFound: () => new HttpError(404, SERVER_ERRORS.userNotFound),
  badToken: () => new HttpError(401, SERVER_ERRORS.badToken),
  tooLarge: (message: string) => new HttpError(413, message),
};
