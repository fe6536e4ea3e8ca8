/**
 * The eight seed members. Users 1 to 4 are the login page's TEST_CREDENTIALS (same order).
 * Follow relations are listed once (who follows whom); followers are derived from them,
 * so the two sides always agree.
 */
import { TEST_CREDENTIALS } from '../../contract';
import type { StoredUser } from '../store';
import { avatar } from './images';

interface SeedUserSource {
  _id: string;
  firstName: string;
  lastName: string;
  userHandler: string;
  username: string;
  password: string;
  bio: string;
  link: string;
  colour: string;
  createdAt: string;
}

const credential = (index: number) => {
  const c = TEST_CREDENTIALS[index];
  if (!c) throw new Error(`TEST_CREDENTIALS has no entry ${index + 1}`);
  return c;
};

const SOURCES: SeedUserSource[] = [
  {
    _id: 'u1-adarsh',
    firstName: 'Adarsh',
    lastName: 'Balika',
    userHandler: 'adarshbalika',
    ...credential(0),
    bio: 'Frontend engineer. Coffee, cycling and clean CSS ☕🚴',
    link: 'https://adarsh.example.com',
    colour: '#2563eb',
    createdAt: '2026-06-02T09:15:00+05:30',
  },
  {
    _id: 'u2-meera',
    firstName: 'Meera',
    lastName: 'Nair',
    userHandler: 'meeranair',
    ...credential(1),
    bio: 'Product designer who sketches on trains ✏️',
    link: 'https://meera.example.org/portfolio',
    colour: '#db2777',
    createdAt: '2026-06-05T18:40:00+05:30',
  },
  {
    _id: 'u3-kabir',
    firstName: 'Kabir',
    lastName: 'Shah',
    userHandler: 'kabirshah',
    ...credential(2),
    bio: 'Backend dev • hiking on weekends • bad at chess ♟️',
    link: 'http://kabir.example.net',
    colour: '#059669',
    createdAt: '2026-06-11T07:05:00+05:30',
  },
  {
    _id: 'u4-sara',
    firstName: 'Sara',
    lastName: 'Ahmed',
    userHandler: 'saraahmed',
    ...credential(3),
    bio: 'Photographer. Chasing golden hour 📷🌅',
    link: 'https://sara-photos.example.com',
    colour: '#d97706',
    createdAt: '2026-06-20T12:30:00+05:30',
  },
  {
    _id: 'u5-rohan',
    firstName: 'Rohan',
    lastName: 'Verma',
    userHandler: 'rohanverma',
    username: 'rohan@socialmfe.dev',
    password: 'rohan1234',
    bio: 'Data nerd. Writing about charts that lie 📊',
    link: 'https://rohan.example.dev/blog',
    colour: '#7c3aed',
    createdAt: '2026-07-01T21:10:00+05:30',
  },
  {
    _id: 'u6-lena',
    firstName: 'Lena',
    lastName: 'Fischer',
    userHandler: 'lenafischer',
    username: 'lena@socialmfe.dev',
    password: 'lena12345',
    bio: 'Accessibility advocate. Semantic HTML is a love language ♿',
    link: 'https://lena.example.de',
    colour: '#0891b2',
    createdAt: '2026-07-09T10:00:00+05:30',
  },
  {
    _id: 'u7-tomas',
    firstName: 'Tomás',
    lastName: 'García',
    userHandler: 'tomasgarcia',
    username: 'tomas@socialmfe.dev',
    password: 'tomas1234',
    bio: 'Indie game maker 🎮 and part-time baker 🥐',
    link: 'https://tomas.example.es',
    colour: '#dc2626',
    createdAt: '2026-07-22T16:45:00+05:30',
  },
  {
    _id: 'u8-aiko',
    firstName: 'Aiko',
    lastName: 'Tanaka',
    userHandler: 'aikotanaka',
    username: 'aiko@socialmfe.dev',
    password: 'aiko12345',
    bio: 'Mobile dev, plant parent 🪴',
    link: 'https://aiko.example.jp',
    colour: '#4d7c0f',
    createdAt: '2026-08-03T08:20:00+05:30',
  },
];

/** Who follows whom (by _id). User 1 follows two members, so the suggestions strip is not empty. */
const FOLLOWING: Record<string, string[]> = {
  'u1-adarsh': ['u2-meera', 'u3-kabir'],
  'u2-meera': ['u1-adarsh', 'u4-sara', 'u6-lena'],
  'u3-kabir': ['u2-meera', 'u5-rohan'],
  'u4-sara': ['u1-adarsh', 'u2-meera', 'u8-aiko'],
  'u5-rohan': ['u3-kabir', 'u7-tomas'],
  'u6-lena': ['u2-meera', 'u8-aiko'],
  'u7-tomas': ['u5-rohan'],
  'u8-aiko': ['u6-lena', 'u4-sara', 'u1-adarsh'],
};

export const SEED_USER_IDS = SOURCES.map((s) => s._id);

/**
 * Test user 4 moderates (docs/safety.md): here her record says so; api-server's demo seed grants
 * her the role outside production (api-server/src/seed.ts).
 */
export const SEED_MODERATOR_IDS: readonly string[] = ['u4-sara'];

export function seedUsers(bookmarks: Record<string, string[]> = {}): StoredUser[] {
  return SOURCES.map((s, index) => ({
    _id: s._id,
    id: String(index + 1),
    firstName: s.firstName,
    lastName: s.lastName,
    userHandler: s.userHandler,
    username: s.username,
    password: s.password,
    pic: avatar(`${s.firstName[0]}${s.lastName[0]}`, s.colour),
    bio: s.bio,
    link: s.link,
    following: [...(FOLLOWING[s._id] ?? [])],
    followers: SOURCES.filter((other) => (FOLLOWING[other._id] ?? []).includes(s._id)).map((other) => other._id),
    bookmarks: [...(bookmarks[s._id] ?? [])],
    createdAt: s.createdAt,
    updatedAt: s.createdAt,
    ...(SEED_MODERATOR_IDS.includes(s._id) ? { moderator: true } : {}),
  }));
}
