/**
 * The reposts scenario of `npm run bench:server` (issue 54), after the largest size:
 * - Generates BENCH_REPOSTS reposts in SQL (default 2 per post: 2,000,000 at 1,000,000 posts),
 *   triggers off, then sets the stored repost counts. Every member may repost but the members
 *   the comparison group follows (below), each post at most once per member, at a time between
 *   the post's and the generator's "now".
 * - Home with reposts against home without, in one run and in turns A B B A: the home pages of
 *   the first half of the bench members (the members they follow reposted about 20 posts each
 *   at 1,000,000 posts) against those of the second half, whose circles repost nothing (the
 *   same generator gives both their posts and follows), so both read the same kind of page
 *   through the same query, reposts or not.
 * - A repost against a like, in turns A B B A: each member's first repost or like of posts nobody
 *   reacted to or reposted (both notify the post's author), up to WRITE_POSTS posts each.
 * - A post reposted by 3 members the viewer follows is on their home page once.
 */

/** Reposts the scenario generates: BENCH_REPOSTS, else twice the posts. */
const repostCount = (posts) => Number(process.env.BENCH_REPOSTS ?? posts * 2);
/** Posts each of the repost and like calls takes at most. */
const WRITE_POSTS = 2000;

/**
 * Generates about `wanted` reposts in SQL (triggers off), then the stored repost counts, and
 * vacuums: repost j is by member (j·7919) mod N (never one of `silent`, nor the post's author),
 * of post (j·104729) mod posts (never one of `fresh`); a pair drawn twice is one repost. The
 * denormalised columns (created_iso, post_author_id) are filled as the trigger would. Returns
 * the load's ms.
 */
async function generateReposts(db, wanted, posts, { bulkLoad, member, MEMBERS, silent, fresh }) {
  const t0 = Date.now();
  await bulkLoad(db, ['post_reposts'], async () => {
    await db.query(
      `insert into post_reposts (post_id, member_id, created_at, created_iso, post_author_id)
       select p.id, m.id, ts, to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), p.author_id
       from generate_series(1, $1::bigint) j
       join posts p on p.id = 'gp-' || lpad((1 + (j * 104729) % $2::bigint)::text, 7, '0')
       join members m on m.id = ${member('1 + (j * 7919 + j / $3::bigint) % $3::bigint')}
       cross join lateral (select date_trunc('milliseconds', p.created_at + random() * (timestamptz '2026-11-20 06:30:00+00' - p.created_at) + j * interval '0 s') as ts) t
       where m.id <> all($4::text[]) and m.id <> p.author_id and p.id <> all($5::text[])
       on conflict do nothing`,
      [wanted, posts, MEMBERS, silent, fresh],
    );
    await db.query(
      `update posts p set repost_count = x.n from (select post_id, count(*)::int as n from post_reposts group by post_id) x
       where x.post_id = p.id and p.repost_count <> x.n`,
    );
  });
  const loadMs = Date.now() - t0;
  await db.query('vacuum analyze post_reposts');
  await db.query('vacuum analyze posts');
  return loadMs;
}

/**
 * `helpers`: run.js's bulkLoad, member, logInMembers, measureTurn, figuresOf, answerBytes,
 * DURATION_S and MEMBERS.
 */
