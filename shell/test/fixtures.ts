import type { User } from '@social/mock-api/contract';

export function makeUser(overrides: Partial<User> & Pick<User, '_id' | 'firstName' | 'lastName' | 'userHandler'>): User {
  return {
    pic: '',
    bio: '',
    link: '',
    followers: [],
    following: [],
    bookmarks: [],
    username: `${overrides.userHandler}@example.test`,
    createdAt: '2024-05-17T10:32:00+05:30',
    updatedAt: '2024-05-17T10:32:00+05:30',
    id: '1',
    ...overrides,
  };
}

export const ada = makeUser({ _id: 'u1', firstName: 'Ada', lastName: 'Lovelace', userHandler: 'ada' });
export const grace = makeUser({ _id: 'u2', firstName: 'Grace', lastName: 'Hopper', userHandler: 'amazing_grace' });
export const alan = makeUser({ _id: 'u3', firstName: 'Alan', lastName: 'Turing', userHandler: 'enigma' });
