/**
 * The demo seed: the fake backend's members, posts, comments, follows and bookmarks
 * (mock-api/src/server/seed), written with set-based inserts. Passwords are hashed with
 * scrypt; pictures become stored images like any upload. Its members' passwords are published
 * (the login page's test credentials), so a production server writes it only when asked
 * (API_SEED=demo, src/config.ts), and never grants its moderator the role there.
 */
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { createSeedDb, MAX_EXTRA_POSTS, SEED_MODERATOR_IDS, SEED_USER_IDS } from '@social/mock-api/seed';
import { one, sql, type Db, type Executor } from './db';
import { storePic } from './images';
import { logEvents } from './live/log';
import { hashPassword } from './passwords';
import { insertTagsOf } from './v2/post-tags';
import { indexSearchTextOf } from './search-schema';
import { COUNTED_TABLES, RECOUNT } from './v2/schema';

type StoredPost = ReturnType<typeof createSeedDb>['posts'][number];

const hashes = new Map<string, Promise<string>>();
/** One scrypt hash per seed password per process: resets (tests) then cost nothing. */
const seedHash = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

/**
 * The generated benchmark posts: mock-api makes up to MAX_EXTRA_POSTS; larger counts repeat
 * its batches under new ids, spread over the same members and months.
 */
export function extraPosts(count: number): StoredPost[] {
  const base = createSeedDb(Math.min(count, MAX_EXTRA_POSTS)).posts.filter((p) => p._id.startsWith('bench-post-'));
  const out: StoredPost[] = [];
  for (let i = 0; i < count; i += 1) {
    const round = Math.floor(i / base.length);
    const source = base[i % base.length]!;
    if (round === 0) out.push(source);
    else {
      const suffix = `-r${round}`;
      out.push({
        ...source,
        _id: `${source._id}${suffix}`,
        id: String(10_000 + i + 1),
        comments: source.comments.map((c) => ({ ...c, _id: `${c._id}${suffix}` })),
      });
    }
  }
  return out;
}

const TABLES =
  'notification_outbox, idempotency_keys, rate_limits, sessions, member_roles, bookmarks, follows, comment_upvotes, replies, comments, post_reactions, post_tags, posts, members, images';

/** The members whose credentials the login page offers (users 1 to 4 of the seed, TEST_CREDENTIALS's order). */
const CREDENTIAL_MEMBER_IDS = SEED_USER_IDS.slice(0, TEST_CREDENTIALS.length);

async function isEmpty(ex: Executor): Promise<boolean> {
  const row = await one(ex, sql<{ n: number }>`select count(*)::int as n from members`);
  return (row?.n ?? 0) === 0;
}

/**
 * Whether the database holds the demo's sample members that the login page offers (GET
 * /api/v2/meta): their ids are the seed's, which no signup is given (signups get random ids).
 */
export async function holdsDemo(ex: Executor): Promise<boolean> {
  return !!(await one(ex, sql`select 1 from members where id = any(${CREDENTIAL_MEMBER_IDS}::text[]) limit 1`));
}

/**
 * Everything back to the demo seed (tests; POST /api/__test/reset, never in production), its
 * moderator included unless `moderator` is false.
 */
export async function resetToSeed(db: Db, extra = 0, moderator = true): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql.raw(`truncate ${TABLES} restart identity cascade`).execute(trx);
    await writeSeed(trx, extra, moderator);
    // One `reset` event stands for the whole new data set.
    await logEvents(trx, [{ kind: 'reset', data: { reason: 'data-reset' } }]);
  });
}

/** Every member and what is theirs gone, as a new database without the demo starts (tests). */
export async function resetToEmpty(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql.raw(`truncate ${TABLES}, retired_handles restart identity cascade`).execute(trx);
    await logEvents(trx, [{ kind: 'reset', data: { reason: 'data-reset' } }]);
  });
}