async function repostScenario(db, base, tokens, cpu, posts, helpers) {
  const { bulkLoad, member, logInMembers, measureTurn, figuresOf, answerBytes, DURATION_S, MEMBERS } = helpers;
  // Two halves of the bench members (regular posters alike): the second half's circles repost nothing.
  const benchIds = tokens.map((_, m) => `gm-${String(m + 1).padStart(6, '0')}`);
  const halfway = Math.floor(tokens.length / 2);
  const loudTokens = tokens.slice(0, halfway);
  const quietTokens = tokens.slice(halfway);
  const quietIds = benchIds.slice(halfway);
  // The members the comparison group follows (or is followed by): they repost nothing.
  const silent = (
    await db.query(
      `select followee_id as id from follows where follower_id = any($1::text[])
       union select follower_id from follows where followee_id = any($1::text[])
       union select unnest($1::text[])`,
      [quietIds],
    )
  ).rows.map((r) => r.id);
  // Posts for the two writes, chosen before the reposts are generated (which leave them out): no reaction, authors who block nobody and are not bench members.
  const fresh = (
    await db.query(
      `select p.id from posts p where like_count = 0 and dislike_count = 0 and p.author_id <> all($1::text[])
         and not exists (select 1 from blocks b where b.blocker_id = p.author_id) order by md5(p.id) limit ${WRITE_POSTS * 2 + 1}`,
      [benchIds],
    )
  ).rows.map((r) => r.id);
  if (fresh.length < 401) throw new Error(`only ${fresh.length} fresh posts for the repost and like calls`);
  const writePosts = Math.min(WRITE_POSTS, Math.floor((fresh.length - 1) / 2));
  const loadMs = await generateReposts(db, repostCount(posts), posts, { bulkLoad, member, MEMBERS, silent, fresh });
  const stored = (await db.query(`select count(*)::int as reposts from post_reposts`)).rows[0].reposts;
  const benchSeen = (
    await db.query(`select count(*)::int as n from post_reposts r join follows f on f.followee_id = r.member_id where f.follower_id = $1`, [
      benchIds[0],
    ])
  ).rows[0].n;
  console.log(
    `  ${stored.toLocaleString('en')} reposts in ${(loadMs / 1000).toFixed(1)} s; member 1's follows reposted ${benchSeen} posts; ${silent.length} members repost nothing`,
  );

  const [checked, ...rest] = fresh;
  const likePosts = rest.slice(0, writePosts);
  const repostPosts = rest.slice(writePosts, writePosts * 2);
  const cursor = (list) => {
    let n = 0;
    return () => {
      const i = n++;
      const m = i % tokens.length;
      // Each member writes each post at most once; consecutive writes are on different posts.
      return { postId: list[(Math.floor(i / tokens.length) + m * 997) % list.length], token: tokens[m] };
    };
  };
  const nextLike = cursor(likePosts);
  const nextRepost = cursor(repostPosts);
  const json = { 'content-type': 'application/json' };
  const write = (name, route, next) => ({
    name,
    request: {
      method: 'POST',
      body: '{}',
      setupRequest: (r) => {
        const w = next();
        return { ...r, path: `/api/v2/posts/${route}/${w.postId}`, headers: { ...json, authorization: w.token } };
      },
    },
    bytes: () => {
      const w = next();
      return answerBytes(base, 'POST', `/api/v2/posts/${route}/${w.postId}`, w.token, {});
    },
  });
  let n = 0;
  const home = (name, list) => ({
    name,
    request: {
      method: 'GET',
      path: '/api/v2/feed/home?limit=20',
      setupRequest: (r) => ({ ...r, headers: { authorization: list[n++ % list.length] } }),
    },
    bytes: () => answerBytes(base, 'GET', '/api/v2/feed/home?limit=20', list[1]),
  });
  const pairs = [
    [
      home('home page with reposts: GET /api/v2/feed/home?limit=20', loudTokens),
      home('home page, follows without reposts: GET /api/v2/feed/home?limit=20', quietTokens),
    ],
    [
      write('repost: POST /api/v2/posts/repost/{id}', 'repost', nextRepost),
      write('like (beside the repost): POST /api/v2/posts/like/{id}', 'like', nextLike),
    ],
  ];
  await db.query('set auto_explain.log_min_duration = -1');
  const results = [];
  const half = Math.max(1, DURATION_S / 2);
  const warmUp = Math.min(5, DURATION_S);
  for (const [a, b] of pairs) {
    const turns = new Map([
      [a, []],
      [b, []],
    ]);
    const bytes = new Map([
      [a, await a.bytes()],
      [b, await b.bytes()],
    ]);
    for (const call of [a, b]) await measureTurn(base, call.request, cpu, { duration: warmUp });
    for (const call of [a, b, b, a]) {
      await db.query('checkpoint');
      turns.get(call).push(await measureTurn(base, call.request, cpu, { duration: half }));
    }
    for (const call of [a, b]) {
      const figures = { ...figuresOf(call.name, turns.get(call)), answerBytes: bytes.get(call) };
      results.push(figures);
      console.log(`  ${call.name}: ${figures.rps} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${figures.answerBytes} B`);
    }
  }

  // A post reposted by 3 members a bench member follows: once on their home page (and on no later page).
  const viewerAt = await (async () => {
    for (let m = 0; m < halfway; m += 1) {
      const follows = (await db.query(`select count(*)::int as n from follows where follower_id = $1`, [benchIds[m]])).rows[0].n;
      if (follows >= 3) return m;
    }
    throw new Error('no bench member follows 3 members');
  })();
  const viewerId = benchIds[viewerAt];
  const followed = (
    await db.query(`select followee_id from follows where follower_id = $1 order by followee_id limit 3`, [viewerId])
  ).rows.map((r) => r.followee_id);
  const numbers = followed.map((id) => Number(id.slice(3)));
  const reposterTokens = await logInMembers(base, numbers);
  for (const token of reposterTokens) {
    const response = await fetch(`${base}/api/v2/posts/repost/${checked}`, {
      method: 'POST',
      headers: { ...json, authorization: token },
      body: '{}',
    });
    if (response.status !== 201) throw new Error(`repost by a followed member: ${response.status} ${await response.text()}`);
  }
  let seen = 0;
  let reason = null;
  let next = null;
  for (let page = 0; page < 5; page += 1) {
    const response = await fetch(`${base}/api/v2/feed/home?limit=20${next ? `&cursor=${encodeURIComponent(next)}` : ''}`, {
      headers: { authorization: tokens[viewerAt] },
    });
    const body = await response.json();
    for (const post of body.posts)
      if (post._id === checked) {
        seen += 1;
        reason = post.repostedBy?.member?._id ?? null;
      }
    next = body.nextCursor;
    if (!next) break;
  }
  const once = { reposters: followed.length, seen, shownFor: reason };
  console.log(`  a post reposted by ${followed.length} members ${viewerId} follows: shown ${seen} time(s) in 5 pages, for ${reason}`);
  return { reposts: stored, generateMs: loadMs, results, once };
}

