/**
 * Input checks. Every handler validates its whole input before touching the data, so a bad
 * request gets a clear 4xx and never leaves a half-written record.
 */
import { IMAGE_TYPES, LIMITS, TEXT_LIMITS } from '../contract';
import { fail } from './errors';

/** Messages for refused input (beside SERVER_ERRORS in mock-api/src/contract.ts). */
export const INPUT_MESSAGES = {
  invalidJson: 'The request body is not valid JSON.',
  bodyNotObject: 'The request body must be a JSON object.',
  bodyTooLarge: `The request body is too large: the limit is ${LIMITS.maxBodyBytes / (1024 * 1024)} MB.`,
  imageTooLarge: `The image is too large: the limit is ${LIMITS.maxImageBytes / (1024 * 1024)} MB.`,
  imageType: `The image must be an image URL (http or https) or a data URL of type ${IMAGE_TYPES.join(', ')}.`,
  linkFormat: 'The link must start with http:// or https://.',
  missingObject: (field: string) => `The request body needs a "${field}" object.`,
  notString: (field: string) => `"${field}" must be text.`,
  empty: (field: string) => `"${field}" must not be empty.`,
  tooLong: (field: string, max: number) => `"${field}" must be at most ${max} characters.`,
  badNumber: (field: string) => `"${field}" must be a whole number of 0 or more.`,
  repliesList: '"replies" must be a list of replies, each with an "_id" and a "content" text.',
  duplicateReply: 'Two replies have the same "_id".',
  replyEditNotOwner: "Cannot edit a Reply that doesn't belong to the logged in User.",
  replyRemoveNotOwner: "Cannot remove a Reply that doesn't belong to the logged in User.",
  tooManyReplies: `A comment can have at most ${LIMITS.maxRepliesPerComment} replies.`,
  tooManyNewReplies: `A comment edit can add at most ${LIMITS.maxRepliesAddedPerEdit} reply.`,
  tooDeep: `The request body is nested too deeply: the limit is ${LIMITS.maxJsonDepth} levels.`,
  followSelf: 'You cannot follow or unfollow yourself.',
} as const;

/** Longest text fields (defined in the contract, which the forms share). */
export { TEXT_LIMITS };

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether JSON text nests arrays and objects deeper than `max`, read in one pass over the text
 * (no recursion, brackets inside strings ignored), so no later step that walks the value can
 * run out of stack.
 */
export function nestingExceeds(raw: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i += 1) {
    const c = raw.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}

/** Parses a request body: empty means `{}`; it must be a JSON object within the size and depth limits. */
export function parseBody(raw: unknown): JsonObject {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw !== 'string') {
    // Mirage hands FormData/Blob bodies through as objects: the API only speaks JSON.
    throw fail.badRequest(INPUT_MESSAGES.invalidJson);
  }
  if (raw.length > LIMITS.maxBodyBytes) throw fail.tooLarge(INPUT_MESSAGES.bodyTooLarge);
  if (!raw.trim()) return {};
  if (nestingExceeds(raw, LIMITS.maxJsonDepth)) throw fail.badRequest(INPUT_MESSAGES.tooDeep);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw fail.badRequest(INPUT_MESSAGES.invalidJson);
  }
  if (!isObject(parsed)) throw fail.badRequest(INPUT_MESSAGES.bodyNotObject);
  return parsed;
}

export function objectField(body: JsonObject, field: string): JsonObject {
  const value = body[field];
  if (!isObject(value)) throw fail.badRequest(INPUT_MESSAGES.missingObject(field));
  return value;
}

export function text(value: unknown, field: string, { required = true, allowEmpty = false, max = 10_000 } = {}): string | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string') throw fail.badRequest(INPUT_MESSAGES.notString(field));
  if (!allowEmpty && !value.trim()) throw fail.badRequest(INPUT_MESSAGES.empty(field));
  if (value.length > max) throw fail.badRequest(INPUT_MESSAGES.tooLong(field, max));
  return value;
}

/** Required text (never undefined). */
export const requiredText = (value: unknown, field: string, options: { allowEmpty?: boolean; max?: number } = {}): string =>
  text(value, field, { ...options, required: true }) as string;

/** Decoded size of a data URL's payload, in bytes. */
function dataUrlBytes(meta: string, payload: string): number {
  if (/;base64$/i.test(meta)) {
    const clean = payload.replace(/\s/g, '');
    const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
    return Math.floor((clean.length * 3) / 4) - padding;
  }
  try {
    return decodeURIComponent(payload).length;
  } catch {
    return payload.length;
  }
}

/** An image field: '' (no image), an http(s) URL, or an image data URL of an accepted type within LIMITS.maxImageBytes. */
export function image(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw fail.badRequest(INPUT_MESSAGES.notString(field));
  const trimmed = value.trim();
  if (!trimmed) return '';
  if (/^https?:\/\/\S+$/i.test(trimmed)) {
    if (trimmed.length > 2048) throw fail.badRequest(INPUT_MESSAGES.tooLong(field, 2048));
    return trimmed;
  }
  const match = /^data:([^,]*),(.*)$/is.exec(trimmed);
  if (!match) throw fail.badRequest(INPUT_MESSAGES.imageType);
  const meta = match[1]!;
  const type = meta.split(';')[0]!.toLowerCase();
  if (!(IMAGE_TYPES as readonly string[]).includes(type)) throw fail.badRequest(INPUT_MESSAGES.imageType);
  if (dataUrlBytes(meta, match[2]!) > LIMITS.maxImageBytes) throw fail.tooLarge(INPUT_MESSAGES.imageTooLarge);
  return trimmed;
}

/** A profile link: '' or an http(s) URL (anything else, e.g. `javascript:`, would be a hazard as an href). */
export function link(value: unknown, field = 'link'): string | undefined {
  const raw = text(value, field, { required: false, allowEmpty: true, max: TEXT_LIMITS.link });
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  if (trimmed && !/^https?:\/\/[^\s]+$/i.test(trimmed)) throw fail.badRequest(INPUT_MESSAGES.linkFormat);
  return trimmed;
}

export function wholeNumber(value: string | undefined, field: string): number {
  if (value === undefined || !/^\d{1,6}$/.test(value)) throw fail.badRequest(INPUT_MESSAGES.badNumber(field));
  return Number(value);
}

/** The fields of a signup (POST /auth/signup), checked; the same rules on both backends. */
export function signupFields(body: JsonObject) {
  return {
    username: requiredText(body.username, 'username', { max: TEXT_LIMITS.username }).trim(),
    password: requiredText(body.password, 'password', { max: TEXT_LIMITS.password }),
    firstName: requiredText(body.firstName, 'firstName', { max: TEXT_LIMITS.name }),
    lastName: requiredText(body.lastName, 'lastName', { max: TEXT_LIMITS.name }),
    // Optional extra fields (signup "other fields"), checked like a profile edit.
    bio: text(body.bio, 'bio', { required: false, allowEmpty: true, max: TEXT_LIMITS.bio }),
    link: link(body.link),
  };
}
