#!/usr/bin/env node
/**
 * `npm run chaos:server` (issue 28): two api-server instances (the production build) on a
 * throwaway PostgreSQL, with load running, while
 *   1. PostgreSQL is restarted 5 times: stopped (pg_ctl stop -m fast), /readyz of both
 *      instances probed until each answers 503 (bounded), started again;
 *   2. PostgreSQL is frozen for 10 s (SIGSTOP to every PostgreSQL process, then SIGCONT),
 *   3. one instance is killed with SIGKILL and started again.
 * Meanwhile a live-stream client (issue 23) holds `GET /api/v2/events?explore=1` on instance A and,
 * as the app's EventSource does, reconnects with its last id whenever the stream ends or fails
 * (to B while A is down, and back to A once it is up again).
 * Then it checks: no instance crashed (beside the one killed on purpose), every acknowledged
 * write is stored exactly once (every write carries an Idempotency-Key and is sent again with
 * it after a 503 or a dropped connection), every answer was a 2xx, 4xx or 503 within the time
 * limit (plus ANSWER_MARGIN_MS for this process's own scheduling), and /readyz never answered
 * 200 while the database was stopped or frozen, and answered 503 during each of the 5 stops;
 * once the stream has caught up with the change log: every acknowledged post came as exactly one
 * `post.created`, no event id came twice, and ids only grew.
 * Loopback only; every loop is bounded in count and time (the whole run stops within ~4 min).
 * Run under tools/postgres.js (the npm script does): it needs DATABASE_URL and ORBIT_PG_*.
 * Output: a summary on stdout, details in api-server/bench/chaos-latest.json.
 */
const { spawn, spawnSync } = require('child_process');
const { randomBytes, randomUUID } = require('crypto');
const fs = require('fs');
const http = require('http');
const { freePort } = require('./free-port');
const path = require('path');
const { pgControl } = require('./pg-control');

const root = path.join(__dirname, '..');
const REQUEST_TIMEOUT_MS = 10_000;
/**
 * An answer later than the limit by more than this fails the run. The server sends its time
 * limit's 503 before the limit (api-server/src/http/operations.ts); this margin is for the load
 * generator's own clock, started before the connection and stopped after the body is read.
 */
const ANSWER_MARGIN_MS = 250;
/** A request not answered by then counts as a hang (and is given up). */
const HANG_MS = REQUEST_TIMEOUT_MS + 2000;
/** Readiness probes after each stop, until both instances answered 503 (250 ms apart). */
const STOPPED_PROBE_ROUNDS = 40;
const RUN_LIMIT_MS = 240_000;
/** Writers at once (issue 41: 16, so that change-log seqs commit out of order and the live stream must wait at gaps). */
const WORKERS = 16;
const MAX_OPERATIONS_PER_WORKER = 2000;
const started = Date.now();
const deadline = started + RUN_LIMIT_MS;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
const say = (text) => console.log(`[chaos ${elapsed()}] ${text}`);

if (!process.env.DATABASE_URL || !process.env.ORBIT_PG_DATA) {
  console.error('Run through `npm run chaos:server` (tools/postgres.js starts the database).');
  process.exit(2);
}
const pg = pgControl();
const logDir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'orbit-chaos-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  API_TOKEN_SECRET: randomBytes(32).toString('hex'),
  // The writers sign in as the demo's test users.
  API_SEED: 'demo',
  API_LOG_LEVEL: 'warn',
  API_MIGRATE_ON_START: '0',
  API_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  // One load generator on one address: the per-address and per-member limits would answer 429 to it.
  API_READ_RATE_LIMIT: '1000000',
  API_WRITE_RATE_LIMIT: '1000000',
  API_AUTH_RATE_LIMIT: '1000000',
  API_TEST_TODOS: '0',
};

/** The instances: name → { port, child, exits: [] }. */
const instances = new Map();
const unexpectedExits = [];

