/** Builds a fresh database from the seed (plus optional benchmark posts). */
import { DB_VERSION, type Db } from '../store';
import { extraPosts } from './extra';
import { SEED_BOOKMARKS, seedPosts } from './posts';
import { seedUsers } from './users';

export function createSeedDb(extra = 0): Db {
  const users = seedUsers(SEED_BOOKMARKS);
  const posts = [...seedPosts(), ...extraPosts(extra)];
  return { version: DB_VERSION, nextId: 100_000, users, posts, revoked: [], retiredHandles: [] };
}

export { DEFAULT_AVATAR, POST_IMAGES } from './images';
export { MAX_EXTRA_POSTS } from './extra';
export { SEED_MODERATOR_IDS, SEED_USER_IDS } from './users';
