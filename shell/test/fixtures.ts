import type { MeV2 } from '@social/mock-api/contract-v2';

export function makeUser(overrides: Partial<MeV2> & Pick<MeV2, '_id' | 'firstName' | 'lastName' | 'userHandler'>): MeV2 {
  return {
    pic: '',
    bio: '',
    link: '',
    username: `${overrides.userHandler}@example.test`,
    createdAt: '2024-05-17T10:32:00+05:30',
    updatedAt: '2024-05-17T10:32:00+05:30',
    id: '1',
    postCount: 0,
    followerCount: 0,
    followingCount: 0,
    bookmarkCount: 0,
    ...overrides,
  };
}

export const ada = makeUser({ _id: 'u1', firstName: 'Ada', lastName: 'Lovelace', userHandler: 'ada' });
export const grace = makeUser({ _id: 'u2', firstName: 'Grace', lastName: 'Hopper', userHandler: 'amazing_grace' });
export const alan = makeUser({ _id: 'u3', firstName: 'Alan', lastName: 'Turing', userHandler: 'enigma' });
