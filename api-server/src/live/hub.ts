/**
 * Live events on one api-server instance (issue 23, docs/live.md): follows the change log
 * (live/schema.ts) and sends each change to every open stream of this instance.
 *
 * - Hearing: LISTEN orbit_changes (a dedicated connection on PostgreSQL, PGlite's listen()),
 *   plus a slow poll as a safety net (a lost LISTEN connection, a missed notification).
 * - Order without gaps: seqs come from a sequence, so a transaction can commit seq 11 before
 *   another commits seq 10. The hub hands out rows in seq order and stops at a gap until the
 *   transactions that were running when it read (pg_locks: runningTransactions) have ended:
 *   then the gap is either filled or never will be (a rollback). So `delivered` only moves over
 *   seqs that are final, and a reconnect from any id it handed out misses nothing.
 * - A row carries its event's data as the operation made it (live/log.ts): one frame per row,
 *   the same for every stream that gets it.
 * - Each stream has a bounded buffer (bytes the socket has not taken yet, and events held while
 *   it replays): past it, the stream is closed; the client reconnects with its last id.
 * - Each stream gets what its open pages show (./topics.ts). An event it does not get still
 *   moves its position, and the next heartbeat tells EventSource (an `id:` line with no data).
 * - A ticketed stream ends with its session: at once when the write that ends sessions notifies
 *   the change channel (./tickets.ts, sessionsEnded), and at every heartbeat as the backstop.
 */
import type { ServerResponse } from 'node:http';
import { LIVE_HEARTBEAT_MS, LIVE_MAX_EVENT_BYTES } from '@social/mock-api/contract-live';
import { one, rows, sql, type Db } from '../db';
import { liveSessions, pruneTickets, sessionsEndedOf, type TicketHolder } from './tickets';
import { hiddenFrom, type FilterRow, type StreamFilter } from './topics';

export interface LiveOptions {
  /** Bytes a stream may hold unsent before it is dropped. */
  maxBufferBytes: number;
  heartbeatMs: number;
  /** The safety poll of the change log (LISTEN does the real work). */
  pollMs: number;
  /** Change log rows older than this are pruned... */
  retentionMs: number;
  /** ...and so are all but the newest this many. */
  retentionRows: number;
  /** Rows pruned per statement (small batches: no long locks). */
  pruneBatch: number;
  pruneEveryMs: number;
  /** How long a replay waits for a client to take what it was sent before dropping it. */
  drainTimeoutMs: number;
}

const LIVE_DEFAULTS: LiveOptions = {
  maxBufferBytes: 2 * LIVE_MAX_EVENT_BYTES,
  heartbeatMs: LIVE_HEARTBEAT_MS,
  pollMs: 2000,
  retentionMs: 24 * 60 * 60 * 1000,
  retentionRows: 1_000_000,
  pruneBatch: 1000,
  pruneEveryMs: 60_000,
  drainTimeoutMs: 5000,
};

/** Subscribes to change notifications (with their payload); resolves to an unsubscribe. `onLost`: the connection went (the hub listens again). */
export type Listen = (onNotify: (payload: string) => void, onLost: (error?: unknown) => void) => Promise<() => Promise<void>>;

export interface LiveLog {
  warn(obj: object, msg: string): void;
}

interface ChangeRow extends FilterRow {
  seq: string;
}

/** One event ready to go: its SSE frame, and the row the streams' filters read. */
interface Ready {
  seq: number;
  text: string;
  bytes: number;
  row: FilterRow;
}

/** Rows read per query (the live tail and each replay page). */
const PAGE = 500;
/** The longest wait for a gap's transactions to end; past it the gap counts as final (and is logged). */
const GAP_WAIT_LIMIT_MS = 30_000;

const frame = (seq: string, kind: string, data: unknown): string => `id: ${seq}\nevent: ${kind}\ndata: ${JSON.stringify(data)}\n\n`;

