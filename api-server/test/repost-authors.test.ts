/**
 * post_reposts.post_author_id and the covering post_reposts_by_member (src/v2/reposts-schema.ts,
 * REPOST_AUTHORS_MIGRATION): the migration gives the reposts already stored their post's author,
 * every new repost gets it from a trigger, and home's ranges of reposts read it from the index.
 */
import { rows, sql, type Db } from '../src/db';
import type { RunningServer } from '../src/server';
import { REPOST_AUTHORS_MIGRATION } from '../src/v2/reposts-schema';
import { login, serverForFile } from './kit';

let server: RunningServer;
let db: Db;

serverForFile((started) => {
  server = started;
  db = started.database.db;
});

/** Reposts whose post_author_id is not their post's author (none, when the column is right). */
const wrongAuthors = () =>
  rows(
    db,
    sql<{ post_id: string; member_id: string }>`select r.post_id, r.member_id from post_reposts r join posts p on p.id = r.post_id
      where r.post_author_id is distinct from p.author_id`,
  );

it("the migration gives every stored repost its post's author", async () => {
  await REPOST_AUTHORS_MIGRATION.down!(db);
  const members = await rows(db, sql<{ id: string }>`select id from members order by id limit 3`);
  const posts = await rows(db, sql<{ id: string; author_id: string }>`select id, author_id from posts order by id limit 3`);
  let made = 0;
  for (const post of posts)
    for (const m of members)
      if (m.id !== post.author_id) {
        await sql`insert into post_reposts (post_id, member_id, created_at, created_iso)
          values (${post.id}, ${m.id}, now(), '2026-01-01T00:00:00.000Z') on conflict do nothing`.execute(db);
        made += 1;
      }
  expect(made).toBeGreaterThan(0);
  await REPOST_AUTHORS_MIGRATION.up(db);
  const [filled] = await rows(
    db,
    sql<{ n: number }>`select count(*)::int as n from post_reposts r join posts p on p.id = r.post_id where r.post_author_id = p.author_id`,
  );
  expect(filled!.n).toBeGreaterThanOrEqual(made);
  expect(await wrongAuthors()).toEqual([]);
});

it('a repost gets its post author from the trigger, and the member index covers home ranges', async () => {
  const ada = await login(server, 1);
  const meera = await login(server, 2);
  const { post } = await ada.api.v2.posts.create({ content: 'Pass it on', pic: '' });
  await meera.api.v2.posts.repost(post._id);
  const [stored] = await rows(
    db,
    sql<{
      post_author_id: string;
    }>`select post_author_id from post_reposts where post_id = ${post._id} and member_id = ${meera.foundUser._id}`,
  );
  expect(stored?.post_author_id).toBe(ada.foundUser._id);
  expect(await wrongAuthors()).toEqual([]);
  const [index] = await rows(db, sql<{ def: string }>`select indexdef as def from pg_indexes where indexname = 'post_reposts_by_member'`);
  expect(index?.def).toMatch(/INCLUDE \(created_iso, post_author_id\)/);
});
