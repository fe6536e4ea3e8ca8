/** /posts endpoints: feeds, lookups, create/edit/delete (author only), like and dislike (client: mock-api/src/client.ts). */
import { POST_SORTS, SERVER_ERRORS, type PostSort } from '../../contract';
import { fail } from '../errors';
import { addPost, findPost, removePost, sortNewestFirst, takeNumericId, touch, type Db, type StoredPost } from '../store';
import { newId } from '../time';
import { objectField, requiredText, TEXT_LIMITS, wholeNumber } from '../validate';
import { created, ok, type RouteKit } from './kit';

export function postOr404(db: Db, postId: string | undefined): StoredPost {
  const post = findPost(db, postId ?? '');
  if (!post) throw fail.postNotFound();
  return post;
}

const score = (p: StoredPost) => p.likeCount + p.comments.length;
const isPostSort = (value: string): value is PostSort => (POST_SORTS as readonly string[]).includes(value);

/** Largest page size a caller may ask for; the explore feed asks for 2. */
const MAX_PAGE_LIMIT = 1000;

export function postRoutes(r: RouteKit): void {
  r.read('get', '/posts', ({ render }) => ok({ posts: render.posts() }));

  // Cumulative explore page: the first page*limit + limit posts, by likes plus comments (newest
  // first on ties), or newest first with ?sort=latest.
  r.read('get', '/posts/:limit/:page', ({ db, params, query, render }) => {
    const limit = wholeNumber(params.limit, 'limit');
    const page = wholeNumber(params.page, 'page');
    if (limit < 1 || limit > MAX_PAGE_LIMIT) throw fail.badRequest(`"limit" must be between 1 and ${MAX_PAGE_LIMIT}.`);
    const sort = query.sort ?? 'trending';
    if (!isPostSort(sort)) throw fail.badRequest(`"sort" must be one of: ${POST_SORTS.join(', ')}.`);
    const newest = sortNewestFirst(db.posts);
    const sorted = sort === 'latest' ? newest : newest.sort((a, b) => score(b) - score(a));
    return ok({ posts: sorted.slice(0, page * limit + limit).map((p) => render.post(p)) });
  });

  r.read('get', '/posts/:postId', ({ db, params, render }) => ok({ post: render.post(postOr404(db, params.postId)) }));

  // By the author's username (login e-mail); a userHandler is accepted too, for convenience.
  r.read('get', '/posts/user/:username', ({ db, params, render }) => {
    const key = (params.username ?? '').trim().toLowerCase();
    const author = db.users.find((u) => u.username.toLowerCase() === key) ?? db.users.find((u) => u.userHandler.toLowerCase() === key);
    if (!author) throw fail.memberNotFound();
    return ok({ posts: sortNewestFirst(db.posts.filter((p) => p.userId === author._id)).map((p) => render.post(p)) });
  });

  // The author is the token holder; a userId in postData is ignored (it could name someone else).
  r.write('post', '/posts', ({ db, body, caller, render, now, storablePic }) => {
    const user = caller();
    const postData = objectField(body, 'postData');
    const content = requiredText(postData.content, 'content', { max: TEXT_LIMITS.post });
    const pic = storablePic(postData.pic, 'pic') ?? '';
    addPost(db, {
      _id: newId(),
      id: takeNumericId(db),
      userId: user._id,
      content,
      pic,
      likeCount: 0,
      likedBy: [],
      dislikedBy: [],
      comments: [],
      createdAt: now,
      updatedAt: now,
    });
    return created({ posts: render.posts() });
  });

  r.write('post', '/posts/edit/:postId', ({ db, params, body, caller, render, now, storablePic }) => {
    const user = caller();
    const post = postOr404(db, params.postId);
    if (post.userId !== user._id) throw fail.forbidden(SERVER_ERRORS.editNotOwner);
    const postData = objectField(body, 'postData');
    const content = requiredText(postData.content, 'content', { max: TEXT_LIMITS.post });
    const pic = storablePic(postData.pic, 'pic');
    post.content = content;
    if (pic !== undefined && pic !== post.pic) {
      post.pic = pic;
      // A description written for the earlier picture (v2) would describe the wrong one.
      if (post.picAlt) post.picAlt = '';
    }
    post.updatedAt = now;
    return created({ posts: render.posts() });
  });

  // Ownership refusals ownership refusals are 403 throughout this API (see errors.ts).
  r.write('delete', '/posts/:postId', ({ db, params, caller, render }) => {
    const user = caller();
    const post = postOr404(db, params.postId);
    if (post.userId !== user._id) throw fail.forbidden(SERVER_ERRORS.deleteNotOwner);
    removePost(db, post);
    // No dangling bookmarks of a post that is gone.
    for (const u of db.users) if (u.bookmarks.includes(post._id)) touch(db, u).bookmarks = u.bookmarks.filter((id) => id !== post._id);
    return created({ posts: render.posts() });
  });

  r.write('post', '/posts/like/:postId', ({ db, params, caller, render }) => {
    const user = caller();
    const post = postOr404(db, params.postId);
    if (post.likedBy.includes(user._id)) throw fail.badRequest(SERVER_ERRORS.alreadyLiked);
    post.dislikedBy = post.dislikedBy.filter((id) => id !== user._id);
    post.likedBy.push(user._id);
    post.likeCount = post.likedBy.length;
    return created({ posts: render.posts() });
  });

  // A dislike takes back an earlier like (count -1); from someone who had not liked, it leaves the count alone.
  r.write('post', '/posts/dislike/:postId', ({ db, params, caller, render }) => {
    const user = caller();
    const post = postOr404(db, params.postId);
    if (post.dislikedBy.includes(user._id)) throw fail.badRequest(SERVER_ERRORS.alreadyDisliked);
    post.likedBy = post.likedBy.filter((id) => id !== user._id);
    post.dislikedBy.push(user._id);
    post.likeCount = post.likedBy.length;
    return created({ posts: render.posts() });
  });
}
