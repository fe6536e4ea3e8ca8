/**
 * Delivering the notices hot writes left in notification_outbox (./schema.ts) after their commit:
 * grouping, counting and the live events happen here, in batches, off the write's path.
 * - One batch is one transaction: it takes the outbox's advisory lock (one deliverer at a time
 *   across instances, so notices are applied in the order their writes committed), deletes up to
 *   BATCH rows oldest first, applies them with the core's `deliverNotices` (the same group rules,
 *   the recipient's lists asked again), and writes the events to the change log. A crash or an
 *   error rolls it all back: the rows stay and are delivered again, whole or never.
 * - A batch that fails is delivered again one row at a time; a row that fails alone (its post,
 *   comment or members went meanwhile) is dropped and logged.
 * - `OutboxWorker` runs a batch when a write's NOTIFY arrives (OUTBOX_CHANNEL), and every
 *   POLL_MS when nothing arrives (the LISTEN connection lost: it is made again a second later,
 *   or a missed notification).
 * - `pendingFor`, `deliverPendingFor`: a member reading their notifications or unread count learns
 *   in the same statement whether notices of theirs are pending; when some are, they are delivered
 *   first and the read made again (unless a batch holds the lock past READER_WAIT_MS: then the
 *   worker's batch brings them), so what a member reads is not behind what was done.
 */
import { deliverNotices, runAsync, type Notice, type NotificationStore } from '@social/mock-api/core';
import type { NotificationKind } from '@social/mock-api/contract-v2';
import type { RawBuilder } from 'kysely';
import { one, rows, sql, type Db, type Executor, type Transaction } from '../db';
import { logEvents } from '../live/log';

/** Rows per batch: a burst of likes is delivered in a few transactions. */
const BATCH = 500;
/** How often a worker looks without being woken (ms). */
const POLL_MS = 250;
/** The advisory lock every deliverer takes: one batch at a time. */
const OUTBOX_LOCK = 51_000_001;

interface OutboxRow {
  seq: string;
  op: Notice['op'];
  recipient_id: string;
  actor_id: string;
  kind: NotificationKind;
  group_key: string;
  post_id: string | null;
  comment_id: string | null;
  reply_id: string | null;
  at: string;
}

const noticeOf = (row: OutboxRow): Notice => ({
  op: row.op,
  recipientId: row.recipient_id,
  actorId: row.actor_id,
  ref: { kind: row.kind, key: row.group_key, postId: row.post_id, commentId: row.comment_id, replyId: row.reply_id },
  now: row.at,
});

/** The notification store on a transaction (SqlNotificationStore: passed in, as that store reads pending notices through here). */
export type StoreOf = (tx: Transaction) => NotificationStore;

/** Applies the claimed rows in their order and logs the events, inside `tx`. */
async function deliver(tx: Transaction, storeOf: StoreOf, claimed: OutboxRow[]): Promise<number> {
  if (claimed.length === 0) return 0;
  claimed.sort((a, b) => Number(a.seq) - Number(b.seq));
  const events = await runAsync(deliverNotices(storeOf(tx), claimed.map(noticeOf)));
  await logEvents(tx, events);
  return claimed.length;
}

/** A lock wait that lasted past lock_timeout (PostgreSQL's lock_not_available). */
const isLockTimeout = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '55P03';

/** How long a reader waits for a batch in progress before it reads without its pending notices. */
const READER_WAIT_MS = 250;

/**
 * One transaction: claims `where`'s rows (oldest first, at most `limit`) under the outbox lock and
 * delivers them; null when the lock is not had: at once (`try`, the worker) or within
 * READER_WAIT_MS (`bounded`, a reader: a batch stuck behind a lock never holds a read up).
 */
