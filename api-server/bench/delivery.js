/**
 * Issue 51: how long a like's notification takes to reach its recipient, measured in the like run
 * of `npm run bench:server` (bench/run.js starts it beside each measured turn of the notifying
 * like, so the outbox worker delivers under that load). Loopback only, bounded in count and time.
 *
 * - Recipients: bench members (the first ones, regular posters: their posts are no post the like
 *   calls like, and they hide nobody), each with a live stream open as the app opens it: POST
 *   /api/v2/events/ticket with their token, then GET /api/v2/events?ticket=… (their private
 *   events: `notification.changed`).
 * - The probe: a generated member nobody blocks or mutes, who likes the recipients' posts it has
 *   not reacted to, one every `spacing` ms (not waiting for the last one's event, as the likes
 *   of many members would not). A sample is the time from the like's answer to the
 *   `notification.changed` naming that post with the probe as its newest member.
 * - BENCH_DELIVERY_SAMPLES (default 300, at most 2,000; fewer when the recipients have fewer posts) samples per size, shared between the
 *   measured turns; a notification not seen within 10 s after the last like counts as missed.
 */
const http = require('http');

const SAMPLES = Math.min(Math.max(1, Number(process.env.BENCH_DELIVERY_SAMPLES ?? 300)), 2000);
const TIMEOUT_MS = 10_000;
/** Streams open at once (one per recipient): fewer than API_LIVE_STREAMS_PER_ADDRESS's 16. */
const MAX_STREAMS = 12;
/** The notifying like's measured turns (A B B A: two), between which the samples are shared. */
const TURNS = 2;

