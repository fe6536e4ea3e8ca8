/**
 * The pg pool's prepared statements (src/http/pool.ts), on the temporary PostgreSQL of
 * `npm run test:postgres`: a parameterised query is parsed and planned once per connection
 * and still answers as before; the number kept per connection is capped; a failing statement
 * fails alone; API_DB_PREPARED_STATEMENTS=0 prepares nothing. One connection per pool, so
 * pg_prepared_statements (which lists the asking session's own) shows them all.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import { DEFAULT_POOL_GUARDS, guardedPool, PREPARED_PER_CONNECTION } from '../src/http/pool';

const DATABASE_URL = process.env.DATABASE_URL ?? '';

async function onOneConnection(preparedStatements: boolean, work: (db: Kysely<unknown>) => Promise<void>): Promise<void> {
  const { pool, closePing } = guardedPool(DATABASE_URL, 1, { ...DEFAULT_POOL_GUARDS, preparedStatements });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    await work(db);
  } finally {
    await db.destroy();
    await closePing();
  }
}

/** This connection's named statements (the query has no parameters, so it is not one of them). */
const preparedNames = async (db: Kysely<unknown>): Promise<string[]> =>
  (await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(db)).rows.map((r) => r.name);

const plusOne = async (db: Kysely<unknown>, n: number): Promise<number> =>
  (await sql<{ m: number }>`select ${n}::int + 1 as m`.execute(db)).rows[0]!.m;

it('a parameterised query is prepared once per connection and answers each call with its own values', async () => {
  await onOneConnection(true, async (db) => {
    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => plusOne(db, n)))).toEqual([2, 3, 4, 5, 6, 7, 8]);
    const once = await preparedNames(db);
    expect(once).toHaveLength(1);
    expect(once[0]).toMatch(/^orbit_[0-9a-f]{20}$/);
    // Another text is another statement; the same text again adds none.
    await sql`select ${'x'}::text as s`.execute(db);
    expect(await plusOne(db, 41)).toBe(42);
    expect(await preparedNames(db)).toHaveLength(2);
  });
});

it(`keeps at most ${PREPARED_PER_CONNECTION} per connection; past that, queries still answer, unprepared`, async () => {
  await onOneConnection(true, async (db) => {
    const count = PREPARED_PER_CONNECTION + 5;
    for (let i = 0; i < count; i += 1) {
      const answer = await sql<Record<string, number>>`select ${i}::int as ${sql.ref(`v${i}`)}`.execute(db);
      expect(answer.rows[0]).toEqual({ [`v${i}`]: i });
    }
    expect(await preparedNames(db)).toHaveLength(PREPARED_PER_CONNECTION);
  });
});

it('a statement that fails, at parse or at run, fails alone and the connection goes on', async () => {
  await onOneConnection(true, async (db) => {
    for (let i = 0; i < 2; i += 1) {
      await expect(sql`select 10 / ${0}::int as q`.execute(db)).rejects.toThrow(/division by zero/);
      await expect(sql`select ${1}::int from no_such_table`.execute(db)).rejects.toThrow(/no_such_table/);
      expect(await plusOne(db, i)).toBe(i + 1);
    }
  });
});

it('with API_DB_PREPARED_STATEMENTS=0 nothing is prepared', async () => {
  await onOneConnection(false, async (db) => {
    expect(await plusOne(db, 1)).toBe(2);
    expect(await plusOne(db, 2)).toBe(3);
    expect(await preparedNames(db)).toEqual([]);
  });
});