async function batch(
  db: Db,
  storeOf: StoreOf,
  where: ReturnType<typeof sql>,
  limit: number,
  mode: 'try' | 'bounded',
): Promise<number | null> {
  try {
    return await db.transaction().execute(async (tx) => {
      if (mode === 'bounded') {
        await sql.raw(`set local lock_timeout = ${READER_WAIT_MS}`).execute(tx);
        await sql`select pg_advisory_xact_lock(${OUTBOX_LOCK})`.execute(tx);
        await sql.raw(`set local lock_timeout = 0`).execute(tx);
      } else if (!(await one(tx, sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${OUTBOX_LOCK}) as locked`))?.locked)
        return null;
      const claimed = await rows(
        tx,
        sql<OutboxRow>`delete from notification_outbox where seq in (select seq from notification_outbox where ${where} order by seq limit ${limit})
          returning seq::text as seq, op, recipient_id, actor_id, kind, group_key, post_id, comment_id, reply_id, at`,
      );
      return deliver(tx, storeOf, claimed);
    });
  } catch (error) {
    if (mode === 'bounded' && isLockTimeout(error)) return null;
    throw error;
  }
}

/**
 * Delivers up to BATCH of the oldest notices (the worker; test/outbox-batch.test.ts); answers how many, or null when another deliverer
 * holds the lock. A failed batch is retried row by row; a row that fails alone is dropped.
 */
export async function deliverBatch(db: Db, storeOf: StoreOf, log: { warn(o: object, m: string): void }): Promise<number | null> {
  // An empty outbox costs one index probe, not a transaction.
  if (!(await one(db, sql`select 1 from notification_outbox limit 1`))) return 0;
  try {
    return await batch(db, storeOf, sql`true`, BATCH, 'try');
  } catch (error) {
    log.warn({ err: error }, 'outbox batch failed: delivering its rows one by one');
  }
  const oldest = await rows(db, sql<{ seq: string }>`select seq::text as seq from notification_outbox order by seq limit ${BATCH}`);
  let delivered = 0;
  for (const { seq } of oldest) {
    try {
      const got = await batch(db, storeOf, sql`seq = ${seq}::bigint`, 1, 'try');
      // Another deliverer has the lock: it goes on from here.
      if (got === null) break;
      delivered += got;
    } catch (error) {
      log.warn({ err: error, seq }, 'outbox row dropped: it cannot be delivered');
      await sql`delete from notification_outbox where seq = ${seq}::bigint`.execute(db);
    }
  }
  return delivered;
}

/**
 * Whether the member has notices waiting in the outbox: a column for the statement that reads
 * their notifications or unread count, so the probe costs no round trip of its own.
 */
export const pendingFor = (recipientId: string): RawBuilder<boolean> =>
  sql<boolean>`exists (select 1 from notification_outbox where recipient_id = ${recipientId})`;

/**
 * A member's notifications were read with `pendingFor` true: their pending notices, delivered now
 * (waiting up to READER_WAIT_MS for a batch that holds the lock; past that the read goes on, and
 * the worker delivers them). Answers whether they were delivered (then the read is made again).
 * `ex` the database itself; inside a transaction nothing is done (the deliverer's locks would be
 * taken in the other order than a write's).
 */
export async function deliverPendingFor(ex: Executor, storeOf: StoreOf, recipientId: string): Promise<boolean> {
  if (ex.isTransaction) return false;
  return (await batch(ex as Db, storeOf, sql`recipient_id = ${recipientId}`, BATCH, 'bounded')) !== null;
}

/** Delivers the outbox while the server runs: woken by LISTEN, and polling every POLL_MS. */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly storeOf: StoreOf,
    private readonly log: { warn(o: object, m: string): void },
    private readonly listen?: (onNotify: () => void, onLost: () => void) => Promise<() => Promise<void>>,
  ) {}

  async start(): Promise<void> {
    await this.listenAgain();
    this.schedule();
  }

  /** LISTENs on OUTBOX_CHANNEL; when the connection is lost or cannot be made, tries again a second later (polling meanwhile). */
  private async listenAgain(): Promise<void> {
    if (!this.listen || this.stopped) return;
    const retry = () => {
      this.unlisten = undefined;
      if (!this.stopped) setTimeout(() => void this.listenAgain(), 1000).unref();
    };
    try {
      this.unlisten = await this.listen(() => this.wake(), retry);
    } catch (error) {
      this.log.warn({ err: error }, 'outbox: no LISTEN for now, polling');
      retry();
    }
  }

  /** A write committed a notice: deliver soon (one run at a time; one more after it when woken meanwhile). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.wake();
      this.schedule();
    }, POLL_MS);
    this.timer.unref();
  }

  /** Batches until the outbox is empty (bounded: at most 20 batches a run; the next wake goes on). */
  private async drain(): Promise<void> {
    for (let i = 0; i < 20 && !this.stopped; i += 1) {
      try {
        const delivered = await deliverBatch(this.db, this.storeOf, this.log);
        if (delivered === null || delivered < BATCH) return;
      } catch (error) {
        this.log.warn({ err: error }, 'outbox: delivery failed, trying again at the next poll');
        return;
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.unlisten?.().catch(() => undefined);
    await this.running;
  }
}
