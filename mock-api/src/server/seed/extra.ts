/**
 * Extra posts for benchmarks (`?seed-posts=N` or `extraPosts: N`): spread over the seed
 * members and the last six months, some liked and commented. A fixed pseudo-random
 * sequence makes the same N give the same data on every run.
 */
import type { StoredPost } from '../store';
import { isoWithOffset } from '../../core/time';
import { POST_IMAGES } from './images';
import { SEED_USER_IDS } from './users';

/**
 * The scale bench (mock-api/bench/v2-scale.js) asks for 50,000. Generated numeric ids run from
 * 10,001 up, below the first id the backend hands out (100,000): do not raise this past 89,999.
 */
export const MAX_EXTRA_POSTS = 50_000;

/** "Now" of the seed, so extra posts sit just before the newest seed posts. */
const ANCHOR = Date.parse('2026-11-20T12:00:00+05:30');
const IST = 330;

function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPENERS = ['Quick thought', 'Weekend update', 'Hot take', 'Small win', 'Question for you all', 'Note to self', 'Reading list'];
const TOPICS = [
  'refactored a 600-line component into five tiny ones',
  'finally understood CSS grid areas',
  'tried a new coffee place downtown',
  'walked 12 km without noticing',
  'wrote tests before the code for once',
  'found a bug that was older than my laptop',
  'learned three chords on the ukulele',
  'rearranged my desk for better light',
];
const EMOJI = ['🚀', '☕', '🎉', '🌱', '📚', '🎧', '✨', '🔥', '😅', '🙌'];
const LINKS = ['https://example.com/notes', 'https://blog.example.org/post', 'https://docs.example.dev/guide'];
const COMMENTS = ['Nice! 👏', 'Same here 😂', 'Tell me more!', 'Saving this 📌', 'Great point.', 'Love it ❤️'];
const IMAGES = Object.values(POST_IMAGES);

export function extraPosts(count: number): StoredPost[] {
  const n = Math.max(0, Math.min(MAX_EXTRA_POSTS, Math.floor(count)));
  const random = prng(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const posts: StoredPost[] = [];
  for (let i = 0; i < n; i += 1) {
    const userId = SEED_USER_IDS[i % SEED_USER_IDS.length]!;
    const createdAt = isoWithOffset(new Date(ANCHOR - Math.floor(random() * 180 * 24 * 3600 * 1000)), IST);
    const likedBy = SEED_USER_IDS.filter((id) => id !== userId && random() < 0.25);
    const dislikedBy = SEED_USER_IDS.filter((id) => id !== userId && !likedBy.includes(id) && random() < 0.05);
    const commentCount = random() < 0.3 ? 1 + Math.floor(random() * 3) : 0;
    const number = String(i + 1).padStart(4, '0');
    const link = random() < 0.3 ? ` ${pick(LINKS)}/${number}` : '';
    posts.push({
      _id: `bench-post-${number}`,
      id: String(10_000 + i + 1),
      userId,
      content: `${pick(OPENERS)}: ${pick(TOPICS)} ${pick(EMOJI)}${link}`,
      // Few images: every one is stored in the browser with the rest of the data.
      pic: random() < 0.1 ? pick(IMAGES) : '',
      likeCount: likedBy.length,
      likedBy,
      dislikedBy,
      comments: Array.from({ length: commentCount }, (_, c) => ({
        _id: `bench-comment-${number}-${c + 1}`,
        userId: pick(SEED_USER_IDS),
        content: pick(COMMENTS),
        upvotedBy: random() < 0.3 ? [pick(SEED_USER_IDS)] : [],
        replies: [],
        createdAt,
        updatedAt: createdAt,
      })),
      createdAt,
      updatedAt: createdAt,
    });
  }
  return posts;
}
