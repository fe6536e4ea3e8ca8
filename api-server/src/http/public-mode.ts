/**
 * Public mode (issue 41, finding 12): the spec's v1 shapes (SPEC §7) put every member's e-mail
 * (`username`) and bookmarks in answers anyone may read: the member lists, a member, a post's
 * `username`. In public mode (always in production, API_PUBLIC_MODE=1 elsewhere) a v1 answer
 * leaves those fields out wherever the member asking is not the member answered about. It is
 * the one deliberate difference from SPEC §7 (docs/api-server-security.md); /api/v2 never
 * carried them, and the in-browser backend keeps the spec's shapes exactly.
 */
import type { Post, User } from '@social/mock-api/contract';

/** Answer fields that hold members (User) or posts (Post), as the v1 answers name them. */
const MEMBER_FIELDS = ['users', 'allUsers', 'user', 'foundUser', 'createdUser'] as const;
const POST_FIELDS = ['posts', 'post'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether an answer holds any field public mode looks at (so the viewer is read only then). */
export const holdsMembersOrPosts = (body: unknown): boolean =>
  isRecord(body) && [...MEMBER_FIELDS, ...POST_FIELDS].some((field) => field in body);

function member(user: User, viewerId: string | undefined): Partial<User> {
  if (user._id === viewerId) return user;
  const { username: _username, bookmarks: _bookmarks, ...rest } = user;
  return rest;
}

function post(value: Post, viewerId: string | undefined): Partial<Post> {
  if (value.userId === viewerId) return value;
  const { username: _username, ...rest } = value;
  return rest;
}

/** The members whose view of the answer differs from everyone else's: the members it holds and the authors of its posts. */
export function ownersIn(body: unknown): Set<string> {
  const owners = new Set<string>();
  if (!isRecord(body)) return owners;
  const add = (value: unknown, key: '_id' | 'userId') => {
    for (const item of Array.isArray(value) ? value : [value])
      if (isRecord(item) && typeof item[key] === 'string') owners.add(item[key] as string);
  };
  for (const field of MEMBER_FIELDS) add(body[field], '_id');
  for (const field of POST_FIELDS) add(body[field], 'userId');
  return owners;
}

/** The v1 answer as `viewerId` (undefined: no signed-in member) may see it. */
export function publicAnswer(body: unknown, viewerId: string | undefined): unknown {
  if (!isRecord(body)) return body;
  const out: Record<string, unknown> = { ...body };
  for (const field of MEMBER_FIELDS) {
    const value = out[field];
    if (Array.isArray(value)) out[field] = (value as User[]).map((u) => member(u, viewerId));
    else if (isRecord(value)) out[field] = member(value as unknown as User, viewerId);
  }
  for (const field of POST_FIELDS) {
    const value = out[field];
    if (Array.isArray(value)) out[field] = (value as Post[]).map((p) => post(p, viewerId));
    else if (isRecord(value)) out[field] = post(value as unknown as Post, viewerId);
  }
  return out;
}
