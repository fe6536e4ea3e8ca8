#!/usr/bin/env node
/**
 * `npm run bench:server`: how the product's own API (/api/v2) grows with the network, on real
 * PostgreSQL (issue 22, point 5).
 *
 * - Starts a throwaway PostgreSQL server (tools/postgres.js) and one api-server instance from
 *   its production build, both on 127.0.0.1 (ports the system picks).
 * - Generates the network in SQL (generate_series, seconds, not through the API): 100,000
 *   members who follow each other (about 20 each), then posts in steps up to each size (10,000,
 *   100,000 and 1,000,000 by default) with likes, dislikes and comments (about 4, 0.1 and 1 per
 *   post, skewed: many posts have none, a few have many; every 4th post is by one of 100 regular
 *   posters, whose full first pages "a member's posts" reads at every size; every post has one of
 *   TAG_COUNT tags, skewed, whose pages the tag call reads; its author has NOTIFICATIONS_PER_POST
 *   notifications about it: the group of its likes and single mentions, all unread, with the
 *   authors' stored unread counts). Triggers are off while loading; the
 *   stored counts are written with the rows. Numbered like the old generator (10,001 up), so
 *   past 90,000 posts the ids cross the counter's start, as in the issue.
 * - At each size, for 10 calls, autocannon (same machine, loopback, bounded in time and count)
 *   reports requests/s, p50, p99 and the answer's size: like, the same like of posts whose
 *   authors muted the member (which notifies nobody: the notification's cost is the
 *   difference; the two take turns, A B B A, after an unmeasured turn each), post creation, comment, home
 *   page, explore page (Latest and Trending), a member's posts, a tag's page, the notifications
 *   page and the unread count, post search for a common and a rare word, trending tags, and the
 *   home page of the same 64 members while each follows 20 tags (issue 55), each by 64 members in turn (posts are written by 64 others, whom
 *   the safety members below neither block nor mute).
 * - Safety (docs/safety.md): SAFETY_MEMBERS other members (65 on) each block SAFETY_BLOCKS
 *   members (the 100 regular posters among them, so a quarter of all posts is hidden from them)
 *   and mute SAFETY_BLOCKS more; their home and explore pages are
 *   measured as "… with 1,000 blocks and mutes", beside the same pages of the first 64 members,
 *   who have none.
 * - After the largest size, a post liked by every other member (bigGroup): its author's one
 *   group, that group's item with one member and with all, and the author's notifications page
 *   measured as the calls are.
 * - Then reposts (./reposts.js, issue 54): BENCH_REPOSTS generated in SQL (default 2 per post),
 *   home with reposts against home without and a repost against a like, each pair in turns
 *   A B B A, and a post reposted by 3 of a member's follows shown once on their home page.
 * - In the same run and on the same server, `pgbench`'s own TPS (TPC-B-like and select-only),
 *   so each figure is also a fraction of what the database itself can do.
 * Writes api-server/bench/latest-postgres.json and latest-postgres.md.
 *
 * Options (environment): BENCH_SIZES=10000,100000 (posts, ascending), BENCH_DURATION=20 (s per
 * call), BENCH_CONNECTIONS=16, BENCH_POOL=12 (api-server's pool), BENCH_MEMBERS=100000,
 * BENCH_ONLY=home,like (calls whose names start so), BENCH_SLOW_MS=250 (auto_explain's threshold:
 * the plans of slower statements while measuring go into the report), BENCH_REPORT=<path
 * without extension> (default api-server/bench/latest-postgres).
 * Quick run: `BENCH_SIZES=10000 BENCH_DURATION=3 npm run bench:server`.
 *
 * The data generator, the server start and the throwaway-PostgreSQL re-run are exported for the
 * browser bench (api-server/bench/browser.js), which measures the apps on the same network.
 */
const { spawn, spawnSync } = require('child_process');
const { randomBytes, scryptSync } = require('crypto');
const fs = require('fs');
const path = require('path');
const autocannon = require('autocannon');
const pg = require('pg');
const { machineLine } = require('../../tools/machine');
const { repostLines, repostScenario, REPOST_CALL } = require('./reposts');
const { prepareDelivery, deliveryFigures, deliveryRow } = require('./delivery');