/** The report's lines for the scenario (and its goals). */
function repostLines(scenario, posts) {
  if (!scenario) return [];
  const find = (start) => scenario.results.find((r) => r.name.startsWith(start));
  const withReposts = find('home page with reposts');
  const without = find('home page, follows without reposts');
  const repost = find('repost:');
  const like = find('like (beside the repost)');
  const lines = [
    '',
    `Reposts at ${posts.toLocaleString('en')} posts (${scenario.reposts.toLocaleString('en')} reposts generated in SQL):`,
    '',
  ];
  for (const r of scenario.results) lines.push(`- ${r.name}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.answerBytes} B`);
  lines.push('', 'Goals (reposts):', '');
  if (withReposts && without)
    lines.push(
      `- home with reposts ≥ 0.9× home without: ${withReposts.rps >= 0.9 * without.rps ? 'met' : 'NOT met'} (${withReposts.rps} against ${without.rps} req/s, ${(withReposts.rps / without.rps).toFixed(2)}×)`,
    );
  if (repost && like)
    lines.push(
      `- a repost ≥ a like's req/s: ${repost.rps >= like.rps ? 'met' : 'NOT met'} (${repost.rps} against ${like.rps} req/s, ${(repost.rps / like.rps).toFixed(2)}×)`,
    );
  const o = scenario.once;
  lines.push(
    `- a post with ${o.reposters} reposters among the viewer's follows shows once: ${o.seen === 1 ? 'met' : 'NOT met'} (seen ${o.seen} time(s) in the first 5 pages, for ${o.shownFor}; the newest reposter by time, then id)`,
  );
  return lines;
}

module.exports = { generateReposts, repostScenario, repostLines, REPOST_CALL: 'reposts' };
