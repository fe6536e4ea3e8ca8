/**
 * Seed posts: emoji and links in the text, some images, comments with upvotes and replies.
 * likeCount is computed from likedBy, so the invariant holds by construction.
 */
import type { StoredComment, StoredPost, StoredReply } from '../store';
import { POST_IMAGES, type PostImageName } from './images';

const A = 'u1-adarsh';
const M = 'u2-meera';
const K = 'u3-kabir';
const S = 'u4-sara';
const R = 'u5-rohan';
const L = 'u6-lena';
const T = 'u7-tomas';
const Y = 'u8-aiko';

const reply = (_id: string, userId: string, content: string, createdAt: string): StoredReply => ({ _id, userId, content, createdAt });

function comment(
  _id: string,
  userId: string,
  content: string,
  createdAt: string,
  upvotedBy: string[] = [],
  replies: StoredReply[] = [],
): StoredComment {
  return { _id, userId, content, upvotedBy, replies, createdAt, updatedAt: createdAt };
}

interface SeedPostSource {
  _id: string;
  userId: string;
  createdAt: string;
  content: string;
  image?: PostImageName;
  likedBy?: string[];
  dislikedBy?: string[];
  comments?: StoredComment[];
}

const SOURCES: SeedPostSource[] = [
  {
    _id: 'p01-sunrise',
    userId: S,
    createdAt: '2026-08-14T06:12:00+05:30',
    content: 'Woke up at 4:30 for this sunrise over the ridge 🌄 Totally worth it. Full set on https://sara-photos.example.com/ridge',
    image: 'mountains',
    likedBy: [A, M, K, Y, L],
    comments: [
      comment(
        'c01-1',
        A,
        'This is unreal 😍 which trail was this?',
        '2026-08-14T08:40:00+05:30',
        [S, M],
        [
          reply('r01-1', S, 'The north loop, start before 5 or you miss the colours!', '2026-08-14T09:02:00+05:30'),
          reply('r01-2', K, 'Adding it to my weekend list 🥾', '2026-08-14T10:15:00+05:30'),
        ],
      ),
      comment('c01-2', Y, 'Wallpaper material 🖼️', '2026-08-15T11:20:00+05:30', [S]),
    ],
  },
  {
    _id: 'p02-css',
    userId: A,
    createdAt: '2026-08-21T10:32:00+05:30',
    content:
      'TIL: `:has()` lets you style a parent based on its children 🤯 No JS needed. Good write-up: https://developer.mozilla.org/en-US/docs/Web/CSS/:has',
    likedBy: [M, L, R],
    comments: [
      comment(
        'c02-1',
        L,
        'And it works nicely with focus-visible for accessible cards ♿',
        '2026-08-21T12:05:00+05:30',
        [A, M],
        [reply('r02-1', A, 'Ooh, example please? 🙏', '2026-08-21T12:30:00+05:30')],
      ),
    ],
  },
  {
    _id: 'p03-sketch',
    userId: M,
    createdAt: '2026-08-29T19:45:00+05:30',
    content: 'Sketched a new onboarding flow on the train home 🚆✏️ Fewer steps, more delight. Thoughts welcome!',
    image: 'abstract',
    likedBy: [A, S, L, Y],
    dislikedBy: [T],
    comments: [
      comment('c03-1', S, 'Love the colours 🎨', '2026-08-29T20:10:00+05:30', [M]),
      comment(
        'c03-2',
        K,
        'Step 3 could be skipped for returning users?',
        '2026-08-30T09:00:00+05:30',
        [M, A],
        [reply('r03-1', M, 'Good call, noted 📝', '2026-08-30T09:30:00+05:30')],
      ),
    ],
  },
  {
    _id: 'p04-hike',
    userId: K,
    createdAt: '2026-09-06T17:20:00+05:30',
    content: '18 km, 900 m up, one very confused goat 🐐⛰️ Route: https://trails.example.com/kabir/goat-ridge',
    image: 'forest',
    likedBy: [A, R],
    comments: [comment('c04-1', R, 'The goat is the real hero here 😂', '2026-09-06T18:00:00+05:30', [K, A])],
  },
  {
    _id: 'p05-charts',
    userId: R,
    createdAt: '2026-09-12T22:05:00+05:30',
    content: 'New post: 5 ways a bar chart can lie to you 📊🤥 https://rohan.example.dev/blog/lying-charts',
    likedBy: [K, T, L],
    dislikedBy: [],
    comments: [
      comment('c05-1', T, 'The truncated y-axis one gets me every time', '2026-09-13T08:15:00+05:30', [R]),
      comment(
        'c05-2',
        L,
        'Please add alt text advice for charts too!',
        '2026-09-13T10:40:00+05:30',
        [],
        [reply('r05-1', R, 'Great idea, part 2 incoming ✍️', '2026-09-13T11:00:00+05:30')],
      ),
    ],
  },
  {
    _id: 'p06-a11y',
    userId: L,
    createdAt: '2026-09-25T14:30:00+05:30',
    content:
      'Reminder: a <div> with onClick is not a button 🙅‍♀️ Use <button>. Your keyboard users will thank you ⌨️ https://www.w3.org/WAI/ARIA/apg/',
    likedBy: [A, M, K, R, Y],
    comments: [comment('c06-1', A, 'Printing this and taping it to my monitor 🖨️', '2026-09-25T15:00:00+05:30', [L])],
  },
  {
    _id: 'p07-croissant',
    userId: T,
    createdAt: '2026-10-04T07:50:00+05:30',
    content: 'Attempt #7 at laminated dough 🥐 finally getting layers! Recipe: https://tomas.example.es/croissants',
    image: 'coffee',
    likedBy: [R, S],
    comments: [],
  },
  {
    _id: 'p08-plants',
    userId: Y,
    createdAt: '2026-10-11T16:25:00+05:30',
    content: 'My monstera pushed out a new leaf 🌱🪴 Small wins count.',
    likedBy: [],
    comments: [comment('c08-1', L, 'Congrats on the baby leaf! 🎉', '2026-10-11T17:00:00+05:30')],
  },
  {
    _id: 'p09-launch',
    userId: A,
    createdAt: '2026-10-19T11:00:00+05:30',
    content:
      'Shipped our micro-frontend setup today 🚀 Five apps, one shell, zero full-page reloads. Notes at https://adarsh.example.com/mfe-notes',
    image: 'city',
    likedBy: [M, K, S],
    comments: [
      comment(
        'c09-1',
        M,
        'Congrats team! 🎉🎉',
        '2026-10-19T11:30:00+05:30',
        [A, K, S],
        [
          reply('r09-1', A, 'Thanks! Your designs made it easy 🙌', '2026-10-19T12:00:00+05:30'),
          reply('r09-2', S, 'Big milestone 👏', '2026-10-19T13:10:00+05:30'),
        ],
      ),
    ],
  },
  {
    _id: 'p10-beach',
    userId: S,
    createdAt: '2026-10-30T18:05:00+05:30',
    content: 'Last swim of the season 🌊⛵ Water was 19°C, I regret nothing.',
    image: 'sea',
    likedBy: [Y, M],
    comments: [comment('c10-1', Y, 'Brave! 🥶', '2026-10-30T19:00:00+05:30', [S])],
  },
  {
    _id: 'p11-chess',
    userId: K,
    createdAt: '2026-11-08T21:40:00+05:30',
    content: 'Lost 6 games in a row on https://lichess.org ♟️😅 Taking suggestions for opening books.',
    likedBy: [],
    dislikedBy: [R],
    comments: [],
  },
  {
    _id: 'p12-game',
    userId: T,
    createdAt: '2026-11-16T13:15:00+05:30',
    content: 'Playtest build of my tiny puzzle game is up 🎮🧩 https://tomas.example.es/puzzle — tell me where you get stuck!',
    likedBy: [R, L, Y],
    comments: [
      comment(
        'c12-1',
        R,
        'Level 4 took me 20 minutes 😤 in a good way',
        '2026-11-16T15:00:00+05:30',
        [T],
        [reply('r12-1', T, 'That one is meant to hurt a little 😈', '2026-11-16T15:20:00+05:30')],
      ),
    ],
  },
];

export const SEED_POST_IDS = SOURCES.map((s) => s._id);

/** Bookmarks of the seed members (post ids). */
export const SEED_BOOKMARKS: Record<string, string[]> = {
  [A]: ['p01-sunrise', 'p06-a11y'],
  [M]: ['p02-css'],
  [L]: ['p05-charts'],
};

export function seedPosts(): StoredPost[] {
  return SOURCES.map((s, index) => {
    const likedBy = [...(s.likedBy ?? [])];
    return {
      _id: s._id,
      id: String(100 + index + 1),
      userId: s.userId,
      content: s.content,
      pic: s.image ? POST_IMAGES[s.image] : '',
      likeCount: likedBy.length,
      likedBy,
      dislikedBy: [...(s.dislikedBy ?? [])],
      comments: cloneComments(s.comments ?? []),
      createdAt: s.createdAt,
      updatedAt: s.createdAt,
    };
  });
}

function cloneComments(comments: StoredComment[]): StoredComment[] {
  return comments.map((c) => ({ ...c, upvotedBy: [...c.upvotedBy], replies: c.replies.map((r) => ({ ...r })) }));
}