const root = path.resolve(__dirname, '..', '..');
const argSizes = process.argv.find((a) => a.startsWith('--sizes='))?.slice('--sizes='.length);
const SIZES = (argSizes ?? process.env.BENCH_SIZES ?? '10000,100000,1000000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
// 20 s: a 10 s sample's p99 moved by up to 1.5× between runs minutes apart on this machine (docs/api.md).
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const POOL = Number(process.env.BENCH_POOL ?? 12);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const BENCH_MEMBERS = 64;
/** Members 65… who block and mute (docs/safety.md): as many as measure each call, each with this many of each. */
const SAFETY_MEMBERS = 32;
const SAFETY_BLOCKS = 1000;
/** Members 1…100 write every 4th post between them: at 10,000 posts 25 each, a full first page. */
const REGULAR_POSTERS = 100;
/**
 * Post i's tag, `topic0` … `topic39`, skewed (topic0 on about 16 % of posts, topic39 on 1.3 %:
 * at 10,000 posts every tag has a full first page). The same expression gives the post its tag
 * in its text and its post_tags row (one ASCII word: the core's tagsOf finds exactly it).
 */
const TAG_COUNT = 40;
const tagOf = (i) => `'topic' || floor(${TAG_COUNT} * power(((${i})::bigint * 7919 % 10007) / 10007.0, 2))::int`;
/** Notifications each generated post gives its author: 1,000,000 posts give 5,000,000 (issue 39). */
const NOTIFICATIONS_PER_POST = Number(process.env.BENCH_NOTIFICATIONS_PER_POST ?? 5);
const PASSWORD = 'bench-pass-1';
/** Server settings for the throwaway PostgreSQL (24 GB machine; fsync is off already). */
const POSTGRES_OPTIONS = [
  '-c shared_buffers=1GB -c max_connections=100 -c jit=off -c maintenance_work_mem=512MB -c max_wal_size=4GB',
  // Plans of statements slower than SLOW_MS land in the server log; the report keeps those seen while measuring.
  `-c shared_preload_libraries=auto_explain -c auto_explain.log_min_duration=${Number(process.env.BENCH_SLOW_MS ?? 250)}`,
].join(' ');
/** BENCH_ONLY=home,like: only the calls whose names start with these words (an empty word, as in `like,`, is no word: it would match every call). */
const ONLY = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').filter((word) => word !== '') : undefined;

// Set by tools/postgres.js in the re-run under it (ownPostgres below); read when used.
const databaseUrl = () => process.env.DATABASE_URL;

/** api-server's password format (src/passwords.ts): one hash for every generated member. */
function scryptHash(password) {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

const member = (n) => `'gm-' || lpad((${n})::text, 6, '0')`;

/**
 * Runs a bulk load with the tables' secondary indexes dropped and rebuilt after (much faster
 * than maintaining them row by row), and with triggers and foreign-key checks off
 * (session_replication_role = replica): the loads write the stored counts themselves.
 */
async function bulkLoad(db, tables, load) {
  const indexes = (
    await db.query(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = 'public' and i.tablename = any($1::text[])
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [tables],
    )
  ).rows;
  for (const index of indexes) await db.query(`drop index ${index.indexname}`);
  await db.query(`set session_replication_role = replica`);
  try {
    await load();
  } finally {
    await db.query(`set session_replication_role = origin`);
    for (const index of indexes) await db.query(index.indexdef);
  }
}

/** 100,000 members and their follows (about 20 each, skewed), counts included. */
async function generateMembers(db) {
  const t0 = Date.now();
  await bulkLoad(db, ['members', 'follows'], async () => {
    await db.query(
      `insert into members (id, numeric_id, username, user_handler, password_hash, first_name, last_name, pic_url, bio, link, created_iso, updated_iso, created_at)
       select ${member('i')}, (2000000 + i)::text, 'member' || i || '@bench.example', 'member' || i, $1,
         (array['Asha','Ben','Chloe','Dev','Elif','Farid','Gia','Hugo','Ines','Jon','Kira','Luis'])[1 + i % 12],
         (array['Rao','Smith','Okafor','Kim','Novak','Silva','Haddad','Ito','Berg','Costa'])[1 + (i / 12) % 10],
         '', '', '', iso, iso, ts
       from generate_series(1, $2::int) i,
         lateral (select timestamptz '2025-01-01 00:00:00+00' + i * interval '4 minutes' as ts) t,
         lateral (select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as iso) f`,
      [scryptHash(PASSWORD), MEMBERS],
    );
    // Member i follows about floor(60 × r²) + 1 others (mean about 20): (i·7919 + k·4729) mod N are
    // distinct for k < N. Each lateral refers to i, or PostgreSQL would draw its random() once for all rows.
    await db.query(
      `insert into follows (follower_id, followee_id, following_pos, follower_pos)
       select ${member('i')}, ${member('1 + (i::bigint * 7919 + k * 4729) % $1::int')}, i::bigint * 1000 + k, i::bigint * 1000 + k
       from generate_series(1, $1::int) i, lateral generate_series(0, floor(60 * power(random(), 2))::int + 0 * i) k
       where 1 + (i::bigint * 7919 + k * 4729) % $1::int <> i`,
      [MEMBERS],
    );
    await db.query(`select setval('follow_positions', (select max(greatest(following_pos, follower_pos)) + 1 from follows))`);
    await db.query(
      `update members m set follower_count = x.n from (select followee_id, count(*)::int as n from follows group by followee_id) x where x.followee_id = m.id`,
    );
    await db.query(
      `update members m set following_count = x.n from (select follower_id, count(*)::int as n from follows group by follower_id) x where x.follower_id = m.id`,
    );
  });
  return Date.now() - t0;
}

/**
 * Blocks and mutes of the safety members (BENCH_MEMBERS + 1 …): each blocks the 100 regular
 * posters and SAFETY_BLOCKS - 100 others, and mutes SAFETY_BLOCKS more members (for ever); a
 * block ends the follows between the two, as the product's does. Their follows are otherwise
 * the generator's, like the first 64 members', so home reads about as many authors for both.
 */
async function generateSafety(db) {
  const t0 = Date.now();
  const first = BENCH_MEMBERS + 1;
  const last = BENCH_MEMBERS + SAFETY_MEMBERS;
  await db.query(
    `insert into blocks (blocker_id, blocked_id, created_at, created_iso)
     select ${member('i')}, ${member('b')}, now(), to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
     from generate_series($1::int, $2::int) i, generate_series(1, $4::int) k,
       lateral (select case when k <= 100 then k else 1 + (i::bigint * 7919 + k * 104729) % $3::int end as b) x
     where b <> i
     on conflict do nothing`,
    [first, last, MEMBERS, SAFETY_BLOCKS],
  );
  await db.query(`delete from follows f using blocks b where f.follower_id = b.blocker_id and f.followee_id = b.blocked_id`);
  await db.query(`delete from follows f using blocks b where f.follower_id = b.blocked_id and f.followee_id = b.blocker_id`);
  await db.query(
    `insert into mutes (muter_id, muted_id, created_at, created_iso)
     select ${member('i')}, ${member('b')}, now(), to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
     from generate_series($1::int, $2::int) i, generate_series(1, $4::int) k,
       lateral (select 1 + (i::bigint * 6007 + k * 130003) % $3::int as b) x
     where b <> i
     on conflict do nothing`,
    [first, last, MEMBERS, SAFETY_BLOCKS],
  );
  await db.query('vacuum analyze blocks, mutes, follows');
  const counts = (await db.query(`select (select count(*) from blocks)::int as blocks, (select count(*) from mutes)::int as mutes`))
    .rows[0];
  console.log(
    `  safety: ${counts.blocks} blocks, ${counts.mutes} mutes by ${SAFETY_MEMBERS} members in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

/** Posts from+1 … to, with their reactions and comments, counts included. */
async function generatePosts(db, from, to) {
  const t0 = Date.now();
  await bulkLoad(
    db,
    ['posts', 'post_reactions', 'comments', 'post_tags', 'post_search', 'notifications', 'notification_actors', 'notification_state'],
    async () => {
      // Authors skewed (a few write a lot), and every 4th post by one of the regular posters in turn, so
      // that each size has members with a full first page (below); times over the year before the
      // seed's "now", but every 365th post within the last day (trending tags read that day); ms
      // precision like the API's.
      await db.query(
        `insert into posts (id, numeric_id, author_id, content, pic_url, created_at, created_iso, updated_iso, like_count, dislike_count, comment_count)
       select 'gp-' || lpad(i::text, 7, '0'), (10000 + i)::text,
         case when i % 4 = 0 then ${member(`1 + (i / 4) % ${REGULAR_POSTERS}`)} else ${member('1 + floor($3::int * power(random(), 2))::int')} end,
         (array['Quick thought','Weekend update','Hot take','Small win','Note to self'])[1 + i % 5] || ': ' ||
         (array['refactored a big component','finally understood CSS grid','tried a new coffee place','wrote the tests first','found an old bug'])[1 + (i / 5) % 5] ||
         ' #' || i || ' #' || ${tagOf('i')}, '', ts, iso, iso,
         floor(16 * power(random(), 3))::int, (random() < 0.1)::int, floor(5 * power(random(), 4))::int
       from generate_series($1::int, $2::int) i,
         lateral (select date_trunc('milliseconds', case when i % 365 = 0 then now() - random() * interval '23 hours'
           else timestamptz '2026-11-20 06:30:00+00' - random() * interval '365 days' + i * interval '0 s' end) as ts) t,
         lateral (select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as iso) f`,
        [from + 1, to, MEMBERS],
      );
      const range = [`gp-${String(from + 1).padStart(7, '0')}`, `gp-${String(to).padStart(7, '0')}`];
      await db.query(
        `insert into post_tags (post_id, tag, created_at, author_id)
       select p.id, ${tagOf('substr(p.id, 4)')}, p.created_at, p.author_id from posts p where p.id between $1 and $2`,
        range,
      );
      // Post search's words (src/search-schema.ts): the generated text is ASCII, where the core's rule
      // (mock-api/src/core/search.ts) is lower case and runs of letters and digits, each word once
      // (a post's words are distinct: its number and tag are not words of the phrases). The triggers
      // are off while loading: the post's created_at (post_search_newest) is written here, and the
      // words' counts (search_words, which choose how a search reads) after.
      await db.query(
        `insert into post_search (post_id, words, created_at)
       select p.id, trim(lower(regexp_replace(p.content, '[^A-Za-z0-9]+', ' ', 'g'))), p.created_at from posts p where p.id between $1 and $2`,
        range,
      );
      await db.query(
        `insert into search_words (word, posts)
       select w.word, count(*)::int from post_search s, unnest(string_to_array(s.words, ' ')) as w (word)
       where s.post_id between $1 and $2 group by w.word
       on conflict (word) do update set posts = search_words.posts + excluded.posts`,
        range,
      );
      // Likers of post n: (n·7919 + k·4729) mod N, distinct for k < N; the first like_count like, the rest dislike.
      await db.query(
        `insert into post_reactions (post_id, member_id, kind)
       select p.id, ${member('1 + (substr(p.id, 4)::bigint * 7919 + k * 4729) % $3::int')}, case when k < p.like_count then 'like' else 'dislike' end
       from posts p, lateral generate_series(0, p.like_count + p.dislike_count - 1) k
       where p.id between $1 and $2`,
        [...range, MEMBERS],
      );
      await db.query(
        `insert into comments (id, post_id, author_id, content, created_iso, updated_iso)
       select p.id || '-c' || k, p.id, ${member('1 + (substr(p.id, 4)::bigint * 31 + k * 7907) % $3::int')},
         (array['Nice! 👏','Same here 😂','Tell me more!','Saving this 📌','Great point.'])[1 + k % 5], p.created_iso, p.created_iso
       from posts p, lateral generate_series(0, p.comment_count - 1) k
       where p.id between $1 and $2`,
        [...range, MEMBERS],
      );
      await db.query(
        `update members m set post_count = x.n from (select author_id, count(*)::int as n from posts group by author_id) x
       where x.author_id = m.id and m.post_count <> x.n`,
      );
      await generateNotifications(db, range);
    },
  );
  // The same step as the seed (src/seed.ts, syncNumericIds): the counter moves past every numeric id.
  await db.query(
    `select setval('numeric_ids', greatest(100000, (select coalesce(max(numeric_id::bigint), 0) + 1 from (
       select numeric_id from members where numeric_id ~ '^[0-9]{1,18}$' union all select numeric_id from posts where numeric_id ~ '^[0-9]{1,18}$') ids)), false)`,
  );
  const loaded = Date.now() - t0;
  const t1 = Date.now();
  await db.query('vacuum analyze');
  return { loadMs: loaded, vacuumAnalyzeMs: Date.now() - t1 };
}

/**
 * The notifications of posts in `range` (their authors'): per post, the group of its likes (its
 * likers as members, the newest last) and NOTIFICATIONS_PER_POST - 1 mentions by one member each,
 * all unread, in the list order of the post's time; then every author's stored unread count.
 */
async function generateNotifications(db, range) {
  if (NOTIFICATIONS_PER_POST <= 0) return;
  await db.query(
    `insert into notifications (recipient_id, group_key, kind, post_id, actor_count, updated_iso, seq)
     select p.author_id, case when k = 0 then 'like:' || p.id else 'mention:' || p.id || ':bench:' || k end,
       case when k = 0 then 'like' else 'mention' end, p.id,
       case when k = 0 then greatest(p.like_count, 1) else 1 end, p.created_iso,
       (extract(epoch from p.created_at) * 1000)::bigint * 8 + k
     from posts p, lateral generate_series(0, $3::int - 1) k
     where p.id between $1 and $2`,
    [...range, NOTIFICATIONS_PER_POST],
  );
  // A like group's members are the post's likers (one member when it has none); a mention's, one member.
  await db.query(
    `insert into notification_actors (notification_id, actor_id, at, seq)
     select n.id, ${member('1 + (substr(n.post_id, 4)::bigint * 7919 + k * 4729) % $3::int')}, p.created_at, n.seq - 8 + k
     from notifications n join posts p on p.id = n.post_id, lateral generate_series(0, n.actor_count - 1) k
     where n.post_id between $1 and $2 and n.kind = 'like'
     union all
     select n.id, ${member('1 + (substr(n.post_id, 4)::bigint * 31 + n.seq % 8 * 7907) % $3::int')}, p.created_at, n.seq
     from notifications n join posts p on p.id = n.post_id
     where n.post_id between $1 and $2 and n.kind = 'mention'
     on conflict do nothing`,
    [...range, MEMBERS],
  );
  await db.query(`select setval('notification_seq', (select max(seq) + 1 from notifications))`);
  await db.query(
    `insert into notification_state (member_id, unread)
     select recipient_id, count(*)::int from notifications group by recipient_id
     on conflict (member_id) do update set unread = excluded.unread`,
  );
}

/**
 * Posts each of the two like calls takes at most (benchSize): both take the same number (fewer at
 * small sizes, where fewer posts have no reaction), liked in the same order, so the two differ only
 * by the notification. For the like of a muting author's post, their authors mute the 64 bench members.
 */
const LIKE_POSTS = 2000;

/** Issue 39: bigGroup's likes through the API (the rest of the group is written in SQL). */
const BIG_GROUP_API_LIKES = 16;

/**
 * A post liked by every other member (MEMBERS - 1) gives its author one notification group, and
 * the author's notifications page does not grow with it (issue 39). The author is a member nobody
 * blocks or mutes and who blocks and mutes nobody; the post is written through the API. The first
 * bench member likes it through the API (a group of one), every member but the first
 * BIG_GROUP_API_LIKES in SQL (as the store writes likes and group members), then the other bench
 * members of the first BIG_GROUP_API_LIKES through the API, each moving the group to the top.
 * Answers the group as stored, the author's token, and the group's item in the author's first
 * page with one member and with all.
 */
async function bigGroup(db, base, tokens) {
  const author = (
    await db.query(
      `select i from generate_series(5001, $1::int) i where not exists (select 1 from blocks where ${member('i')} in (blocker_id, blocked_id))
         and not exists (select 1 from mutes where ${member('i')} in (muter_id, muted_id)) order by i limit 1`,
      [MEMBERS],
    )
  ).rows[0]?.i;
  if (author === undefined) throw new Error('no member outside every block and mute to write the liked post');
  const authorId = `gm-${String(author).padStart(6, '0')}`;
  const [authorToken] = await logInMembers(base, [author]);
  const call = async (method, pathname, token, body) => {
    const response = await fetch(`${base}${pathname}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
    return text;
  };
  const postId = JSON.parse(
    await call('POST', '/api/v2/posts', authorToken, { postData: { content: 'A post every member likes 🌍', pic: '' } }),
  ).post._id;
  /** The group's item on the author's first page, and that page's size. */
  const groupOnPage = async () => {
    const body = await call('GET', '/api/v2/notifications?limit=20', authorToken);
    const item = JSON.parse(body).notifications.find((n) => n.kind === 'like' && n.postId === postId);
    if (!item) throw new Error("the liked post's group is not on its author's first page");
    return { pageBytes: Buffer.byteLength(body), itemBytes: Buffer.byteLength(JSON.stringify(item)), item };
  };
  await call('POST', `/api/v2/posts/like/${postId}`, tokens[0], {});
  const alone = await groupOnPage();
  const t0 = Date.now();
  await db.query('begin');
  try {
    // Triggers off: the post's stored like count is set once below, as the generator does.
    await db.query('set local session_replication_role = replica');
    await db.query(
      `insert into post_reactions (post_id, member_id, kind)
       select $1, ${member('i')}, 'like' from generate_series(${BIG_GROUP_API_LIKES + 1}, $2::int) i where ${member('i')} <> $3`,
      [postId, MEMBERS, authorId],
    );
    await db.query(
      `update posts set like_count = (select count(*) from post_reactions where post_id = $1 and kind = 'like') where id = $1`,
      [postId],
    );
    await db.query(
      `with joined as (
         insert into notification_actors (notification_id, actor_id, at, seq)
         select n.id, r.member_id, now(), nextval('notification_seq') from notifications n
           join post_reactions r on r.post_id = n.post_id and r.kind = 'like'
         where n.recipient_id = $1 and n.group_key = 'like:' || $2
         on conflict do nothing returning notification_id)
       update notifications set actor_count = actor_count + (select count(*) from joined) where recipient_id = $1 and group_key = 'like:' || $2`,
      [authorId, postId],
    );
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
  const sqlMs = Date.now() - t0;
  for (const token of tokens.slice(1, BIG_GROUP_API_LIKES)) await call('POST', `/api/v2/posts/like/${postId}`, token, {});
  const stored = (
    await db.query(
      `select count(*)::int as groups, max(actor_count)::int as members from notifications where recipient_id = $1 and group_key = 'like:' || $2`,
      [authorId, postId],
    )
  ).rows[0];
  return { authorToken, sqlMs, stored, alone, all: await groupOnPage() };
}

async function startServer() {
  const child = spawn(process.execPath, [path.join(root, 'api-server', 'dist', 'server.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl(),
      API_DB_POOL_SIZE: String(POOL),
      API_AUTH_RATE_LIMIT: '100000',
      // One load generator on one address, one member: the read and write limits would answer 429.
      API_READ_RATE_LIMIT: '100000000',
      API_WRITE_RATE_LIMIT: '100000000',
      API_LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      API_TOKEN_SECRET: randomBytes(32).toString('hex'),
      // The generated network is built around the demo's members and posts.
      API_SEED: 'demo',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const found = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (found) resolve(found[1]);
    });
    child.on('exit', (code) => reject(new Error(`api-server exited with ${code}`)));
  });
  return { child, url };
}

/**
 * CPU time used so far, in ms, by the three parties of a call: api-server (its process), the
 * database (the postmaster, its live children and the children it has reaped) and the load
 * generator (this process: autocannon runs here). Read from /proc (Linux), so a figure per
 * request does not depend on what else the machine is doing, unlike req/s and latencies.
 */
const CLOCK_TICKS_PER_S = 100;
function procTimes(pid) {
  try {
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15, cutime 16, cstime 17.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14]) };
  } catch {
    return undefined; // gone in between
  }
}
function cpuNow(apiPid, postmasterPid) {
  const ms = (ticks) => (ticks * 1000) / CLOCK_TICKS_PER_S;
  let db = 0;
  const postmaster = procTimes(postmasterPid);
  if (postmaster) db += postmaster.own + postmaster.reaped;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const t = procTimes(entry);
    if (t && t.ppid === postmasterPid) db += t.own;
  }
  const api = procTimes(apiPid);
  const self = process.cpuUsage();
  return { api: ms(api ? api.own : 0), db: ms(db), client: (self.user + self.system) / 1000 };
}

