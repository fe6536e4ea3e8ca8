/**
 * The database connection: PGlite (PostgreSQL in WebAssembly, data in a folder) when no
 * DATABASE_URL is set, a `pg` pool otherwise. Queries are written as SQL with Kysely's `sql`
 * tag, which sends every value as a parameter. Migrations run through Kysely's Migrator.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, PostgresDialect, sql, type RawBuilder, type Transaction as KyselyTransaction } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import fs from 'node:fs';
import pg from 'pg';
import { guardedPool, type PoolGuards } from './http/pool';
import { MIGRATIONS } from './migrations';
import { OPERATIONS_MIGRATIONS } from './migrations-operations';

/** Every migration, the schema's and the operations' (idempotency keys). */
export const ALL_MIGRATIONS = { ...MIGRATIONS, ...OPERATIONS_MIGRATIONS };

/** Tables are reached through raw SQL only, so the query builder needs no table types. */
type Schema = Record<string, never>;
export type Db = Kysely<Schema>;
/** A database or an open transaction: anything a query can run on. */
export type Transaction = KyselyTransaction<Schema>;
export type Executor = Kysely<Schema> | Transaction;

export interface Database {
  db: Db;
  /** 'pglite' or 'postgres', for logs and tests. */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The pg pool (metrics), on PostgreSQL. */
  pool?: pg.Pool;
  /** Resolves when the database answers a trivial query within timeoutMs (readiness). */
  ping(timeoutMs: number): Promise<void>;
  /**
   * LISTENs on `channel` (a dedicated connection on PostgreSQL, PGlite's own listen()):
   * `onNotify` with each notification's payload, `onLost` when the connection goes. Resolves to an unlisten.
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost: (error?: unknown) => void): Promise<() => Promise<void>>;
  /**
   * Runs one-off work of unbounded length (the seed) on a connection of its own without the
   * request time limits (statement_timeout, query_timeout), which keep applying to the pool.
   */
  unbounded<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /**
   * The connections of work done after the requests' commits (the outbox worker: src/hot/outbox.ts):
   * on PostgreSQL a pool of its own (BACKGROUND_POOL_SIZE), so it never waits for, or takes, a
   * request's connection; PGlite's one connection otherwise.
   */
  background: Db;
  /** The background pool itself, on PostgreSQL (tests count the outbox worker's statements). */
  backgroundPool?: pg.Pool;
}

/** Connections of the background pool (Database.background). */
const BACKGROUND_POOL_SIZE = 2;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite folder, or 'memory://'. */
  dataDir?: string;
  poolSize?: number;
  /** An already open PGlite (tests share one between two app instances). */
  pglite?: PGlite;
  /** Timeouts and the error log of the pg pool (see http/pool.ts). */
  guards?: PoolGuards;
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const { pool, ping, closePing } = guardedPool(options.databaseUrl, options.poolSize ?? 10, options.guards);
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    const listen = (channel: string, onNotify: (payload: string) => void, onLost: (error?: unknown) => void) =>
      listenOnPostgres(options.databaseUrl!, channel, onNotify, onLost);
    const unbounded = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
      const own = new Kysely<Schema>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: options.databaseUrl, max: 1, application_name: 'orbit-api-seed' }),
        }),
      });
      try {
        return await work(own);
      } finally {
        await own.destroy();
      }
    };
    const backgroundPool = guardedPool(options.databaseUrl, BACKGROUND_POOL_SIZE, options.guards).pool;
    const background = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: backgroundPool }) });
    return {
      db,
      kind: 'postgres',
      pool,
      ping,
      listen,
      unbounded,
      background,
      backgroundPool,
      close: () => Promise.all([db.destroy(), background.destroy(), closePing()]).then(() => undefined),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!options.pglite && !dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const client = options.pglite ?? newPGlite(dataDir);
  const db = new Kysely<Schema>({ dialect: new PGliteDialect(client) });
  // A shared PGlite belongs to whoever opened it.
  return {
    db,
    kind: 'pglite',
    ping: (timeoutMs) => withTimeout(sql`select 1`.execute(db), timeoutMs).then(() => undefined),
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, (payload) => onNotify(payload));
      return () => unlisten();
    },
    // PGlite has no request time limits of its own.
    unbounded: (work) => work(db),
    background: db,
    close: () => (options.pglite ? Promise.resolve() : db.destroy()),
  };
}

/** A dedicated connection that LISTENs (a pooled one would be handed to queries). */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onLost: (error?: unknown) => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url, application_name: 'orbit-api-listen' });
  let ended = false;
  const lost = (error?: unknown) => {
    if (ended) return;
    ended = true;
    onLost(error);
    void client.end().catch(() => undefined);
  };
  client.on('notification', (message) => onNotify(message.payload ?? ''));
  client.on('error', lost);
  client.on('end', () => lost());
  try {
    await client.connect();
    await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  } catch (error) {
    ended = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  return async () => {
    ended = true;
    await client.end().catch(() => undefined);
  };
}

/** An embedded database with the extensions the schema needs (pg_trgm: member search's trigram index; PostgreSQL has it in contrib). */
const newPGlite = (dataDir: string): PGlite => new PGlite(dataDir, { extensions: { pg_trgm } });

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(ALL_MIGRATIONS) },
    // Keys are dated by issue: one merged later may sort before one already applied (23 after 28).
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The names of the migrations not applied yet (none: the schema is up to date). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(ALL_MIGRATIONS) }, allowUnorderedMigrations: true });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** A promise that rejects when `work` takes longer than ms. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timeout exceeded after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Rows of a query. */
export async function rows<T>(ex: Executor, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(ex)).rows;
}

/** The first row, or undefined. */
export async function one<T>(ex: Executor, query: RawBuilder<T>): Promise<T | undefined> {
  return (await query.execute(ex)).rows[0];
}

/** PostgreSQL's unique-violation code, whichever driver raised it. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export { sql };
