/** v2 feeds and posts: home and explore pages, one post, create/edit/delete, like/dislike, bookmarks. */
import { POST_SORTS, SERVER_ERRORS, type PostSort } from '../../contract';
import { V2_ERRORS, V2_TEXT_LIMITS } from '../../contract-v2';
import type { Ctx } from '../backend';
import { fail } from '../errors';
import { indexOf, type FeedLists } from '../indexes';
import { created, ok, type RouteKit } from '../routes/kit';
import { addPost, removePost, takeNumericId, touch, type StoredPost } from '../store';
import { newId } from '../time';
import { objectField, requiredText, text, TEXT_LIMITS } from '../validate';
import { feedTag } from '../../core/lists';
import { decodeCursor, encodeCursor, pageLimit, type ListKey } from '../../core/page';
import { asCaller, forViewer, pageOfList, pageOfMerged, postOr404, type PageOf } from './common';

/** `?sort=`: latest (the default) or trending. */
export function sortOf(query: Record<string, string>): PostSort {
  const sort = query.sort ?? 'latest';
  if (!(POST_SORTS as readonly string[]).includes(sort)) throw fail.badRequest(V2_ERRORS.badSort);
  return sort as PostSort;
}

/** The sort key's shape of each sorted post list (../indexes.ts: latestKey, trendingKey). */
const SHAPES: Record<PostSort, ListKey['shape']> = { latest: ['num', 'text'], trending: ['num', 'num', 'text'] };

/** A page of posts from sorted lists (several: merged), as `{ posts, nextCursor }`; `tag`: the list's (../../core/lists.ts). */
export function postsPage(ctx: Ctx, tag: string, sort: PostSort, lists: FeedLists[]) {
  const list: ListKey = { tag, shape: SHAPES[sort] };
  const limit = pageLimit(ctx.query.limit);
  const after = decodeCursor(list, ctx.query.cursor);
  const render = forViewer(ctx);
  const page: PageOf<StoredPost> =
    lists.length === 1
      ? pageOfList(lists[0]![sort], after, limit)
      : pageOfMerged(
          lists.map((l) => l[sort]),
          after,
          limit,
        );
  return ok({ posts: page.items.map((p) => render.post(p)), nextCursor: page.next && encodeCursor(list, page.next) });
}

/** A post draft's fields, checked: content, pic (undefined: keep), picAlt (undefined: not sent). */
function draftOf(ctx: Ctx) {
  const postData = objectField(ctx.body, 'postData');
  return {
    content: requiredText(postData.content, 'content', { max: TEXT_LIMITS.post }),
    pic: ctx.storablePic(postData.pic, 'pic'),
    picAlt: text(postData.picAlt, 'picAlt', { required: false, allowEmpty: true, max: V2_TEXT_LIMITS.picAlt })?.trim(),
  };
}

export function postRoutesV2(r: RouteKit): void {
  r.read('get', '/v2/feed/explore', (ctx) => {
    const sort = sortOf(ctx.query);
    return postsPage(ctx, feedTag('explore', sort), sort, [indexOf(ctx.db).all]);
  });

  // Me, my followers and the people I follow (SPEC §2): their lists merged, by the same keys.
  r.read('get', '/v2/feed/home', (ctx) => {
    const me = ctx.caller();
    const sort = sortOf(ctx.query);
    const indexes = indexOf(ctx.db);
    const circle = new Set([me._id, ...me.followers, ...me.following]);
    const lists = [...circle].map((id) => indexes.byAuthor.get(id)).filter((l): l is FeedLists => !!l);
    return postsPage(ctx, feedTag('home', sort), sort, lists);
  });

  r.read('get', '/v2/posts/:postId', (ctx) => ok({ post: forViewer(ctx).post(postOr404(ctx.db, ctx.params.postId)) }));

  r.write('post', '/v2/posts', (ctx) => {
    const { me, render } = asCaller(ctx);
    const draft = draftOf(ctx);
    const post = addPost(ctx.db, {
      _id: newId(),
      id: takeNumericId(ctx.db),
      userId: me._id,
      content: draft.content,
      pic: draft.pic ?? '',
      picAlt: draft.pic ? (draft.picAlt ?? '') : '',
      likeCount: 0,
      likedBy: [],
      dislikedBy: [],
      comments: [],
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    return created({ post: render.post(post) });
  });

  r.write('post', '/v2/posts/edit/:postId', (ctx) => {
    const { me, render } = asCaller(ctx);
    const post = postOr404(ctx.db, ctx.params.postId);
    if (post.userId !== me._id) throw fail.forbidden(SERVER_ERRORS.editNotOwner);
    const draft = draftOf(ctx);
    post.content = draft.content;
    const picChanged = draft.pic !== undefined && draft.pic !== post.pic;
    if (draft.pic !== undefined) post.pic = draft.pic;
    // The description stays with its picture; a new picture without one has none.
    if (draft.picAlt !== undefined) post.picAlt = draft.picAlt;
    else if (picChanged) post.picAlt = '';
    if (!post.pic) post.picAlt = '';
    post.updatedAt = ctx.now;
    return created({ post: render.post(post) });
  });

  r.write('delete', '/v2/posts/:postId', (ctx) => {
    const me = ctx.caller();
    const post = postOr404(ctx.db, ctx.params.postId);
    if (post.userId !== me._id) throw fail.forbidden(SERVER_ERRORS.deleteNotOwner);
    removePost(ctx.db, post);
    // No dangling bookmarks of a post that is gone.
    for (const u of ctx.db.users)
      if (u.bookmarks.includes(post._id)) touch(ctx.db, u).bookmarks = u.bookmarks.filter((id) => id !== post._id);
    return ok({ postId: post._id });
  });

  r.write('post', '/v2/posts/like/:postId', (ctx) => {
    const { me, render } = asCaller(ctx);
    const post = postOr404(ctx.db, ctx.params.postId);
    if (post.likedBy.includes(me._id)) throw fail.badRequest(SERVER_ERRORS.alreadyLiked);
    post.dislikedBy = post.dislikedBy.filter((id) => id !== me._id);
    post.likedBy.push(me._id);
    post.likeCount = post.likedBy.length;
    return created({ post: render.post(post) });
  });

  // As v1: a dislike takes back an earlier like.
  r.write('post', '/v2/posts/dislike/:postId', (ctx) => {
    const { me, render } = asCaller(ctx);
    const post = postOr404(ctx.db, ctx.params.postId);
    if (post.dislikedBy.includes(me._id)) throw fail.badRequest(SERVER_ERRORS.alreadyDisliked);
    post.likedBy = post.likedBy.filter((id) => id !== me._id);
    post.dislikedBy.push(me._id);
    post.likeCount = post.likedBy.length;
    return created({ post: render.post(post) });
  });

  r.write('post', '/v2/posts/bookmark/:postId', (ctx) => {
    const me = ctx.caller();
    const post = postOr404(ctx.db, ctx.params.postId);
    if (me.bookmarks.includes(post._id)) throw fail.badRequest(SERVER_ERRORS.alreadyBookmarked);
    me.bookmarks.push(post._id);
    return ok({ post: asCaller(ctx).render.post(post) });
  });

  r.write('post', '/v2/posts/remove-bookmark/:postId', (ctx) => {
    const me = ctx.caller();
    const post = postOr404(ctx.db, ctx.params.postId);
    if (!me.bookmarks.includes(post._id)) throw fail.badRequest(SERVER_ERRORS.notBookmarked);
    me.bookmarks = me.bookmarks.filter((id) => id !== post._id);
    return ok({ post: asCaller(ctx).render.post(post) });
  });
}