/** One call's figures, measured in one turn. */
async function measure(base, name, request, cpu) {
  return figuresOf(name, [await measureTurn(base, request, cpu)]);
}

/** One turn of a call after a short warm-up: at most `duration` seconds and `max` requests. */
async function measureTurn(base, request, cpu, { max = DURATION_S * 20_000, duration = DURATION_S } = {}) {
  const run = (duration, limit) =>
    new Promise((resolve, reject) => {
      autocannon({ url: base, connections: CONNECTIONS, duration, maxOverallRequests: limit, requests: [request] }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
    });
  await run(Math.min(2, DURATION_S), max);
  const before = cpu();
  const result = await run(duration, max);
  const after = cpu();
  return {
    requests: result.requests.total,
    seconds: result.duration,
    cpu: { api: after.api - before.api, db: after.db - before.db, client: after.client - before.client },
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * A call's figures from its measured turns: requests over the time they took, CPU per request,
 * p50 weighted by each turn's requests, the highest p99.
 */
function figuresOf(name, turns) {
  const sum = (value) => turns.reduce((total, turn) => total + value(turn), 0);
  const requests = sum((t) => t.requests);
  const perRequest = (key) => Math.round((sum((t) => t.cpu[key]) / Math.max(1, requests)) * 100) / 100;
  const cpuMs = { api: perRequest('api'), db: perRequest('db'), client: perRequest('client') };
  return {
    name,
    turns,
    cpuMs,
    // What the machine's cores could carry if they did nothing but this call (client included).
    cpuCeilingRps: Math.round((require('os').cpus().length * 1000) / Math.max(0.01, cpuMs.api + cpuMs.db + cpuMs.client)),
    requests,
    rps: Math.round((requests / sum((t) => t.seconds)) * 10) / 10,
    p50: Math.round(sum((t) => t.p50 * t.requests) / Math.max(1, requests)),
    p99: Math.max(...turns.map((t) => t.p99)),
    non2xx: sum((t) => t.non2xx),
    errors: sum((t) => t.errors),
    timeouts: sum((t) => t.timeouts),
  };
}

/** The size of one answer's body, in bytes. */
async function answerBytes(base, method, pathname, token, body) {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: { authorization: token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status}`);
  return bytes;
}

function pgbench(url, args) {
  const u = new URL(url);
  const bin = fs.existsSync('/usr/lib/postgresql')
    ? fs
        .readdirSync('/usr/lib/postgresql')
        .map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`)
        .find((p) => fs.existsSync(p))
    : undefined;
  const result = spawnSync(bin ?? 'pgbench', ['-h', u.hostname, '-p', u.port, '-U', u.username, ...args, 'pgbench'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pgbench ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

function pgbenchTps(url) {
  const tps = (out) => Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ?? NaN);
  const common = ['-n', '-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION_S)];
  return {
    tpcbLike: Math.round(tps(pgbench(url, common))),
    selectOnly: Math.round(tps(pgbench(url, [...common, '-S']))),
  };
}

async function benchSize(db, base, tokens, safetyTokens, writerTokens, cpu, generatedPosts) {
  const token = (i) => tokens[i % tokens.length];
  const writerToken = (i) => writerTokens[i % writerTokens.length];
  const safetyToken = (i) => safetyTokens[i % safetyTokens.length];
  // Posts nobody has reacted to, for likes that are all new, by authors who block nobody (a blocker
  // refuses the members they block with 403, which would measure refusals) and are not bench members.
  // Their authors fall in two halves by a hash of their id: "like" likes LIKE_POSTS of the first
  // half's posts (each like notifies the author); the second half's authors mute the bench members
  // while "like, author muted the member" likes LIKE_POSTS of theirs: the same like of the same kind
  // and number of posts, which notifies nobody (the core's mayNotify). The difference is the
  // notification's cost (issue 39).
  const benchIds = tokens.map((_, m) => `gm-${String(m + 1).padStart(6, '0')}`);
  const freshRows = (
    await db.query(
      `select id, author_id, get_byte(decode(md5(author_id), 'hex'), 0) % 2 = 1 as muting from posts p
        where like_count = 0 and dislike_count = 0 and p.author_id <> all($1::text[])
        and not exists (select 1 from blocks b where b.blocker_id = p.author_id) order by md5(id) limit 20000`,
      [benchIds],
    )
  ).rows;
  const notifyingRows = freshRows.filter((r) => !r.muting);
  const mutingRows = freshRows.filter((r) => r.muting);
  const likePosts = Math.min(LIKE_POSTS, notifyingRows.length, mutingRows.length);
  if (likePosts < 500) throw new Error(`only ${likePosts} posts for each of the two like calls`);
  const fresh = notifyingRows.slice(0, likePosts).map((r) => r.id);
  const mutedRows = mutingRows.slice(0, likePosts);
  const muted = mutedRows.map((r) => r.id);
  const muters = [...new Set(mutedRows.map((r) => r.author_id))];
  // Members whose first page is full (20 posts), as many at every size: pages of 1 post on average
  // at 10,000 against pages of 20 at 1,000,000 would measure the page, not the growth.
  const authors = (await db.query(`select id from members where post_count >= 20 order by md5(id) limit ${REGULAR_POSTERS}`)).rows.map(
    (r) => r.id,
  );
  if (authors.length < REGULAR_POSTERS) throw new Error(`only ${authors.length} members have a full first page`);
  const anyPosts = (
    await db.query(
      `select id from posts p where not exists (select 1 from blocks b where b.blocker_id = p.author_id) order by md5(id) limit 2000`,
    )
  ).rows.map((r) => r.id);
  // The tags whose first page is full (all of them, every size).
  const tags = (await db.query(`select tag from post_tags group by tag having count(*) >= 20 order by tag`)).rows.map((r) => r.tag);
  if (tags.length < TAG_COUNT) throw new Error(`only ${tags.length} tags have a full first page`);
  let like = 0;
  const nextLike = () => {
    const n = like++;
    // Each member likes each post at most once; consecutive likes are on different posts (no queue on one row).
    const m = n % tokens.length;
    return { postId: fresh[(Math.floor(n / tokens.length) + m * 997) % fresh.length], token: token(m) };
  };
  let mutedLike = 0;
  const nextMutedLike = () => {
    const n = mutedLike++;
    const m = n % tokens.length;
    return { postId: muted[(Math.floor(n / tokens.length) + m * 997) % muted.length], token: token(m) };
  };
  // The bench's own writes are no statements of the product's: auto_explain leaves them out.
  await db.query('set auto_explain.log_min_duration = -1');
  const mutes = {
    add: () =>
      db.query(
        `insert into mutes (muter_id, muted_id, created_at, created_iso)
         select a, m, now(), to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from unnest($1::text[]) a, unnest($2::text[]) m
         on conflict do nothing`,
        [muters, benchIds],
      ),
    remove: () => db.query(`delete from mutes where muter_id = any($1::text[]) and muted_id = any($2::text[])`, [muters, benchIds]),
  };
  let n = 0;
  const rotate = (list) => list[n++ % list.length];
  // The mean answer of the first ten pages of a list of paths: one page would not show a page shorter than the rest.
  const meanBytes = async (paths) => {
    const sizes = await Promise.all(paths.slice(0, 10).map((p) => answerBytes(base, 'GET', p, token(1))));
    return Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length);
  };
  const json = { 'content-type': 'application/json' };
  /** A like call whose next member and post come from `next`; the two like calls are measured in turns. */
  const likeCall = (name, next, around) => ({
    name,
    around,
    inTurns: true,
    request: {
      method: 'POST',
      body: '{}',
      setupRequest: (r) => {
        const l = next();
        return { ...r, path: `/api/v2/posts/like/${l.postId}`, headers: { ...json, authorization: l.token } };
      },
    },
    bytes: () => {
      const l = next();
      return answerBytes(base, 'POST', `/api/v2/posts/like/${l.postId}`, l.token, {});
    },
  });
  // Post search (docs/api.md, "Search and tags"): a common word is in a fifth of all posts; a
  // post's number is a word of its own (rare: the numbers from the upper half match one post, and
  // the few posts whose number they start).
  const commonWords = ['thought', 'update', 'grid', 'coffee', 'component'];
  const rareWord = () => String(Math.ceil(generatedPosts / 2) + ((n++ * 7919) % Math.floor(generatedPosts / 2)));
  // "home page, 20 followed tags": the same 64 members as "home page", each following 20 tags while it runs.
  const followedTags = {
    add: () =>
      db.query(
        `insert into followed_tags (member_id, tag, followed_at, followed_iso)
         select m, 'topic' || t, now(), to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
         from unnest($1::text[]) m, generate_series(0, 19) t on conflict do nothing`,
        [benchIds],
      ),
    remove: () => db.query(`delete from followed_tags where member_id = any($1::text[])`, [benchIds]),
  };
  const calls = [
    likeCall('like: POST /api/v2/posts/like/{id}', nextLike),
    likeCall('like, author muted the member (no notification): POST /api/v2/posts/like/{id}', nextMutedLike, mutes),
    {
      name: 'post creation: POST /api/v2/posts',
      request: {
        method: 'POST',
        path: '/api/v2/posts',
        setupRequest: (r) => ({
          ...r,
          headers: { ...json, authorization: writerToken(n++) },
          body: JSON.stringify({ postData: { content: `Bench post ${n} 🚀`, pic: '' } }),
        }),
      },
      bytes: () => answerBytes(base, 'POST', '/api/v2/posts', writerToken(0), { postData: { content: 'Bench post 🚀', pic: '' } }),
    },
    {
      name: 'comment: POST /api/v2/posts/{id}/comments',
      request: {
        method: 'POST',
        setupRequest: (r) => ({
          ...r,
          path: `/api/v2/posts/${rotate(anyPosts)}/comments`,
          headers: { ...json, authorization: token(n) },
          body: JSON.stringify({ commentData: { content: `Bench comment ${n} 💬` } }),
        }),
      },
      bytes: () =>
        answerBytes(base, 'POST', `/api/v2/posts/${anyPosts[0]}/comments`, token(0), { commentData: { content: 'Bench comment 💬' } }),
    },
    {
      name: 'home page: GET /api/v2/feed/home?limit=20',
      request: {
        method: 'GET',
        path: '/api/v2/feed/home?limit=20',
        setupRequest: (r) => ({ ...r, headers: { authorization: token(n++) } }),
      },
      bytes: () => answerBytes(base, 'GET', '/api/v2/feed/home?limit=20', token(1)),
    },
    {
      name: 'home page, 20 followed tags: GET /api/v2/feed/home?limit=20',
      around: followedTags,
      request: {
        method: 'GET',
        path: '/api/v2/feed/home?limit=20',
        setupRequest: (r) => ({ ...r, headers: { authorization: token(n++) } }),
      },
      bytes: () => answerBytes(base, 'GET', '/api/v2/feed/home?limit=20', token(1)),
    },
    {
      name: 'search, common word: GET /api/v2/search/posts?q={word}&limit=20',
      request: {
        method: 'GET',
        setupRequest: (r) => ({
          ...r,
          path: `/api/v2/search/posts?q=${rotate(commonWords)}&limit=20`,
          headers: { authorization: token(n) },
        }),
      },
      bytes: () => meanBytes(commonWords.map((word) => `/api/v2/search/posts?q=${word}&limit=20`)),
    },
    {
      name: 'search, rare word: GET /api/v2/search/posts?q={word}&limit=20',
      request: {
        method: 'GET',
        setupRequest: (r) => ({ ...r, path: `/api/v2/search/posts?q=${rareWord()}&limit=20`, headers: { authorization: token(n) } }),
      },
      bytes: () => answerBytes(base, 'GET', `/api/v2/search/posts?q=${rareWord()}&limit=20`, token(1)),
    },
    {
      name: 'trending tags: GET /api/v2/trends/tags',
      request: {
        method: 'GET',
        path: '/api/v2/trends/tags',
        setupRequest: (r) => ({ ...r, headers: { authorization: token(n++) } }),
      },
      bytes: () => answerBytes(base, 'GET', '/api/v2/trends/tags', token(1)),
    },
    {
      name: 'home page, 1,000 blocks and mutes: GET /api/v2/feed/home?limit=20',
      request: {
        method: 'GET',
        path: '/api/v2/feed/home?limit=20',
        setupRequest: (r) => ({ ...r, headers: { authorization: safetyToken(n++) } }),
      },
      bytes: () => answerBytes(base, 'GET', '/api/v2/feed/home?limit=20', safetyToken(1)),
    },
    {
      name: 'explore Latest: GET /api/v2/feed/explore?sort=latest&limit=20',
      request: {
        method: 'GET',
        path: '/api/v2/feed/explore?sort=latest&limit=20',
        setupRequest: (r) => ({ ...r, headers: { authorization: token(n++) } }),
      },
      bytes: () => answerBytes(base, 'GET', '/api/v2/feed/explore?sort=latest&limit=20', token(1)),
    },
    {
      name: 'explore Latest, 1,000 blocks and mutes: GET /api/v2/feed/explore?sort=latest&limit=20',
      request: {
        method: 'GET',
        path: '/api/v2/feed/explore?sort=latest&limit=20',
        setupRequest: (r) => ({ ...r, headers: { authorization: safetyToken(n++) } }),
      },
      bytes: () => answerBytes(base, 'GET', '/api/v2/feed/explore?sort=latest&limit=20', safetyToken(1)),
    },
    {
      name: 'explore Trending: GET /api/v2/feed/explore?sort=trending&limit=20',
      request: {
        method: 'GET',
        path: '/api/v2/feed/explore?sort=trending&limit=20',
        setupRequest: (r) => ({ ...r, headers: { authorization: token(n++) } }),
      },
      bytes: () => answerBytes(base, 'GET', '/api/v2/feed/explore?sort=trending&limit=20', token(1)),
    },
    {
      name: "member's posts: GET /api/v2/members/{id}/posts?limit=20",
      request: {
        method: 'GET',
        setupRequest: (r) => ({ ...r, path: `/api/v2/members/${rotate(authors)}/posts?limit=20`, headers: { authorization: token(n) } }),
      },
      bytes: () => meanBytes(authors.map((author) => `/api/v2/members/${author}/posts?limit=20`)),
    },
    {
      name: "tag's page: GET /api/v2/tags/{tag}/posts?limit=20",
      request: {
        method: 'GET',
        setupRequest: (r) => ({ ...r, path: `/api/v2/tags/${rotate(tags)}/posts?limit=20`, headers: { authorization: token(n) } }),
      },
      bytes: () => meanBytes(tags.map((tag) => `/api/v2/tags/${tag}/posts?limit=20`)),
    },
    {
      name: 'notifications page: GET /api/v2/notifications?limit=20',
      request: {
        method: 'GET',
        path: '/api/v2/notifications?limit=20',
        setupRequest: (r) => ({ ...r, headers: { authorization: token(n++) } }),
      },
      bytes: () => answerBytes(base, 'GET', '/api/v2/notifications?limit=20', token(1)),
    },
    {
      name: 'unread count: GET /api/v2/notifications/unread-count',
      request: {
        method: 'GET',
        path: '/api/v2/notifications/unread-count',
        setupRequest: (r) => ({ ...r, headers: { authorization: token(n++) } }),
      },
      bytes: () => answerBytes(base, 'GET', '/api/v2/notifications/unread-count', token(1)),
    },
  ];
  const results = [];
  const logFile = process.env.POSTGRES_LOG;
  const logStart = logFile && fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
  const selected = calls.filter((c) => !ONLY || ONLY.some((word) => c.name.startsWith(word)));
  // The like with its notification and the like without it take turns, A B B A, each turn half
  // the duration, after one unmeasured turn of each (A B): both start with their posts, members
  // and notifications read in, and what the machine does between turns (autovacuum after the
  // other's writes, the checkpoints) falls on both alike.
  const paired = selected.filter((c) => c.inTurns);
  const half = Math.max(1, DURATION_S / 2);
  const warmUp = Math.min(5, DURATION_S);
  const schedule =
    paired.length === 2
      ? [
          ...paired.map((call) => ({ call, duration: warmUp, measured: false })),
          ...[paired[0], paired[1], paired[1], paired[0]].map((call) => ({ call, duration: half, measured: true })),
          ...selected.filter((c) => !c.inTurns).map((call) => ({ call, duration: DURATION_S, measured: true })),
        ]
      : selected.map((call) => ({ call, duration: DURATION_S, measured: true }));
  const turnsOf = new Map();
  const bytesOf = new Map();
  /** Issue 51: the age of the oldest notice waiting in the outbox, sampled while the notifying like runs. */
  const lagSamples = [];
  // Issue 51: a like's notification on its recipient's live stream, beside the notifying like's measured turns (./delivery.js).
  const delivery = paired[0]?.name.startsWith('like: ') ? await prepareDelivery(db, base, tokens, { member, logInMembers }) : undefined;
  const deliveryTurns = [];
  for (const { call, duration, measured } of schedule) {
    // Mutes a call needs are there while it runs only: the network is the generator's for the others.
    await call.around?.add();
    // Each turn starts after a checkpoint: none pays for the page writes (and full-page images in
    // the write-ahead log) of the calls before it.
    await db.query('checkpoint');
    try {
      if (!bytesOf.has(call)) bytesOf.set(call, await call.bytes());
      const lag = measured && call === paired[0] ? outboxLag(db) : undefined;
      const probe = measured && call === paired[0] ? delivery?.start(duration) : undefined;
      const turn = await measureTurn(base, call.request, cpu, { duration }).finally(() => lag?.stop());
      if (probe) deliveryTurns.push(await probe);
      if (measured) turnsOf.set(call, [...(turnsOf.get(call) ?? []), turn]);
      if (lag) lagSamples.push(...(await lag.samples));
    } finally {
      await call.around?.remove();
    }
  }
  for (const call of selected) {
    const figures = figuresOf(call.name, turnsOf.get(call));
    const bytes = bytesOf.get(call);
    const outbox = call === paired[0] && lagSamples.length > 0 ? lagFigures(lagSamples) : undefined;
    if (outbox)
      console.log(`  ${call.name}: oldest notice in the outbox, p99 ${outbox.p99} ms, max ${outbox.max} ms (${outbox.samples} samples)`);
    results.push({ ...figures, answerBytes: bytes, ...(outbox ? { outboxLagMs: outbox } : {}) });
    const { api, db: dbMs, client } = figures.cpuMs;
    console.log(
      `  ${call.name}: ${figures.rps} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${bytes} B${figures.non2xx ? `, ${figures.non2xx} non-2xx` : ''}; CPU per request: api ${api} ms, database ${dbMs} ms, load generator ${client} ms (ceiling ${figures.cpuCeilingRps} req/s)`,
    );
  }
  const slowPlans = logFile ? slowPlansSince(logFile, logStart) : [];
  if (slowPlans.length)
    console.log(`  ${slowPlans.length} statements slower than the auto_explain threshold while measuring; slowest:\n${slowPlans[0]}`);
  const pgbenchFigures = pgbenchTps(databaseUrl());
  console.log(`  pgbench: ${pgbenchFigures.tpcbLike} TPS (TPC-B-like), ${pgbenchFigures.selectOnly} TPS (select-only)`);
  const delivered = delivery ? deliveryFigures(deliveryTurns) : undefined;
  if (delivered)
    console.log(
      `  like → notification on the live stream: p50 ${delivered.p50} ms, p99 ${delivered.p99} ms, max ${delivered.max} ms (${delivered.samples} samples, ${delivered.missed} missed)`,
    );
  return {
    results,
    ...(delivered ? { delivery: delivered } : {}),
    pgbench: pgbenchFigures,
    slowStatements: slowPlans.length,
    slowestPlans: slowPlans.slice(0, 3),
  };
}

/**
 * Issue 51: every 50 ms until stopped (one turn: bounded by its duration), how long the oldest
 * notice has waited in notification_outbox (0 when it is empty): an upper bound of the time a
 * like's notification takes to reach the list, the unread count and the change log the live
 * channel reads. Nothing (no samples) on a schema without the outbox.
 */
function outboxLag(db) {
  let stopped = false;
  const samples = (async () => {
    const found = [];
    const has = (await db.query(`select to_regclass('notification_outbox') is not null as has`)).rows[0].has;
    while (has && !stopped) {
      const { rows } = await db.query(
        `select coalesce(extract(epoch from clock_timestamp() - min(at::timestamptz)) * 1000, 0)::float8 as ms from notification_outbox`,
      );
      found.push(Math.max(0, rows[0].ms));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return found;
  })();
  return { samples, stop: () => (stopped = true) };
}

function lagFigures(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
  return { p50: at(0.5), p99: at(0.99), max: Math.round(sorted[sorted.length - 1]), samples: sorted.length };
}

/** auto_explain's entries in the server log after `offset`, slowest first. */
function slowPlansSince(logFile, offset) {
  const text = fs.readFileSync(logFile, 'utf8').slice(offset);
  const entries = text.split(/\n(?=\S)/).filter((e) => e.includes('duration:') && e.includes('plan:'));
  const ms = (e) => Number(/duration: ([\d.]+) ms/.exec(e)?.[1] ?? 0);
  return entries.sort((a, b) => ms(b) - ms(a)).map((e) => e.slice(0, 4000));
}

const GOALS = [
  { call: 'like', text: 'like at 1M posts ≥ 1,000 req/s, p99 ≤ 50 ms', check: (r) => r.rps >= 1000 && r.p99 <= 50 },
  { call: 'home page', text: 'home page of 20 at 1M posts ≥ 500 req/s, p99 ≤ 100 ms', check: (r) => r.rps >= 500 && r.p99 <= 100 },
  {
    call: "tag's page",
    text: "a tag's page of 20 at 1M posts like the home page: ≥ 500 req/s, p99 ≤ 100 ms",
    check: (r) => r.rps >= 500 && r.p99 <= 100,
  },
  { call: 'like', text: "a like's answer ≤ 2 KB", check: (r) => r.answerBytes <= 2048 },
  {
    call: 'notifications page',
    text: 'notifications page of 20 ≥ 500 req/s, p99 ≤ 100 ms',
    check: (r) => r.rps >= 500 && r.p99 <= 100,
  },
  { call: 'unread count', text: 'unread count ≥ 1,000 req/s', check: (r) => r.rps >= 1000 },
  {
    call: 'search, common word',
    text: 'search for a common word, page of 20 at 1M posts ≥ 300 req/s, p99 ≤ 100 ms',
    check: (r) => r.rps >= 300 && r.p99 <= 100,
  },
  {
    call: 'search, rare word',
    text: 'search for a rare word, page of 20 at 1M posts ≥ 300 req/s, p99 ≤ 100 ms',
    check: (r) => r.rps >= 300 && r.p99 <= 100,
  },
  { call: 'trending tags', text: 'trending tags ≥ 1,000 req/s', check: (r) => r.rps >= 1000 },
];

const BIG_GROUP_CALL = 'notifications page, a like group of every other member: GET /api/v2/notifications?limit=20';

/** Issue 39's goal: one group, whose item and page do not grow with its members (bigGroup). */
const bigGroupMet = (g) =>
  g.stored.groups === 1 &&
  g.stored.members === MEMBERS - 1 &&
  g.all.item.actorCount === MEMBERS - 1 &&
  g.all.itemBytes <= 1.1 * g.alone.itemBytes &&
  g.rps >= 500 &&
  g.p99 <= 100;

/** Safety's goal (docs/safety.md): a page for a member with 1,000 blocks and mutes within 1.3× of the same page for a member with none. */
const SAFETY_PAIRS = [
  ['home page: ', 'home page, 1,000 blocks and mutes'],
  ['explore Latest: ', 'explore Latest, 1,000 blocks and mutes'],
];

function markdown(report) {
  const lines = [
    `# api-server bench (\`npm run bench:server\`), ${report.date}`,
    '',
    `PostgreSQL ${report.postgres} (throwaway, loopback), api-server pool ${report.pool}, autocannon ${report.connections} connections, ${report.durationSeconds} s per call after a 2 s warm-up (the two like calls: an unmeasured turn each, then turns of half that, A B B A), ${report.members.toLocaleString('en')} members. Machine: ${report.machine}.`,
    '',
    'CPU ms per request: read from /proc for api-server, the database server and the load generator (autocannon), so they hold whatever else the machine is doing; the ceiling is what the cores could carry doing only that call.',
    '',
    '| posts | call | req/s | p50 ms | p99 ms | answer bytes | non-2xx | CPU ms/req: api · db · load gen | CPU ceiling req/s |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
  ];
  for (const run of report.runs) {
    for (const r of run.results)
      lines.push(
        `| ${run.posts.toLocaleString('en')} | ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.answerBytes} | ${r.non2xx} | ${r.cpuMs ? `${r.cpuMs.api} · ${r.cpuMs.db} · ${r.cpuMs.client}` : '–'} | ${r.cpuCeilingRps ?? '–'} |`,
      );
    lines.push(...deliveryRow(run.posts, run.delivery));
  }
  lines.push(
    '',
    `| posts | pgbench TPC-B-like TPS | pgbench select-only TPS | statements over ${report.slowMs} ms while measuring | load (generate) s | vacuum analyze s |`,
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const run of report.runs) {
    lines.push(
      `| ${run.posts.toLocaleString('en')} | ${run.pgbench.tpcbLike} | ${run.pgbench.selectOnly} | ${run.slowStatements} | ${(run.generate.loadMs / 1000).toFixed(1)} | ${(run.generate.vacuumAnalyzeMs / 1000).toFixed(1)} |`,
    );
  }
  const first = report.runs[0];
  const last = report.runs[report.runs.length - 1];
  if (first && last && first !== last) {
    lines.push(
      '',
      `Growth, ${last.posts.toLocaleString('en')} against ${first.posts.toLocaleString('en')} posts (goal: within 1.3×; req/s as first ÷ last, latencies as last ÷ first):`,
      '',
      '| call | req/s | p50 | p99 |',
      '| --- | ---: | ---: | ---: |',
    );
    for (const r of last.results) {
      const base = first.results.find((x) => x.name === r.name);
      if (!base) continue;
      const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
      lines.push(`| ${r.name} | ${ratio(base.rps, r.rps)}× | ${ratio(r.p50, base.p50)}× | ${ratio(r.p99, base.p99)}× |`);
    }
  }
  for (const run of report.runs)
    for (const r of run.results)
      if (r.outboxLagMs)
        lines.push(
          '',
          `Notifications of "${r.name.split(':')[0]}" at ${run.posts.toLocaleString('en')} posts: the oldest notice waiting in the outbox, sampled every 50 ms while it ran (an upper bound of the time to the list, the unread count and the live channel), p50 ${r.outboxLagMs.p50} ms, p99 ${r.outboxLagMs.p99} ms, max ${r.outboxLagMs.max} ms (${r.outboxLagMs.samples} samples; goal p99 ≤ 1,000 ms).`,
        );
  for (const run of report.runs) {
    const pairs = SAFETY_PAIRS.map(([plain, safety]) => [
      run.results.find((r) => r.name.startsWith(plain)),
      run.results.find((r) => r.name.startsWith(safety)),
    ]);
    if (!pairs.some(([a, b]) => a && b)) continue;
    lines.push('', `Safety at ${run.posts.toLocaleString('en')} posts: 1,000 blocks and mutes against none (goal: within 1.3×):`, '');
    for (const [plain, safety] of pairs)
      if (plain && safety)
        lines.push(
          `- ${plain.name.split(':')[0]}: ${(plain.rps / safety.rps).toFixed(2)}× req/s, p50 ${(safety.p50 / plain.p50).toFixed(2)}×, p99 ${(safety.p99 / plain.p99).toFixed(2)}× (${safety.rps} against ${plain.rps} req/s)`,
        );
  }
  const largest = last?.results ?? [];
  lines.push('', `Goals at ${last ? last.posts.toLocaleString('en') : '?'} posts:`, '');
  // Issue 39: a like that notifies the post's author against the same like of a post whose author muted the member.
  const notifying = largest.find((r) => r.name.startsWith('like: '));
  const silent = largest.find((r) => r.name.startsWith('like, author muted'));
  if (notifying && silent)
    lines.push(
      `- a like with its notification within 10 % of the same like without it (author muted the member): ${notifying.rps >= 0.9 * silent.rps ? 'met' : 'NOT met'} (${notifying.rps} against ${silent.rps} req/s, ${(notifying.rps / silent.rps).toFixed(2)}×; p99 ${notifying.p99} against ${silent.p99} ms)`,
    );
  // Issue 55: home with 20 followed tags against the same members' home without them.
  const home = largest.find((r) => r.name.startsWith('home page: '));
  const withTags = largest.find((r) => r.name.startsWith('home page, 20 followed tags'));
  if (home && withTags)
    lines.push(
      `- home with 20 followed tags ≥ 0.9× home without them: ${withTags.rps >= 0.9 * home.rps ? 'met' : 'NOT met'} (${withTags.rps} against ${home.rps} req/s, ${(withTags.rps / home.rps).toFixed(2)}×; p99 ${withTags.p99} against ${home.p99} ms)`,
    );
  for (const goal of GOALS) {
    const r = largest.find((x) => x.name.startsWith(goal.call));
    lines.push(
      `- ${goal.text}: ${r ? `${goal.check(r) ? 'met' : 'NOT met'} (${r.rps} req/s, p99 ${r.p99} ms, ${r.answerBytes} B)` : 'not measured'}`,
    );
  }
  const g = report.bigGroup;
  if (g)
    lines.push(
      `- a post liked by every other member (${(MEMBERS - 1).toLocaleString('en')}) gives one group, and its page answer does not grow with them (the page of 20 as fast as the notifications page's goal): ${bigGroupMet(g) ? 'met' : 'NOT met'} (${g.stored.groups} group of ${g.stored.members.toLocaleString('en')} members, actorCount ${g.all.item.actorCount}; its item ${g.all.itemBytes} B against ${g.alone.itemBytes} B with one member; page ${g.all.pageBytes} B; ${g.rps} req/s, p99 ${g.p99} ms, at ${g.posts.toLocaleString('en')} posts)`,
    );
  if (report.reposts) lines.push(...repostLines(report.reposts, report.reposts.posts));
  return `${lines.join('\n')}\n`;
}

/** Tokens of generated members from…to, each signed in through v2. */
async function logIn(base, from, to) {
  const numbers = [];
  for (let i = from; i <= to; i += 1) numbers.push(i);
  return logInMembers(base, numbers);
}

/** Tokens of generated members by number. */
async function logInMembers(base, numbers) {
  const tokens = [];
  for (const i of numbers) {
    const response = await fetch(`${base}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `member${i}@bench.example`, password: PASSWORD }),
    });
    if (!response.ok) throw new Error(`login member${i}: ${response.status} ${await response.text()}`);
    tokens.push((await response.json()).encodedToken);
  }
  return tokens;
}

/** A client of the bench's own PostgreSQL server, and that server's version for the report. */
async function connectBenchDb() {
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  const postgres = (await db.query('show server_version')).rows[0].server_version;
  return { db, postgres };
}

async function main() {
  if (!SIZES.every((n) => Number.isInteger(n) && n > 0 && n <= 5_000_000))
    throw new Error(`BENCH_SIZES must be whole numbers up to 5,000,000: ${SIZES}`);
  buildApiServer();
  const { db, postgres } = await connectBenchDb();
  const report = {
    date: new Date().toISOString(),
    postgres,
    pool: POOL,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    members: MEMBERS,
    slowMs: Number(process.env.BENCH_SLOW_MS ?? 250),
    machine: machineLine('at start'),
    runs: [],
  };
  // The server migrates and seeds the empty database; the network is generated around the seed.
  const server = await startServer();
  const dataDirectory = (await db.query('show data_directory')).rows[0].data_directory;
  const postmasterPid = Number(fs.readFileSync(path.join(dataDirectory, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const cpu = () => cpuNow(server.child.pid, postmasterPid);
  try {
    console.log(`api-server on ${server.url}, PostgreSQL ${postgres} (${databaseUrl()})`);
    console.log(`generating ${MEMBERS} members and their follows…`);
    const membersMs = await generateMembers(db);
    console.log(`  ${(membersMs / 1000).toFixed(1)} s`);
    await db.query('create database pgbench');
    pgbench(databaseUrl(), ['-i', '-q', '-s', '10']);
    // The bench members: the first 64 generated ones (with follows), each signed in through v2.
    const tokens = await logIn(server.url, 1, BENCH_MEMBERS);
    await generateSafety(db);
    const safetyTokens = await logIn(server.url, BENCH_MEMBERS + 1, BENCH_MEMBERS + SAFETY_MEMBERS);
    // Post creation's writers: members no safety member blocks or mutes. The bench members are
    // blocked by every safety member, and the thousands of posts a run writes would otherwise sit
    // hidden on top of the safety members' explore, where the generated network hides a quarter.
    const writers = await db.query(
      `select i from generate_series(1001, 5000) i where not exists (select 1 from blocks where blocked_id = ${member('i')})
         and not exists (select 1 from mutes where muted_id = ${member('i')}) order by i limit $1`,
      [BENCH_MEMBERS],
    );
    if (writers.rows.length < BENCH_MEMBERS) throw new Error(`only ${writers.rows.length} writers nobody hides`);
    const writerTokens = await logInMembers(
      server.url,
      writers.rows.map((row) => row.i),
    );
    let generated = 0;
    for (const size of SIZES) {
      console.log(`\ngenerating posts ${generated + 1}…${size}…`);
      const generate = await generatePosts(db, generated, size);
      generated = size;
      const counts = (
        await db.query(`select (select count(*) from posts)::int as posts, (select count(*) from post_reactions)::int as reactions,
        (select count(*) from comments)::int as comments, (select count(*) from follows)::int as follows,
        (select count(*) from notifications)::int as notifications, (select count(*) from notification_actors)::int as notification_members`)
      ).rows[0];
      console.log(
        `  ${(generate.loadMs / 1000).toFixed(1)} s (+ ${(generate.vacuumAnalyzeMs / 1000).toFixed(1)} s vacuum analyze): ${JSON.stringify(counts)}`,
      );
      const measured = await benchSize(db, server.url, tokens, safetyTokens, writerTokens, cpu, size);
      report.runs.push({ posts: size, rows: counts, generate, ...measured });
    }
    if (!ONLY || ONLY.some((word) => BIG_GROUP_CALL.startsWith(word))) {
      console.log(
        `\na post liked by every other member (${(MEMBERS - 1).toLocaleString('en')}), at ${generated.toLocaleString('en')} posts…`,
      );
      const { authorToken, ...group } = await bigGroup(db, server.url, tokens);
      const request = { method: 'GET', path: '/api/v2/notifications?limit=20', headers: { authorization: authorToken } };
      const figures = await measure(server.url, BIG_GROUP_CALL, request, cpu);
      report.bigGroup = { posts: generated, ...group, ...figures };
      console.log(
        `  ${group.stored.groups} group of ${group.stored.members} members (${group.sqlMs} ms in SQL); its item ${group.alone.itemBytes} B with one member, ${group.all.itemBytes} B with all; page ${group.all.pageBytes} B; ${figures.rps} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms`,
      );
    }
    if (!ONLY || ONLY.some((word) => REPOST_CALL.startsWith(word))) {
      console.log(`\nreposts, at ${generated.toLocaleString('en')} posts…`);
      report.reposts = {
        posts: generated,
        ...(await repostScenario(db, server.url, tokens, cpu, generated, {
          bulkLoad,
          member,
          logInMembers,
          measureTurn,
          figuresOf,
          answerBytes,
          DURATION_S,
          BENCH_MEMBERS,
          MEMBERS,
        })),
      };
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.on('exit', resolve));
    await db.end();
  }
  const out = process.env.BENCH_REPORT ?? path.join(__dirname, 'latest-postgres');
  fs.writeFileSync(`${out}.json`, `${JSON.stringify(report, null, 2)}\n`);
  const md = markdown(report);
  fs.writeFileSync(`${out}.md`, md);
  console.log(`\n${md}`);
}

/** api-server's production build (dist/server.js), as the benches run it; exits on failure. */
function buildApiServer() {
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'api-server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * Runs `main` on a throwaway PostgreSQL server: the script re-runs itself (`file`, with its
 * arguments) under tools/postgres.js, which sets DATABASE_URL, and `main` runs in that re-run.
 */
function ownPostgres(file, main) {
  if (process.env.ORBIT_BENCH_OWN_POSTGRES === '1') {
    main().catch((error) => {
      console.error(error);
      process.exit(1);
    });
    return;
  }
  // The bench truncates nothing but fills a database: it only ever runs on a server it started itself.
  const child = spawn(process.execPath, [path.join(root, 'tools', 'postgres.js'), '--', process.execPath, file, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ORBIT_BENCH_OWN_POSTGRES: '1', POSTGRES_OPTIONS },
  });
  child.on('exit', (code) => process.exit(code ?? 1));
}

module.exports = {
  MEMBERS,
  PASSWORD,
  buildApiServer,
  connectBenchDb,
  generateMembers,
  generatePosts,
  generateSafety,
  ownPostgres,
  startServer,
};

if (require.main === module) ownPostgres(__filename, main);