/** A member's private live stream: calls onEvent(kind, data) for each event; resolves once it answered. */
async function openPrivateStream(base, token, onEvent) {
  const answer = await fetch(`${base}/api/v2/events/ticket`, { method: 'POST', headers: { authorization: token } });
  if (!answer.ok) throw new Error(`live ticket: ${answer.status} ${await answer.text()}`);
  const { ticket } = await answer.json();
  const url = new URL(`/api/v2/events?ticket=${encodeURIComponent(ticket)}`, base);
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: { Accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`live stream answered ${res.statusCode}`));
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let kind = 'message';
            let data = '';
            for (const line of frame.split('\n')) {
              if (line.startsWith('event: ')) kind = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (data) onEvent(kind, JSON.parse(data));
          }
        });
        res.on('error', () => undefined);
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Chooses the probe, the recipients and their posts (SAMPLES in all). `tokens[m]`: bench member
 * m + 1's token; `deps`: run.js's `member` (SQL of a generated member's id) and `logInMembers`.
 * Answers `start(durationS)`, for one measured turn: resolves its samples when the turn is over.
 */
async function prepareDelivery(db, base, tokens, { member, logInMembers }) {
  const benchIds = tokens.map((_, m) => `gm-${String(m + 1).padStart(6, '0')}`);
  const probe = (
    await db.query(
      `select i from generate_series(5001, 9000) i where not exists (select 1 from blocks where blocked_id = ${member('i')} or blocker_id = ${member('i')})
         and not exists (select 1 from mutes where muted_id = ${member('i')}) order by i limit 1`,
    )
  ).rows[0];
  if (!probe) throw new Error('delivery: no member nobody hides for the probe');
  const probeId = `gm-${String(probe.i).padStart(6, '0')}`;
  const [probeToken] = await logInMembers(base, [probe.i]);
  // Posts of the bench members the probe has not reacted to, from the fewest members (at most
  // MAX_STREAMS: the server takes 16 streams from one address), interleaved.
  const candidates = (
    await db.query(
      `select id, author_id from posts p where p.author_id = any($1::text[])
         and not exists (select 1 from post_reactions r where r.post_id = p.id and r.member_id = $2) order by id`,
      [benchIds, probeId],
    )
  ).rows;
  const byAuthor = new Map();
  for (const row of candidates) byAuthor.set(row.author_id, [...(byAuthor.get(row.author_id) ?? []), row]);
  const recipients = [];
  let total = 0;
  for (const [author, posts] of [...byAuthor].sort((a, b) => b[1].length - a[1].length)) {
    if (total >= SAMPLES || recipients.length === MAX_STREAMS) break;
    recipients.push(author);
    total += posts.length;
  }
  const found = [];
  for (let i = 0; found.length < SAMPLES && recipients.some((r) => byAuthor.get(r).length > i); i += 1)
    for (const r of recipients) if (byAuthor.get(r)[i] && found.length < SAMPLES) found.push(byAuthor.get(r)[i]);
  // Fewer at small sizes (the recipients have fewer posts): the report says how many.
  if (found.length < 50) throw new Error(`delivery: only ${found.length} posts for ${SAMPLES} samples`);
  let next = 0;

  async function start(durationS) {
    const count = Math.min(Math.ceil(SAMPLES / TURNS), found.length - next);
    const posts = found.slice(next, next + count);
    next += count;
    if (posts.length === 0) return { samples: [], missed: 0 };
    const spacing = Math.max(10, Math.floor((durationS * 1000 * 0.8) / posts.length));
    /** postId → when its like was answered, and when its notification arrived. */
    const answered = new Map();
    const arrived = new Map();
    const streams = [];
    const wanted = new Set(posts.map((p) => p.id));
    try {
      for (const recipient of recipients.filter((r) => posts.some((p) => p.author_id === r))) {
        const token = tokens[benchIds.indexOf(recipient)];
        streams.push(
          await openPrivateStream(base, token, (kind, data) => {
            const n = data.notification;
            if (kind === 'notification.changed' && n && wanted.has(n.postId) && n.actor?._id === probeId && !arrived.has(n.postId))
              arrived.set(n.postId, performance.now());
          }),
        );
      }
      const likes = [];
      for (const post of posts) {
        likes.push(
          fetch(`${base}/api/v2/posts/like/${post.id}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: probeToken },
            body: '{}',
          }).then(async (response) => {
            await response.arrayBuffer();
            if (response.ok) answered.set(post.id, performance.now());
          }),
        );
        await sleep(spacing);
      }
      await Promise.all(likes);
      const deadline = performance.now() + TIMEOUT_MS;
      while ([...answered.keys()].some((id) => !arrived.has(id)) && performance.now() < deadline) await sleep(20);
    } finally {
      for (const stream of streams) stream.destroy();
    }
    const samples = [];
    let missed = posts.length - answered.size;
    for (const [id, at] of answered)
      if (arrived.has(id)) samples.push(Math.max(0, arrived.get(id) - at));
      else missed += 1;
    return { samples, missed };
  }
  return { start, recipients: recipients.length };
}

/** p50, p99 and max of the turns' samples. */
function deliveryFigures(turns) {
  const samples = turns.flatMap((t) => t.samples).sort((a, b) => a - b);
  const missed = turns.reduce((n, t) => n + t.missed, 0);
  if (samples.length === 0) return { p50: null, p99: null, max: null, samples: 0, missed };
  const at = (q) => Math.round(samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)]);
  return { p50: at(0.5), p99: at(0.99), max: Math.round(samples[samples.length - 1]), samples: samples.length, missed };
}

/** The report table's row of a size's delivery (its columns: posts, call, req/s, p50, p99, …). */
function deliveryRow(posts, d) {
  if (!d) return [];
  return [
    `| ${posts.toLocaleString('en')} | like → its notification on the recipient's live stream, while "like" runs (${d.samples} samples, ${d.missed} missed; goal p99 ≤ 1,000 ms) | – | ${d.p50 ?? '–'} | ${d.p99 ?? '–'} | – | – | – | – |`,
  ];
}

module.exports = { prepareDelivery, deliveryFigures, deliveryRow };
