import type { User } from '@social/mock-api/contract';

/** Case-insensitive substring match on first name, last name or handle; empty query, no results. */
export function searchUsers(users: readonly User[], query: string): User[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return users.filter((user) =>
    [user.firstName, user.lastName, user.userHandler].some((field) => field.toLowerCase().includes(needle)),
  );
}