/** One open stream. */
export class LiveStream {
  /** Resolves when the socket has taken most of what was written (false: it did not within `ms`, or closed). */
  drained(ms: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    if (this.res.writableLength <= this.maxBufferBytes / 2) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.res.off('drain', onDrain);
        this.res.off('close', onClose);
        resolve(ok && !this.closed);
      };
      const onDrain = () => done(true);
      const onClose = () => done(false);
      const timer = setTimeout(() => done(false), ms);
      this.res.on('drain', onDrain);
      this.res.on('close', onClose);
    });
  }

  /** The last seq this stream has sent, or passed over (not for it, or the client already had it). */
  lastSent = 0;
  /** The last seq the client was told in an `id:` line. */
  private idSent = 0;
  private replaying = true;
  private held: Ready[] = [];
  private heldBytes = 0;
  closed = false;

  constructor(
    private readonly res: ServerResponse,
    /** What this stream gets (./topics.ts). */
    readonly filter: StreamFilter,
    /** The member and session of its ticket (./tickets.ts), or null for an anonymous stream. */
    readonly holder: TicketHolder | null,
    private readonly maxBufferBytes: number,
    /** Called once when it closes (dropped: its buffer was full). */
    private readonly onClose: (dropped: boolean) => void,
  ) {
    res.once('close', () => this.close(false));
  }

  /** The event's frame as this stream gets it (StreamFilter.visibleData). */
  textOf(event: Ready): string {
    const data = this.filter.visibleData(event.row);
    return data === null ? event.text : frame(String(event.seq), event.row.kind, data);
  }

  /** Sends now (replay, heartbeat), or drops the stream when its buffer is full. */
  write(text: string, seq?: number): void {
    if (this.closed) return;
    if (this.res.writableLength + Buffer.byteLength(text) > this.maxBufferBytes) return this.close(true);
    this.res.write(text);
    if (seq !== undefined) this.lastSent = this.idSent = seq;
  }

  /** The event in sequence order: sent when the stream's filter takes it, else passed over (its position still moves). */
  send(event: Ready): void {
    if (this.closed || event.seq <= this.lastSent) return;
    if (this.filter.accepts(event.row)) this.write(this.textOf(event), event.seq);
    else this.lastSent = event.seq;
  }

  /** A live event: held while the stream replays, skipped when the client has it. */
  push(event: Ready): void {
    if (this.closed || event.seq <= this.lastSent) return;
    if (!this.replaying) return this.send(event);
    this.heldBytes += event.bytes;
    if (this.heldBytes > this.maxBufferBytes) return this.close(true);
    this.held.push(event);
  }

  /** The replay is done: the events that came meanwhile go out, then everything live. */
  endReplay(): void {
    this.replaying = false;
    const held = this.held;
    this.held = [];
    this.heldBytes = 0;
    for (const event of held) this.send(event);
    this.tellPosition('');
  }

  /**
   * A heartbeat, with the stream's position when events it did not get moved it: an `id:` line
   * with no data sets EventSource's last id without an event, so its own reconnect starts there.
   */
  heartbeat(): void {
    this.tellPosition(': heartbeat\n');
  }

  private tellPosition(comment: string): void {
    if (!this.replaying && this.lastSent > this.idSent) {
      this.write(`id: ${this.lastSent}\n${comment}\n`);
      this.idSent = this.lastSent;
    } else if (comment) this.write(`${comment}\n`);
  }

  close(dropped: boolean): void {
    if (this.closed) return;
    this.closed = true;
    this.held = [];
    this.onClose(dropped);
    if (!this.res.destroyed) this.res.destroy();
  }
}

export class LiveHub {
  /** Every seq up to this one is final and has gone to the streams. */
  delivered = 0;
  private finalThrough = 0;
  readonly streams = new Set<LiveStream>();
  dropped = 0;
  /** Events not sent because they were over LIVE_MAX_EVENT_BYTES, since start. */
  oversized = 0;
  /** Times the reader found a seq missing below a committed one and waited for its transaction. */
  gapWaits = 0;
  private started: Promise<void> | undefined;
  private pumping = false;
  private again = false;
  private stopped = false;
  private unlisten: (() => Promise<void>) | undefined;
  private timers: NodeJS.Timeout[] = [];
  private pruneTimer: NodeJS.Timeout | undefined;
  readonly options: LiveOptions;