/** Writes the demo seed into an empty database (first start); does nothing when members exist. */
export async function seedIfEmpty(db: Db, extra = 0, moderator = true): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // One instance seeds; others starting at the same time wait here, then see the data.
    // Whatever the role's default: a seed of many posts takes as long as it takes.
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`lock table members in exclusive mode`.execute(trx);
    if (!(await isEmpty(trx))) return false;
    await writeSeed(trx, extra, moderator);
    return true;
  });
}

/**
 * The seed's rows, with the count triggers off and every stored count computed once at the end
 * (inside the caller's transaction, so no other session sees them off): row by row, 100,000
 * generated posts each updated their author's post_count, and one transaction updating the same
 * few rows that often slowed down with every version it left behind (issue 41, finding 11).
 */
async function writeSeed(ex: Executor, extra: number, moderator: boolean): Promise<void> {
  const countTriggers = async (on: boolean) => {
    for (const table of COUNTED_TABLES)
      await sql.raw(`alter table ${table} ${on ? 'enable' : 'disable'} trigger ${table}_count`).execute(ex);
  };
  await countTriggers(false);
  await writeSeedRows(ex, extra);
  for (const statement of RECOUNT) await sql.raw(statement).execute(ex);
  await countTriggers(true);
  // The seed's moderator, as the fake backend's seed marks her (src/roles.ts).
  if (moderator)
    await sql`insert into member_roles (member_id, role) select id, 'moderator' from members where id = any(${SEED_MODERATOR_IDS}::text[])`.execute(
      ex,
    );
}

async function writeSeedRows(ex: Executor, extra: number): Promise<void> {
  const seed = createSeedDb(0);
  const posts = [...seed.posts, ...extraPosts(extra)];
  const picIds = new Map<string, { url: string; imageId: string | null }>();
  const pic = async (value: string) => {
    let stored = picIds.get(value);
    if (!stored) {
      stored = (await storePic(ex, value, 'pic')) ?? { url: '', imageId: null };
      picIds.set(value, stored);
    }
    return stored;
  };

  const users = await Promise.all(seed.users.map(async (u) => ({ u, hash: await seedHash(u.password), pic: await pic(u.pic) })));
  await sql`insert into members (id, numeric_id, username, user_handler, password_hash, first_name, last_name, pic_url, pic_image_id, bio, link, created_iso, updated_iso)
    select * from unnest(${users.map((x) => x.u._id)}::text[], ${users.map((x) => x.u.id)}::text[], ${users.map((x) => x.u.username)}::text[],
      ${users.map((x) => x.u.userHandler)}::text[], ${users.map((x) => x.hash)}::text[], ${users.map((x) => x.u.firstName)}::text[],
      ${users.map((x) => x.u.lastName)}::text[], ${users.map((x) => x.pic.url)}::text[], ${users.map((x) => x.pic.imageId)}::text[],
      ${users.map((x) => x.u.bio)}::text[], ${users.map((x) => x.u.link)}::text[], ${users.map((x) => x.u.createdAt)}::text[],
      ${users.map((x) => x.u.updatedAt)}::text[])`.execute(ex);

  const postPics: { url: string; imageId: string | null }[] = [];
  for (const p of posts) postPics.push(p.pic ? await pic(p.pic) : { url: '', imageId: null });
  const col = <T>(f: (p: StoredPost, i: number) => T) => posts.map(f);
  await sql`insert into posts (id, numeric_id, author_id, content, pic_url, pic_image_id, created_at, created_iso, updated_iso)
    select id, numeric_id, author_id, content, pic_url, pic_image_id, created_iso::timestamptz, created_iso, updated_iso
    from unnest(${col((p) => p._id)}::text[], ${col((p) => p.id)}::text[], ${col((p) => p.userId)}::text[], ${col((p) => p.content)}::text[],
      ${col((_, i) => postPics[i]!.url)}::text[], ${col((_, i) => postPics[i]!.imageId)}::text[], ${col((p) => p.createdAt)}::text[],
      ${col((p) => p.updatedAt)}::text[]) with ordinality as t (id, numeric_id, author_id, content, pic_url, pic_image_id, created_iso, updated_iso, n)
    order by n`.execute(ex);
  await insertTagsOf(
    ex,
    posts.map((p) => ({ id: p._id, content: p.content })),
  );
  await indexSearchTextOf(
    ex,
    posts.map((p) => ({ id: p._id, content: p.content })),
  );

  const reactions = posts.flatMap((p) => [
    ...p.likedBy.map((m) => [p._id, m, 'like'] as const),
    ...p.dislikedBy.map((m) => [p._id, m, 'dislike'] as const),
  ]);
  await insertRows(ex, 'post_reactions (post_id, member_id, kind)', reactions);
  const comments = posts.flatMap((p) => p.comments.map((c) => ({ c, postId: p._id })));
  await insertRows(
    ex,
    'comments (id, post_id, author_id, content, created_iso, updated_iso)',
    comments.map(({ c, postId }) => [c._id, postId, c.userId, c.content, c.createdAt, c.updatedAt]),
  );
  await insertRows(
    ex,
    'replies (comment_id, id, author_id, content, created_iso, position)',
    comments.flatMap(({ c }) => c.replies.map((r, i) => [c._id, r._id, r.userId, r.content, r.createdAt, String(i)])),
    ['text', 'text', 'text', 'text', 'text', 'int'],
  );
  await insertRows(
    ex,
    'comment_upvotes (comment_id, member_id)',
    comments.flatMap(({ c }) => c.upvotedBy.map((m) => [c._id, m])),
  );

  const follows = seed.users.flatMap((u) =>
    u.following.map((followee, i) => {
      const target = seed.users.find((x) => x._id === followee);
      return [u._id, followee, String(i), String(target ? target.followers.indexOf(u._id) : i)];
    }),
  );
  await insertRows(ex, 'follows (follower_id, followee_id, following_pos, follower_pos)', follows, ['text', 'text', 'bigint', 'bigint']);
  await insertRows(
    ex,
    'bookmarks (member_id, post_id)',
    seed.users.flatMap((u) => u.bookmarks.map((p) => [u._id, p])),
  );
  await syncNumericIds(ex, seed.nextId);
}