function startInstance(name, port) {
  const log = fs.openSync(path.join(logDir, `${name}.log`), 'a');
  const child = spawn(process.execPath, [path.join(root, 'api-server', 'dist', 'server.js')], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  const instance = { name, port, child, killedOnPurpose: false };
  child.on('exit', (code, signal) => {
    if (!instance.killedOnPurpose && !stopping) unexpectedExits.push({ name, code, signal, at: elapsed() });
  });
  instances.set(name, instance);
  return instance;
}

async function waitReady(instance, limitMs = 60_000) {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    try {
      const response = await fetch(`http://127.0.0.1:${instance.port}/readyz`, { signal: AbortSignal.timeout(3000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${instance.name} not ready after ${limitMs} ms`);
}

// ---- what the load saw
const answers = new Map(); // status → count ('error' for a dropped or refused connection)
let hangs = 0;
/** Failed or cut connections by phase: expected only while an instance is down. */
const connectionErrors = new Map();
let slowest = 0;
/** The slowest answer's call, and every answer over the limit + margin. */
let slowestCall = null;
const lateAnswers = [];
const acknowledged = { posts: [], comments: [], signups: [] };
/** An acknowledged post's content → its id, from the answer. */
const acknowledgedPostIds = new Map();
let duplicatesSent = 0;
let stopping = false;
let phase = 'warm-up';
const readiness = { frozen: new Map(), stopped: new Map(), other: new Map() };
/**
 * The database's state for readiness: 'stopped' or 'frozen' only once pg_ctl stop (or SIGSTOP)
 * has finished, and 'up' again before it is started (or thawed); `serial` changes at each
 * change. A probe counts as answered while the database was away only if it was sent and
 * answered in the same away period (a probe sent just before the stop may still answer 200).
 */
const database = { state: 'up', serial: 0 };
const setDatabase = (state) => {
  database.state = state;
  database.serial += 1;
};
/** Per stop: what /readyz of each instance answered, probed until both answered 503. */
const stops = [];
const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

function pickInstance(n) {
  const list = [...instances.values()];
  return list[n % list.length];
}

/** One call; resolves with the status, or 0 for a connection that failed or was cut. */
async function send(instance, method, urlPath, { token, body, key } = {}) {
  const begin = Date.now();
  let status = 0;
  try {
    const response = await fetch(`http://127.0.0.1:${instance.port}${urlPath}`, {
      method,
      headers: {
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { authorization: token } : {}),
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(HANG_MS),
    });
    status = response.status;
    const text = await response.text();
    const took = Date.now() - begin;
    if (took > slowest) {
      slowest = took;
      slowestCall = { ms: took, method, path: urlPath, status, instance: instance.name, phase };
    }
    if (took > REQUEST_TIMEOUT_MS + ANSWER_MARGIN_MS) lateAnswers.push({ ms: took, method, path: urlPath, status, phase });
    count(answers, status);
    return { status, json: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined };
  } catch (error) {
    if (error && error.name === 'TimeoutError') hangs += 1;
    count(answers, 'connection error');
    count(connectionErrors, phase);
    return { status: 0 };
  }
}

/** A write with its key, sent again (same key, maybe to the other instance) after a 503 or a failed connection. */
async function write(n, method, urlPath, options) {
  const key = randomUUID();
  for (let attempt = 0; attempt < 60 && Date.now() < deadline; attempt += 1) {
    const answer = await send(pickInstance(n + attempt), method, urlPath, { ...options, key });
    if (attempt > 0) duplicatesSent += 1;
    if (answer.status >= 200 && answer.status < 300) return answer;
    if (answer.status !== 503 && answer.status !== 0) return answer;
    await sleep(250);
  }
  return { status: -1 };
}

async function worker(n, tokens) {
  for (let i = 0; i < MAX_OPERATIONS_PER_WORKER && !stopping && Date.now() < deadline; i += 1) {
    const token = tokens[n % tokens.length];
    const instance = pickInstance(n + i);
    const kind = i % 5;
    if (kind === 0) {
      const content = `chaos post ${n}-${i}`;
      const answer = await write(n + i, 'POST', '/api/posts', { token, body: { postData: { content } } });
      if (answer.status === 201) {
        acknowledged.posts.push(content);
        // The v1 answer lists every post: the new one is the one with this (unique) content.
        acknowledgedPostIds.set(content, answer.json?.posts?.find((post) => post.content === content)?._id);
      }
    } else if (kind === 1) {
      const content = `chaos comment ${n}-${i}`;
      const answer = await write(n + i, 'POST', '/api/comments/add/p01-sunrise', { token, body: { commentData: { content } } });
      if (answer.status === 201) acknowledged.comments.push(content);
    } else if (kind === 2 && i % 25 === 2) {
      const username = `chaos-${n}-${i}-${randomBytes(3).toString('hex')}@socialmfe.dev`;
      const answer = await write(n + i, 'POST', '/api/auth/signup', {
        body: { username, password: 'chaos1234', firstName: 'Chaos', lastName: 'Monkey' },
      });
      if (answer.status === 201) acknowledged.signups.push(username);
    } else if (kind === 3) {
      await send(instance, 'GET', '/api/posts/2/0');
    } else {
      await send(instance, 'GET', '/api/posts/p01-sunrise');
    }
  }
}

// ---- the live stream (issue 23): one client that behaves like the app's EventSource
/** A pause before each reconnect, and at most this many connection attempts in the run. */
const LIVE_RETRY_MS = 250;
const LIVE_MAX_ATTEMPTS = 400;
/** What the stream names (docs/live.md, "What a stream gets"): every post.created comes. */
const LIVE_QUERY = '?explore=1';
const live = {
  /** The last id the stream sent (an event's, or a heartbeat's position), as EventSource keeps it. */
  lastId: undefined,
  /** The highest id seen so far; an id below it (or an event id equal to it) is a step back. */
  highest: -1n,
  events: 0,
  ids: new Set(),
  duplicateIds: [],
  idsNotGrowing: [],
  resets: [],
  /** post id → post.created events seen. */
  created: new Map(),
  /** Each connection that answered 200: where, when, and from which id. */
  connections: [],
  failedAttempts: new Map(),
  /** The open response and its instance's name, while connected. */
  current: undefined,
  stopped: false,
};

/**
 * A minimal SSE parser (the text/event-stream rules EventSource follows): lines end in \n (or \r\n);
 * a blank line dispatches; `id:` sets the last id even in a block with no data (the heartbeat's
 * position, docs/live.md); comments (`:`) and `retry:` are skipped.
 */
function sseParser(onBlock) {
  let buffer = '';
  let block = { data: [], event: undefined, id: undefined };
  return (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end).replace(/\r$/, '');
      buffer = buffer.slice(end + 1);
      if (line === '') {
        onBlock(block);
        block = { data: [], event: undefined, id: undefined };
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (name === 'data') block.data.push(value);
      else if (name === 'event') block.event = value;
      else if (name === 'id') block.id = value;
    }
  };
}

function onLiveBlock(block) {
  if (block.id !== undefined) {
    const id = BigInt(block.id);
    const isEvent = block.data.length > 0;
    if (id < live.highest || (isEvent && id === live.highest)) live.idsNotGrowing.push({ id: block.id, after: String(live.highest) });
    if (id > live.highest) live.highest = id;
    live.lastId = block.id;
  }
  if (block.data.length === 0) return;
  live.events += 1;
  if (block.id !== undefined) {
    if (live.ids.has(block.id)) live.duplicateIds.push(block.id);
    live.ids.add(block.id);
  }
  const kind = block.event ?? 'message';
  const data = JSON.parse(block.data.join('\n'));
  if (kind === 'post.created') live.created.set(data.post._id, (live.created.get(data.post._id) ?? 0) + 1);
  else if (kind === 'reset') live.resets.push({ id: block.id, ...data });
}

/** Opens the stream on one instance from the last id; resolves when it ends ({ connected }) or could not open. */
function holdStream(name) {
  const instance = instances.get(name);
  return new Promise((resolve) => {
    let done = false;
    const finish = (outcome) => {
      if (done) return;
      done = true;
      if (live.current?.request === request) live.current = undefined;
      resolve(outcome);
    };
    const from = live.lastId;
    // EventSource sends its last id as this header.
    const request = http.get(
      {
        host: '127.0.0.1',
        port: instance.port,
        path: `/api/v2/events${LIVE_QUERY}`,
        agent: false,
        headers: { Accept: 'text/event-stream', ...(from !== undefined ? { 'Last-Event-ID': from } : {}) },
      },
      (response) => {
        request.setTimeout(0);
        if (response.statusCode !== 200) {
          response.resume();
          return finish({ connected: false, failure: response.statusCode });
        }
        live.connections.push({ instance: name, at: elapsed(), from: from ?? null, phase });
        live.current = { name, request };
        response.setEncoding('utf8');
        response.on('data', sseParser(onLiveBlock));
        response.on('error', () => finish({ connected: true }));
        response.on('close', () => finish({ connected: true }));
      },
    );
    // No answer to the request itself in time: given up, like a failed connection (a stream, once open, has no limit).
    request.setTimeout(HANG_MS, () => request.destroy(new Error('no answer')));
    request.on('error', () => finish({ connected: false, failure: 'connection error' }));
    if (live.stopped) request.destroy();
  });
}

/**
 * Holds the stream on A; after a stream ends, reconnects to A; after an attempt that could not
 * connect, tries the other instance (B while A is down). Bounded in attempts and by the run's deadline.
 */
async function liveClient() {
  let target = 'A';
  for (let attempt = 0; attempt < LIVE_MAX_ATTEMPTS && !live.stopped && Date.now() < deadline; attempt += 1) {
    const outcome = await holdStream(target);
    if (live.stopped) return;
    if (outcome.connected) target = 'A';
    else {
      count(live.failedAttempts, `${target}: ${outcome.failure}`);
      target = target === 'A' ? 'B' : 'A';
    }
    await sleep(LIVE_RETRY_MS);
  }
}

/** Ends a stream held on another instance than A: the client reconnects to A (A is back). */
function liveBackToA() {
  if (live.current && live.current.name !== 'A') live.current.request.destroy();
}

function stopLive() {
  live.stopped = true;
  live.current?.request.destroy();
}

/** GET /readyz of one instance: its status, or 'connection error'; counted in the away buckets when it applies. */
async function probe(instance) {
  const { state, serial } = database;
  let status;
  try {
    const response = await fetch(`http://127.0.0.1:${instance.port}/readyz`, { signal: AbortSignal.timeout(3000) });
    status = response.status;
    await response.arrayBuffer();
  } catch {
    status = 'connection error';
  }
  const away = state !== 'up' && serial === database.serial;
  count(away ? readiness[state] : readiness.other, status);
  return status;
}

async function probeReadiness() {
  while (!stopping && Date.now() < deadline) {
    await Promise.all([...instances.values()].map(probe));
    await sleep(250);
  }
}

/** pg_ctl stop, then /readyz of both instances until each answered 503 (bounded), then pg_ctl start. */
async function stopProbeStart(n) {
  const seen = Object.fromEntries([...instances.keys()].map((name) => [name, []]));
  await pg.stop();
  setDatabase('stopped');
  try {
    for (let round = 0; round < STOPPED_PROBE_ROUNDS && Date.now() < deadline; round += 1) {
      await Promise.all([...instances.values()].map(async (instance) => seen[instance.name].push(await probe(instance))));
      if (Object.values(seen).every((statuses) => statuses.includes(503))) break;
      await sleep(250);
    }
  } finally {
    setDatabase('up');
    await pg.start();
  }
  const notReadyOnAll = Object.values(seen).every((statuses) => statuses.includes(503));
  const readyWhileStopped = Object.values(seen).some((statuses) => statuses.includes(200));
  stops.push({ stop: n, readyz: seen, ok: notReadyOnAll && !readyWhileStopped });
  say(`/readyz while stopped: ${JSON.stringify(seen)}`);
}

const ackCount = () => acknowledged.posts.length + acknowledged.comments.length;
async function progress(extra = 5, limitMs = 60_000) {
  const target = ackCount() + extra;
  const end = Date.now() + limitMs;
  while (ackCount() < target) {
    if (Date.now() > end) throw new Error('the load made no progress');
    await sleep(100);
  }
}

async function main() {
  say(`logs in ${logDir}`);
  say('building api-server');
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'api-server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  say('migrating (the deployment step: node api-server/dist/migrate.js)');
  const migrate = spawnSync(process.execPath, [path.join(root, 'api-server', 'dist', 'migrate.js')], { cwd: root, env, encoding: 'utf8' });
  process.stdout.write(migrate.stdout);
  if (migrate.status !== 0) throw new Error(`migration failed: ${migrate.stderr}`);
  const a = startInstance('A', await freePort());
  await waitReady(a);
  const b = startInstance('B', await freePort());
  await waitReady(b);
  say(`instances A :${a.port} and B :${b.port} ready`);

  const tokens = [];
  for (const [username, password] of [
    ['adarsh@socialmfe.dev', 'adarsh123'],
    ['meera@socialmfe.dev', 'meera1234'],
    ['kabir@socialmfe.dev', 'kabir1234'],
  ]) {
    const answer = await send(a, 'POST', '/api/auth/login', { body: { username, password } });
    if (answer.status !== 200) throw new Error(`login failed: ${answer.status}`);
    tokens.push(answer.json.encodedToken);
  }
  // The live stream opens before the load starts, so it sees every post the load writes.
  const liveRun = liveClient();
  for (let i = 0; i < 300 && live.connections.length === 0; i += 1) await sleep(100);
  if (live.connections.length === 0)
    throw new Error(`the live stream did not open: ${JSON.stringify(Object.fromEntries(live.failedAttempts))}`);
  const load = Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n, tokens)));
  const probes = probeReadiness();
  const timeline = [];
  const mark = (what) => {
    timeline.push({ at: elapsed(), what, acknowledged: ackCount() });
    say(what);
  };
  phase = 'load';
  await progress(10);
  for (let i = 1; i <= 5; i += 1) {
    phase = 'restarting';
    mark(`PostgreSQL restart ${i}/5: stopped, /readyz probed, started`);
    await stopProbeStart(i);
    phase = 'load';
    await progress(5);
    mark(`writes acknowledged again after restart ${i}`);
  }
  phase = 'frozen';
  mark('PostgreSQL frozen (SIGSTOP) for 10 s');
  await pg.freeze();
  setDatabase('frozen');
  await sleep(10_000);
  setDatabase('up');
  await pg.thaw();
  phase = 'load';
  mark('PostgreSQL thawed (SIGCONT)');
  await progress(5);
  mark('writes acknowledged again after the freeze');
  const victim = instances.get('A');
  victim.killedOnPurpose = true;
  mark(`instance A (pid ${victim.child.pid}) killed with SIGKILL`);
  phase = 'instance A down';
  victim.child.kill('SIGKILL');
  await sleep(1000);
  const again = startInstance('A', victim.port);
  await waitReady(again);
  phase = 'load';
  mark('instance A started again and ready');
  // A stream held on B meanwhile goes back to A, from its last id (what a load balancer may do).
  liveBackToA();
  await progress(10);
  stopping = true;
  await load;
  await probes;
  mark('load stopped');

  // ---- checks, read straight from the database
  const { Client } = require('pg');
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  // The stream has caught up once it has reached the log's last id (a heartbeat carries the
  // position past events it does not get: within 15 s). Bounded: not caught up fails the run.
  const { rows: head } = await db.query('select coalesce(max(seq), 0)::text as max from change_log');
  const logHead = BigInt(head[0].max);
  const caughtUpBy = Date.now() + 45_000;
  while (live.highest < logHead && Date.now() < caughtUpBy) await sleep(100);
  const caughtUp = live.highest >= logHead;
  mark(caughtUp ? `live stream caught up with the change log (id ${logHead})` : `live stream NOT caught up: ${live.highest} < ${logHead}`);
  stopLive();
  await liveRun;
  const countsOf = async (query) => new Map((await db.query(query)).rows.map((row) => [row.key, Number(row.n)]));
  const posts = await countsOf(`select content as key, count(*) as n from posts where content like 'chaos post %' group by content`);
  const comments = await countsOf(
    `select content as key, count(*) as n from comments where content like 'chaos comment %' group by content`,
  );
  const members = await countsOf(`select username as key, count(*) as n from members where username like 'chaos-%' group by username`);
  await db.end();
  const lost = [
    ...acknowledged.posts.filter((c) => !posts.has(c)),
    ...acknowledged.comments.filter((c) => !comments.has(c)),
    ...acknowledged.signups.filter((u) => !members.has(u)),
  ];
  const postsWithoutEvent = acknowledged.posts.filter((content) => !live.created.has(acknowledgedPostIds.get(content)));
  const postsWithEventTwice = acknowledged.posts.filter((content) => (live.created.get(acknowledgedPostIds.get(content)) ?? 0) > 1);
  const liveResult = {
    stream: `GET /api/v2/events${LIVE_QUERY}`,
    eventsReceived: live.events,
    postCreatedEvents: [...live.created.values()].reduce((a, b) => a + b, 0),
    reconnects: live.connections.length - 1,
    reconnectsTo: Object.fromEntries(['A', 'B'].map((name) => [name, live.connections.slice(1).filter((c) => c.instance === name).length])),
    failedAttempts: Object.fromEntries(live.failedAttempts),
    caughtUp,
    logHead: String(logHead),
    lastId: live.lastId ?? null,
    acknowledgedPostsWithoutEvent: postsWithoutEvent.length,
    acknowledgedPostsWithEventTwice: postsWithEventTwice.length,
    duplicateIds: live.duplicateIds.length,
    idsNotGrowing: live.idsNotGrowing.length,
    resets: live.resets,
    connections: live.connections,
  };
  const liveOk =
    caughtUp &&
    live.connections.length > 0 &&
    postsWithoutEvent.length === 0 &&
    postsWithEventTwice.length === 0 &&
    live.duplicateIds.length === 0 &&
    live.idsNotGrowing.length === 0 &&
    live.resets.length === 0;
  const duplicates = [...posts, ...comments, ...members].filter(([, n]) => n > 1).map(([key, n]) => `${key} ×${n}`);
  const badStatuses = [...answers].filter(
    ([status]) => typeof status === 'number' && !((status >= 200 && status < 300) || (status >= 400 && status < 500) || status === 503),
  );
  const readyWhileFrozen = readiness.frozen.get(200) ?? 0;
  const readyWhileStopped = readiness.stopped.get(200) ?? 0;
  const stopsNotSeen = stops.filter((stop) => !stop.ok).length;
  const result = {
    date: new Date().toISOString(),
    settings: {
      workers: WORKERS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      answerMarginMs: ANSWER_MARGIN_MS,
      restarts: 5,
      freezeMs: 10_000,
      instances: 2,
    },
    timeline,
    answers: Object.fromEntries([...answers].sort()),
    slowestAnswerMs: slowest,
    slowestAnswer: slowestCall,
    answersOverLimit: lateAnswers,
    hangs,
    connectionErrorsByPhase: Object.fromEntries(connectionErrors),
    acknowledged: { posts: acknowledged.posts.length, comments: acknowledged.comments.length, signups: acknowledged.signups.length },
    retriesWithSameKey: duplicatesSent,
    lostAcknowledgedWrites: lost.length,
    duplicates: duplicates.length,
    crashedProcesses: unexpectedExits,
    readiness: {
      whileStopped: Object.fromEntries(readiness.stopped),
      whileFrozen: Object.fromEntries(readiness.frozen),
      otherwise: Object.fromEntries(readiness.other),
      stops,
    },
    badStatuses: Object.fromEntries(badStatuses),
    live: liveResult,
  };
  stopping = true;
  for (const instance of instances.values()) instance.child.kill('SIGTERM');
  fs.writeFileSync(path.join(root, 'api-server', 'bench', 'chaos-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  const ok =
    unexpectedExits.length === 0 &&
    lost.length === 0 &&
    duplicates.length === 0 &&
    badStatuses.length === 0 &&
    hangs === 0 &&
    lateAnswers.length === 0 &&
    readyWhileFrozen === 0 &&
    readyWhileStopped === 0 &&
    stops.length === 5 &&
    stopsNotSeen === 0 &&
    liveOk;
  console.log('\n== chaos:server summary');
  console.log(
    `answers: ${Object.entries(result.answers)
      .map(([s, n]) => `${s}: ${n}`)
      .join(
        ', ',
      )}; slowest ${slowest} ms (${slowestCall ? `${slowestCall.status} ${slowestCall.method} ${slowestCall.path}, ${slowestCall.phase}` : 'none'}); over ${REQUEST_TIMEOUT_MS} + ${ANSWER_MARGIN_MS} ms: ${lateAnswers.length}; hangs over ${HANG_MS} ms: ${hangs}`,
  );
  console.log(`failed connections by phase: ${JSON.stringify(result.connectionErrorsByPhase)}`);
  console.log(
    `acknowledged writes: ${result.acknowledged.posts} posts, ${result.acknowledged.comments} comments, ${result.acknowledged.signups} signups; sent again with the same key: ${duplicatesSent}`,
  );
  console.log(`lost acknowledged writes: ${lost.length}; duplicates: ${duplicates.length}; crashed processes: ${unexpectedExits.length}`);
  console.log(
    `/readyz while stopped: ${JSON.stringify(result.readiness.whileStopped)} (503 from both instances in ${stops.length - stopsNotSeen} of 5 stops); while frozen: ${JSON.stringify(result.readiness.whileFrozen)}`,
  );
  console.log(
    `live stream (${LIVE_QUERY}): ${live.events} events received, ${liveResult.reconnects} reconnects (to A: ${liveResult.reconnectsTo.A}, to B: ${liveResult.reconnectsTo.B}), failed attempts: ${JSON.stringify(liveResult.failedAttempts)}; caught up: ${caughtUp ? 'yes' : 'no'}`,
  );
  console.log(
    `live: acknowledged posts without a post.created: ${postsWithoutEvent.length}; with more than one: ${postsWithEventTwice.length}; duplicate ids: ${live.duplicateIds.length}; ids not growing: ${live.idsNotGrowing.length}; resets: ${live.resets.length}`,
  );
  console.log(ok ? 'chaos:server: PASS' : 'chaos:server: FAIL');
  if (!ok) {
    if (lost.length) console.log('lost:', lost.slice(0, 10));
    if (duplicates.length) console.log('duplicates:', duplicates.slice(0, 10));
    if (unexpectedExits.length) console.log('crashed:', unexpectedExits);
    if (lateAnswers.length) console.log('late:', lateAnswers.slice(0, 10));
    if (stopsNotSeen) console.log('stops:', JSON.stringify(stops));
    if (postsWithoutEvent.length) console.log('posts without an event:', postsWithoutEvent.slice(0, 10));
    if (live.duplicateIds.length) console.log('duplicate ids:', live.duplicateIds.slice(0, 10));
    if (live.idsNotGrowing.length) console.log('ids not growing:', live.idsNotGrowing.slice(0, 10));
    if (live.resets.length) console.log('resets:', live.resets);
  }
  await sleep(500);
  process.exit(ok ? 0 : 1);
}

main().catch(async (error) => {
  console.error(`chaos:server failed: ${error instanceof Error ? error.message : error}`);
  stopping = true;
  stopLive();
  await pg.thaw().catch(() => {});
  for (const instance of instances.values()) instance.child.kill('SIGKILL');
  process.exit(1);
});
