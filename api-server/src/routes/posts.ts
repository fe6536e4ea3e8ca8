/** /posts endpoints: feeds, lookups, create/edit/delete (author only), like and dislike (mock-api/src/server/routes/posts.ts). */
import { POST_SORTS, SERVER_ERRORS, type PostSort } from '@social/mock-api/contract';
import { fail } from '@social/mock-api/errors';
import { objectField, requiredText, TEXT_LIMITS, wholeNumber } from '@social/mock-api/rules';
import { one, rows, sql, type Transaction } from '../db';
import { storePic } from '../images';
import { forgetUnusedImages, postPictures } from '../image-cleanup';
import { created, newId, ok } from '../kit';
import type { RouteKit } from './kit';

/** Largest page size a caller may ask for; the explore feed asks for 2. */
const MAX_PAGE_LIMIT = 1000;

export const SORT_MESSAGE = `"sort" must be one of: ${POST_SORTS.join(', ')}.`;

export async function postAuthorOr404(ex: Transaction, postId: string | undefined): Promise<string> {
  const row = await one(ex, sql<{ author_id: string }>`select author_id from posts where id = ${postId ?? ''}`);
  if (!row) throw fail.postNotFound();
  return row.author_id;
}

function sortOf(value: unknown): PostSort {
  if (value === undefined) return 'trending';
  if (typeof value === 'string' && (POST_SORTS as readonly string[]).includes(value)) return value as PostSort;
  throw fail.badRequest(SORT_MESSAGE);
}

