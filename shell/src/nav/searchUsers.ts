import type { User } from '@social/mock-api/contract';

/**
 * Case-insensitive substring match on first name, last name or handle; empty query, no results.
 * A leading '@' (as handles are written, "@tomas") is not part of what is looked for.
 */
export function searchUsers(users: readonly User[], query: string): User[] {
  const needle = query.trim().replace(/^@/, '').toLowerCase();
  if (!needle) return [];
  return users.filter((user) =>
    [user.firstName, user.lastName, user.userHandler].some((field) => field.toLowerCase().includes(needle)),
  );
}
