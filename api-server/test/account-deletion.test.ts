/**
 * Deleting an account leaves nothing of the member in the database: every column of every
 * table is searched for their id and their e-mail, their pictures are no longer stored, and
 * every stored count equals a recount of the rows it counts. Runs on PGlite (npm test) and on
 * PostgreSQL (npm run test:postgres).
 */
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { rows, sql, type Db } from '../src/db';
import { grantRole } from '../src/roles';
import type { RunningServer } from '../src/server';
import { clientFor, countDrift, login, serverForFile } from './kit';

let server: RunningServer;
let db: Db;

serverForFile((started) => {
  server = started;
  db = started.database.db;
});
// Kabir (test user 3) moderates too, so he has decisions to leave behind; the role goes with his account.
beforeEach(() => grantRole(db, 'moderator', 'kabirshah'));

/** A tiny PNG of one colour (its own bytes, so its stored image is the member's alone). */
function png(red: number): string {
  const bytes = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082',
    'hex',
  );
  bytes[bytes.length - 20] = red; // inside the IDAT data: a different picture (its CRC is not checked by the server)
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

/** Every row, in every table of the schema, whose text (any column, as text) contains `needle`. */
async function rowsNaming(needle: string): Promise<{ table: string; column: string; count: number }[]> {
  const columns = await rows(
    db,
    sql<{ table_name: string; column_name: string }>`select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and table_name not like 'kysely_%' order by table_name, column_name`,
  );
  const found: { table: string; column: string; count: number }[] = [];
  for (const { table_name, column_name } of columns) {
    const counted = await rows(
      db,
      sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table_name)} where strpos(${sql.ref(column_name)}::text, ${needle}) > 0`,
    );
    if (counted[0]!.n > 0) found.push({ table: table_name, column: column_name, count: counted[0]!.n });
  }
  return found;
}

it('a deleted member leaves no row, no picture and no wrong count behind, table by table', async () => {
  const kabir = await login(server, 3);
  const adarsh = await login(server, 1);
  const meera = await login(server, 2);
  const memberId = kabir.foundUser._id;
  const email = TEST_CREDENTIALS[2]!.username;
  // Beyond the seed's: a new avatar and a post picture of their own, and one of each doing.
  const { me } = await kabir.api.v2.me.edit({ pic: png(1) });
  const { post } = await kabir.api.v2.posts.create({ content: 'Mine, with a picture', pic: png(2) });
  const { post: adarshs } = await adarsh.api.v2.posts.create({ content: 'Adarsh writes', pic: '' });
  await kabir.api.v2.posts.like(adarshs._id);
  const { comment } = await kabir.api.v2.comments.add(adarshs._id, 'Kabir comments');
  const { comment: adarshsComment } = await adarsh.api.v2.comments.add(adarshs._id, 'Adarsh comments');
  await kabir.api.v2.comments.reply(adarshsComment._id, 'Kabir replies');
  await kabir.api.v2.comments.upvote(adarshsComment._id);
  await kabir.api.v2.posts.bookmark(adarshs._id);
  await meera.api.v2.posts.bookmark(post._id);
  await meera.api.v2.comments.add(post._id, 'Meera on Kabir’s post');
  await adarsh.api.v2.comments.reply(comment._id, 'Adarsh under Kabir’s comment');
  await kabir.api.v2.members.follow(meera.foundUser._id).catch(() => undefined);
  await meera.api.v2.members.follow(memberId).catch(() => undefined);
  const pictures = (
    await rows(
      db,
      sql<{
        id: string;
      }>`select pic_image_id as id from members where id = ${memberId} union select pic_image_id from posts where id = ${post._id}`,
    )
  ).map((row) => row.id);
  expect(pictures).toHaveLength(2);
  expect(me.pic).toContain('/api/images/');
  // Before: the member is everywhere.
  const before = await rowsNaming(memberId);
  expect(before.map((r) => r.table)).toEqual(
    expect.arrayContaining(['members', 'posts', 'post_reactions', 'comments', 'replies', 'follows', 'bookmarks', 'sessions']),
  );

  await clientFor(server, kabir.encodedToken).v2.me.deleteAccount(TEST_CREDENTIALS[2]!.password);

  expect(await rowsNaming(memberId)).toEqual([]);
  expect(await rowsNaming(email)).toEqual([]);
  expect(await rows(db, sql`select id from images where id in (${sql.join(pictures)})`)).toEqual([]);
  for (const id of pictures) expect((await fetch(`${server.url}/api/images/${id}`)).status).toBe(404);
  // Their post's comments (by others) and the replies under their comment went too.
  expect(await rows(db, sql`select id from comments where post_id = ${post._id} or id = ${comment._id}`)).toEqual([]);
  expect(await rows(db, sql`select id from replies where comment_id = ${comment._id}`)).toEqual([]);
  expect(await countDrift(db)).toEqual([]);
  // The seed's shared pictures (the default avatar other members show) stay.
  expect((await rows(db, sql`select 1 from members m join images i on i.id = m.pic_image_id`)).length).toBeGreaterThan(0);
}, 120_000);

it('a deleted member leaves no block, mute or report behind, theirs or about them (docs/safety.md)', async () => {
  const kabir = await login(server, 3);
  const adarsh = await login(server, 1);
  const meera = await login(server, 2);
  const memberId = kabir.foundUser._id;
  const { post } = await kabir.api.v2.posts.create({ content: 'Reported, then kept', pic: '' });
  await kabir.api.v2.members.block('u5-rohan');
  await kabir.api.v2.members.mute('u6-lena', 3600);
  await kabir.api.v2.posts.report('p01-sunrise', { reason: 'spam', details: 'by Kabir' });
  await adarsh.api.v2.members.block(memberId);
  await meera.api.v2.members.mute(memberId, 0);
  await adarsh.api.v2.members.report(memberId, { reason: 'harassment' });
  const { reportId } = await meera.api.v2.posts.report(post._id, { reason: 'other' });
  // A report about someone else that Kabir decided as a moderator: the decision stays, without his name.
  const decided = await meera.api.v2.posts.report('p12-game', { reason: 'spam' });
  await kabir.api.v2.moderation.dismiss(decided.reportId);
  expect((await rowsNaming(memberId)).map((r) => r.table)).toEqual(expect.arrayContaining(['blocks', 'mutes', 'reports']));
  expect(reportId).toBeTruthy();

  await clientFor(server, kabir.encodedToken).v2.me.deleteAccount(TEST_CREDENTIALS[2]!.password);

  expect(await rowsNaming(memberId)).toEqual([]);
  for (const table of ['blocks', 'mutes', 'reports'])
    expect(
      await rows(db, sql`select * from ${sql.table(table)} where ${sql.raw(table === 'reports' ? "status = 'open'" : 'true')}`),
    ).toEqual([]);
  expect(await rows(db, sql<{ status: string; decided_by: string | null }>`select status, decided_by from reports`)).toEqual([
    { status: 'dismissed', decided_by: null },
  ]);
}, 120_000);

it('deletes in batches: a member with more rows than a batch leaves nothing, and the counts are right', async () => {
  const kabir = await login(server, 3);
  const memberId = kabir.foundUser._id;
  // 450 posts (over two batches of 200) liked by two members, and 450 likes by Kabir.
  await sql`insert into posts (id, numeric_id, author_id, content, created_at, created_iso, updated_iso)
    select 'bulk-k-' || i, 'bk' || i, ${memberId}, 'Bulk ' || i, now(), to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"'), to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')
    from generate_series(1, 450) i`.execute(db);
  await sql`insert into posts (id, numeric_id, author_id, content, created_at, created_iso, updated_iso)
    select 'bulk-a-' || i, 'ba' || i, 'u1-adarsh', 'Bulk ' || i, now(), to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"'), to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')
    from generate_series(1, 450) i`.execute(db);
  await sql`insert into post_reactions (post_id, member_id, kind)
    select 'bulk-k-' || i, m, 'like' from generate_series(1, 450) i, (values ('u1-adarsh'), ('u2-meera')) v(m)`.execute(db);
  await sql`insert into post_reactions (post_id, member_id, kind) select 'bulk-a-' || i, ${memberId}, 'like' from generate_series(1, 450) i`.execute(
    db,
  );

  await clientFor(server, kabir.encodedToken).v2.me.deleteAccount(TEST_CREDENTIALS[2]!.password);

  expect(await rowsNaming(memberId)).toEqual([]);
  expect(await rows(db, sql`select id from posts where id like 'bulk-k-%'`)).toEqual([]);
  expect(await rows(db, sql`select 1 from posts where id like 'bulk-a-%' and like_count <> 0`)).toEqual([]);
  expect(await countDrift(db)).toEqual([]);
}, 120_000);