  constructor(
    private readonly db: Db,
    private readonly listen: Listen | undefined,
    private readonly log: LiveLog,
    options: Partial<LiveOptions> = {},
  ) {
    this.options = { ...LIVE_DEFAULTS, ...options };
  }

  /** Pruning runs on every instance from its start, streams or not: the log stays bounded. */
  startPruning(): void {
    if (this.pruneTimer) return;
    this.pruneTimer = setInterval(
      () => void this.prune().catch((error: unknown) => this.log.warn({ err: error }, 'change log pruning failed')),
      this.options.pruneEveryMs,
    );
    this.pruneTimer.unref();
  }

  /** Starts following the change log (once, on the first stream). */
  start(): Promise<void> {
    this.started ??= this.begin().catch((error: unknown) => {
      this.started = undefined;
      throw error;
    });
    return this.started;
  }

  private async begin(): Promise<void> {
    // Start after the newest seq that is final: wait for the transactions running now to end.
    const head = await one(this.db, sql<{ max: string }>`select coalesce(max(seq), 0)::text as max from change_log`);
    await this.waitForTransactions(await this.runningTransactions());
    this.delivered = this.finalThrough = Number(head?.max ?? 0);
    await this.listenNow();
    const poll = setInterval(() => this.wake(), this.options.pollMs);
    const heartbeat = setInterval(() => {
      for (const stream of this.streams) stream.heartbeat();
      void this.checkTicketedStreams().catch((error: unknown) =>
        this.log.warn({ err: error }, 'live events: checking ticketed streams failed'),
      );
    }, this.options.heartbeatMs);
    poll.unref();
    heartbeat.unref();
    this.timers.push(poll, heartbeat);
  }