/**
 * Moves the shared numeric id counter past every numeric id in use (and at least to `floor`), so
 * the next post or member never takes one a seeded row holds: generated benchmark posts number
 * from 10,001 up, and past 90,000 of them they used to reach the counter's start (100,000).
 */
export async function syncNumericIds(ex: Executor, floor: number): Promise<void> {
  await sql`select setval('numeric_ids', greatest(${floor}::bigint, (
      select coalesce(max(numeric_id::bigint), 0) + 1 from (
        select numeric_id from members where numeric_id ~ '^[0-9]{1,18}$'
        union all select numeric_id from posts where numeric_id ~ '^[0-9]{1,18}$') ids)), false)`.execute(ex);
}

/** One insert for many rows, in the given order (list orders come from insertion order). */
async function insertRows(ex: Executor, target: string, rowsToInsert: readonly (readonly string[])[], types?: string[]): Promise<void> {
  if (rowsToInsert.length === 0) return;
  const width = rowsToInsert[0]!.length;
  const columns = Array.from({ length: width }, (_, i) => rowsToInsert.map((r) => r[i]!));
  const names = Array.from({ length: width }, (_, i) => `c${i}`);
  const arrays = sql.join(
    columns.map((c) => sql`${c}::text[]`),
    sql`, `,
  );
  const casts = sql.raw(names.map((n, i) => `${n}::${types?.[i] ?? 'text'}`).join(', '));
  await sql`insert into ${sql.raw(target)} select ${casts} from unnest(${arrays}) with ordinality as t (${sql.raw(names.join(', '))}, n) order by n`.execute(
    ex,
  );
}