export function postRoutes(r: RouteKit): void {
  r.route('GET', '/posts', ({ tx }) => tx(async (t) => ok({ posts: await t.render.posts() })));

  // Cumulative explore page: the first page*limit + limit posts, by likes plus comments (newest first on ties) or newest first.
  r.route('GET', '/posts/:limit/:page', ({ params, query, tx }) => {
    const limit = wholeNumber(params.limit, 'limit');
    const page = wholeNumber(params.page, 'page');
    if (limit < 1 || limit > MAX_PAGE_LIMIT) throw fail.badRequest(`"limit" must be between 1 and ${MAX_PAGE_LIMIT}.`);
    const sort = sortOf(query.sort);
    const count = page * limit + limit;
    return tx(async (t) => {
      // Trending counts likes and comments in one pass each (grouped), not once per post.
      const query =
        sort === 'latest'
          ? sql<{ id: string }>`select p.id from posts p order by p.created_at desc, p.seq limit ${count}`
          : sql<{ id: string }>`select p.id from posts p
              left join (select post_id, count(*) as n from post_reactions where kind = 'like' group by post_id) l on l.post_id = p.id
              left join (select post_id, count(*) as n from comments group by post_id) c on c.post_id = p.id
              order by coalesce(l.n, 0) + coalesce(c.n, 0) desc, p.created_at desc, p.seq limit ${count}`;
      const ids = (await rows(t.ex, query)).map((row) => row.id);
      return ok({ posts: await t.render.posts({ ids }) });
    });
  });

  r.route('GET', '/posts/:postId', ({ params, tx }) =>
    tx(async (t) => {
      const [post] = await t.render.posts({ ids: [params.postId ?? ''] });
      if (!post) throw fail.postNotFound();
      return ok({ post });
    }),
  );

  // By the author's username (login e-mail); a userHandler is accepted too.
  r.route('GET', '/posts/user/:username', ({ params, tx }) =>
    tx(async (t) => {
      const key = (params.username ?? '').trim();
      const author =
        (await one(t.ex, sql<{ id: string }>`select id from members where lower(username) = lower(${key})`)) ??
        (await one(t.ex, sql<{ id: string }>`select id from members where lower(user_handler) = lower(${key})`));
      if (!author) throw fail.memberNotFound();
      const ids = (
        await rows(t.ex, sql<{ id: string }>`select id from posts where author_id = ${author.id} order by created_at desc, seq`)
      ).map((p) => p.id);
      return ok({ posts: await t.render.posts({ ids }) });
    }),
  );

  // The author is the token holder; a userId in postData is ignored (it could name someone else).
  r.route('POST', '/posts', ({ body, tx, now }) =>
    tx(async (t) => {
      const caller = await t.caller();
      const postData = objectField(body, 'postData');
      const content = requiredText(postData.content, 'content', { max: TEXT_LIMITS.post });
      const pic = (await storePic(t.ex, postData.pic, 'pic')) ?? { url: '', imageId: null };
      await sql`insert into posts (id, numeric_id, author_id, content, pic_url, pic_image_id, created_at, created_iso, updated_iso)
        values (${newId()}, nextval('numeric_ids')::text, ${caller.id}, ${content}, ${pic.url}, ${pic.imageId}, ${now}::timestamptz, ${now}, ${now})`.execute(
        t.ex,
      );
      return created({ posts: await t.render.posts() });
    }),
  );

  r.route('POST', '/posts/edit/:postId', ({ params, body, tx, now }) =>
    tx(async (t) => {
      const caller = await t.caller();
      const author = await postAuthorOr404(t.ex, params.postId);
      if (author !== caller.id) throw fail.forbidden(SERVER_ERRORS.editNotOwner);
      const postData = objectField(body, 'postData');
      const content = requiredText(postData.content, 'content', { max: TEXT_LIMITS.post });
      const pic = await storePic(t.ex, postData.pic, 'pic');
      const oldPic = pic !== undefined ? await postPictures(t.ex, [params.postId ?? '']) : [];
      await sql`update posts set content = ${content},
          pic_url = case when ${pic !== undefined} then ${pic?.url ?? ''} else pic_url end,
          pic_image_id = case when ${pic !== undefined} then ${pic?.imageId ?? null}::text else pic_image_id end,
          updated_iso = ${now}
        where id = ${params.postId ?? ''}`.execute(t.ex);
      await forgetUnusedImages(t.ex, oldPic);
      return created({ posts: await t.render.posts() });
    }),
  );

  // Bookmarks, reactions and comments of the post go with it (foreign keys cascade).
  r.route('DELETE', '/posts/:postId', ({ params, tx }) =>
    tx(async (t) => {
      const caller = await t.caller();
      const author = await postAuthorOr404(t.ex, params.postId);
      if (author !== caller.id) throw fail.forbidden(SERVER_ERRORS.deleteNotOwner);
      const pictures = await postPictures(t.ex, [params.postId ?? '']);
      await sql`delete from posts where id = ${params.postId ?? ''}`.execute(t.ex);
      await forgetUnusedImages(t.ex, pictures);
      return created({ posts: await t.render.posts() });
    }),
  );

  // A like replaces the caller's dislike; the primary key (post, member) allows one reaction.
  r.route('POST', '/posts/like/:postId', ({ params, tx }) => react(params.postId, 'like', tx));
  // A dislike takes back an earlier like (count -1); from someone who had not liked, it leaves the count alone.
  r.route('POST', '/posts/dislike/:postId', ({ params, tx }) => react(params.postId, 'dislike', tx));
}

async function react(postId: string | undefined, kind: 'like' | 'dislike', tx: Parameters<Parameters<RouteKit['route']>[2]>[0]['tx']) {
  return tx(async (t) => {
    const caller = await t.caller();
    await postAuthorOr404(t.ex, postId);
    await sql`delete from post_reactions where post_id = ${postId ?? ''} and member_id = ${caller.id} and kind <> ${kind}`.execute(t.ex);
    const added = await one(
      t.ex,
      sql`insert into post_reactions (post_id, member_id, kind) values (${postId ?? ''}, ${caller.id}, ${kind}) on conflict do nothing returning 1`,
    );
    if (!added) throw fail.badRequest(kind === 'like' ? SERVER_ERRORS.alreadyLiked : SERVER_ERRORS.alreadyDisliked);
    return created({ posts: await t.render.posts() });
  });
}