  private async listenNow(): Promise<void> {
    if (!this.listen || this.stopped) return;
    try {
      this.unlisten = await this.listen(
        (payload) => this.heard(payload),
        (error) => {
          this.unlisten = undefined;
          if (this.stopped) return;
          this.log.warn({ err: error }, 'live events: LISTEN connection lost, polling until it is back');
          const retry = setTimeout(() => void this.listenNow().then(() => this.wake()), 1000);
          retry.unref();
          this.timers.push(retry);
        },
      );
    } catch (error) {
      this.log.warn({ err: error }, 'live events: LISTEN failed, polling until it works');
      const retry = setTimeout(() => void this.listenNow().then(() => this.wake()), 1000);
      retry.unref();
      this.timers.push(retry);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    for (const stream of this.streams) stream.close(false);
    this.streams.clear();
    await this.unlisten?.().catch(() => undefined);
  }

  /** A notification: a member's sessions ended (their streams are checked now), or the log grew. */
  private heard(payload: string): void {
    const memberId = sessionsEndedOf(payload);
    if (memberId === null) return this.wake();
    const theirs = [...this.streams].filter((stream) => stream.holder?.memberId === memberId);
    void this.closeEnded(theirs).catch((error: unknown) =>
      this.log.warn({ err: error }, 'live events: checking the streams of ended sessions failed (the heartbeat retries)'),
    );
  }

  /** Something changed: read the log (one reader at a time; a wake during a read reads again after it). */
  wake(): void {
    if (this.stopped || !this.started) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    void this.pump()
      .catch((error: unknown) => this.log.warn({ err: error }, 'live events: reading the change log failed (the poll retries)'))
      .finally(() => {
        this.pumping = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async pump(): Promise<void> {
    for (;;) {
      const list = await rows(
        this.db,
        sql<ChangeRow>`select c.seq::text as seq, c.kind, c.post_id, c.member_id, c.recipient_id, c.payload
          from change_log c where c.seq > ${this.delivered} order by c.seq limit ${PAGE}`,
      );
      const ready: ChangeRow[] = [];
      let gap = false;
      let next = this.delivered;
      for (const row of list) {
        const seq = Number(row.seq);
        if (seq > next + 1 && seq - 1 > this.finalThrough) {
          gap = true;
          break;
        }
        ready.push(row);
        next = seq;
      }
      // Moved first: a stream that opens while this batch goes out replays it from the log.
      this.delivered = Math.max(this.delivered, next);
      if (ready.length > 0) {
        this.deliver(ready);
      }
      if (gap) {
        // A seq below a committed one is missing: its transaction may still be running.
        this.gapWaits += 1;
        await this.waitForTransactions(await this.runningTransactions());
        this.finalThrough = Math.max(this.finalThrough, Number(list[list.length - 1]!.seq));
        continue;
      }
      if (list.length < PAGE || this.stopped) return;
    }
  }

  /**
   * The transactions running now that have an id, read after the change log was: a missing seq
   * below a committed one was taken before that commit, by a transaction that already had its
   * id (log_events takes the transaction's id before it takes seqs), so it is either over or in this list. Read from pg_locks (each
   * transaction holds a lock on its own id) rather than pg_snapshot_xip, which leaves out ids at
   * or beyond the snapshot's xmax: a transaction that got its id after another that has since
   * committed (issue 41, finding 8). Not this session's own (on PGlite, whose one connection
   * every transaction shares, there is never another).
   */
  private async runningTransactions(): Promise<string[]> {
    const row = await one(
      this.db,
      sql<{ xids: string[] | null }>`select array_agg(transactionid::text) as xids from pg_locks
        where locktype = 'transactionid' and mode = 'ExclusiveLock' and granted and pid <> pg_backend_pid()`,
    );
    return row?.xids ?? [];
  }

  /** Resolves when every transaction of `xids` has ended (committed or rolled back). */
  private async waitForTransactions(xids: readonly string[]): Promise<void> {
    if (xids.length === 0) return;
    const until = Date.now() + GAP_WAIT_LIMIT_MS;
    for (;;) {
      const row = await one(
        this.db,
        sql<{ busy: boolean }>`select exists (select 1 from pg_locks where locktype = 'transactionid' and mode = 'ExclusiveLock'
          and granted and pid <> pg_backend_pid() and transactionid::text = any(${xids as string[]}::text[])) as busy`,
      );
      if (!row?.busy || this.stopped) return;
      if (Date.now() > until) {
        this.log.warn({ xids }, 'live events: a transaction holding a change log seq runs too long; going on without it');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The SSE frames of these rows: each carries its event's data as the operation made it. */
  frames(list: readonly ChangeRow[]): Ready[] {
    const out: Ready[] = [];
    for (const row of list) {
      const text = frame(row.seq, row.kind, row.payload);
      const bytes = Buffer.byteLength(text);
      // Too big for any stream's buffer: not sent (contract-live.ts, LIVE_MAX_EVENT_BYTES).
      if (bytes > LIVE_MAX_EVENT_BYTES) {
        this.oversized += 1;
        this.log.warn({ seq: row.seq, kind: row.kind, bytes }, 'live events: an event over the size limit was not sent');
        continue;
      }
      out.push({ seq: Number(row.seq), text, bytes, row });
    }
    return out;
  }

  private deliver(list: readonly ChangeRow[]): void {
    const out = this.frames(list);
    for (const stream of this.streams) for (const event of out) stream.push(event);
  }

  /**
   * A new stream: every event after `lastId` (replayed from the log), then live. With no id it
   * starts live; with one older than the log keeps, it gets a `reset` event first.
   */
  async open(stream: LiveStream, lastId: number | undefined): Promise<void> {
    if (stream.closed) return;
    this.streams.add(stream);
    const through = this.delivered;
    try {
      // Its session may have ended since the ticket was redeemed, before the stream was in `streams`.
      if (stream.holder && (await this.closeEnded([stream])).length === 0) return;
      // After `through` is fixed: a follow since then also comes as an event (see StreamFilter.load).
      await stream.filter.load(this.db);
      if (lastId === undefined) {
        stream.lastSent = through;
      } else if (lastId >= through) {
        stream.lastSent = lastId;
        if (lastId > through) {
          // From another instance that is ahead (its events come shortly), or from before a database was replaced.
          const newest = await one(this.db, sql<{ max: string }>`select coalesce(max(seq), 0)::text as max from change_log`);
          if (lastId > Number(newest?.max ?? 0)) this.reset(stream, through, 'too-old');
        }
      } else {
        const horizon = await one(this.db, sql<{ pruned: string }>`select pruned_through::text as pruned from change_log_horizon`);
        if (lastId < Number(horizon?.pruned ?? 0)) this.reset(stream, through, 'too-old');
        else await this.replay(stream, lastId, through);
      }
    } finally {
      stream.endReplay();
    }
  }

  private reset(stream: LiveStream, through: number, reason: 'too-old'): void {
    stream.write(frame(String(through), 'reset', { reason }), through);
  }

  private async replay(stream: LiveStream, after: number, through: number): Promise<void> {
    let cursor = after;
    while (cursor < through && !stream.closed) {
      const page = await rows(
        this.db,
        sql<ChangeRow>`select c.seq::text as seq, c.kind, c.post_id, c.member_id, c.recipient_id, c.payload from change_log c where c.seq > ${cursor} and c.seq <= ${through} order by c.seq limit ${PAGE}`,
      );
      // The same filter as live, in the same order; only what the stream gets is read and sent.
      const wanted = page.filter((row) => stream.filter.accepts(row));
      // A replay can be long: it goes at the client's pace, and a client that takes nothing is dropped.
      for (const event of this.frames(wanted)) {
        if (!(await stream.drained(this.options.drainTimeoutMs))) return stream.close(true);
        stream.write(stream.textOf(event), event.seq);
      }
      if (page.length < PAGE) break;
      cursor = Number(page[page.length - 1]!.seq);
    }
    if (!stream.closed) stream.lastSent = Math.max(stream.lastSent, through);
  }

  /** A stream on this response (open it with open()). */
  stream(res: ServerResponse, filter: StreamFilter, holder: TicketHolder | null): LiveStream {
    const stream = new LiveStream(res, filter, holder, this.options.maxBufferBytes, (dropped) => {
      this.streams.delete(stream);
      if (dropped) this.dropped += 1;
    });
    return stream;
  }

  /**
   * For the ticketed streams, at each heartbeat: closes those whose session has ended (an expiry,
   * or an end whose notification was lost), so no private event outlives it, and reads again whom each
   * member's lists hide (a block, mute or unmute since, a mute that ran out).
   */
  async checkTicketedStreams(): Promise<void> {
    const open = await this.closeEnded([...this.streams].filter((stream) => stream.holder !== null));
    if (open.length === 0) return;
    const hidden = await hiddenFrom(this.db, [...new Set(open.map((stream) => stream.holder!.memberId))]);
    for (const stream of open) stream.filter.hidden = hidden.get(stream.holder!.memberId) ?? new Set();
  }

  /** Closes those of these ticketed streams whose session has ended; answers the others. */
  private async closeEnded(held: readonly LiveStream[]): Promise<LiveStream[]> {
    if (held.length === 0) return [];
    const live = await liveSessions(this.db, [...new Set(held.map((stream) => stream.holder!.sessionHash))]);
    const open: LiveStream[] = [];
    for (const stream of held) {
      if (live.has(stream.holder!.sessionHash)) open.push(stream);
      else stream.close(false);
    }
    return open;
  }

  /** Deletes rows past the retention (age or count) in small batches, and expired tickets; returns how many rows went. */
  async prune(): Promise<number> {
    await pruneTickets(this.db);
    let total = 0;
    for (let round = 0; round < 20; round += 1) {
      const row = await one(
        this.db,
        sql<{ n: number }>`
          with doomed as (
            select seq from change_log
            where created_at < now() - make_interval(secs => ${this.options.retentionMs / 1000})
              or seq <= (select max(seq) from change_log) - ${this.options.retentionRows}
            order by seq limit ${this.options.pruneBatch}
          ), gone as (
            delete from change_log c using doomed d where c.seq = d.seq returning c.seq
          ), moved as (
            update change_log_horizon set pruned_through = greatest(pruned_through, (select max(seq) from gone))
            where exists (select 1 from gone) returning 1
          )
          select (select count(*) from gone)::int as n, (select count(*) from moved)::int as m`,
      );
      const n = row?.n ?? 0;
      total += n;
      if (n < this.options.pruneBatch) break;
    }
    return total;
  }
}
