/** /users endpoints: list, lookups, profile edit, bookmarks, follow and unfollow (client: mock-api/src/client.ts). */
import { SERVER_ERRORS } from '../../contract';
import { fail } from '../errors';
import { findPost, findUser, type StoredUser } from '../store';
import { INPUT_MESSAGES, link, objectField, text, TEXT_LIMITS } from '../validate';
import { created, ok, type RouteKit } from './kit';

const without = (list: string[], id: string) => list.filter((x) => x !== id);

export function memberRoutes(r: RouteKit): void {
  r.read('get', '/users', ({ render }) => ok({ users: render.users() }));

  r.read('get', '/users/id/:userId', ({ db, params, render }) => {
    const user = findUser(db, params.userId ?? '');
    if (!user) throw fail.memberNotFound();
    return ok({ user: render.user(user) });
  });

  r.read('get', '/users/handler/:userHandler', ({ db, params, render }) => {
    const handle = (params.userHandler ?? '').toLowerCase();
    const user = db.users.find((u) => u.userHandler.toLowerCase() === handle);
    if (!user) throw fail.memberNotFound();
    return ok({ user: render.user(user) });
  });

  // Only the fields a member may change; username, password, ids and lists are ignored.
  r.write('post', '/users/edit', ({ body, caller, render, now, storablePic }) => {
    const user = caller();
    const userData = objectField(body, 'userData');
    const changes: Partial<StoredUser> = {};
    const firstName = text(userData.firstName, 'firstName', { required: false, max: TEXT_LIMITS.name });
    const lastName = text(userData.lastName, 'lastName', { required: false, max: TEXT_LIMITS.name });
    const bio = text(userData.bio, 'bio', { required: false, allowEmpty: true, max: TEXT_LIMITS.bio });
    const userLink = link(userData.link);
    const pic = storablePic(userData.pic, 'pic');
    if (firstName !== undefined) changes.firstName = firstName;
    if (lastName !== undefined) changes.lastName = lastName;
    if (bio !== undefined) changes.bio = bio;
    if (userLink !== undefined) changes.link = userLink;
    // An emptied picture goes back to the default avatar rather than a broken image.
    if (pic !== undefined && pic !== '') changes.pic = pic;
    Object.assign(user, changes, { updatedAt: now });
    return created({ user: render.user(user) });
  });

  r.read('get', '/users/bookmark', ({ caller }) => ok({ bookmarks: [...caller().bookmarks] }));

  r.write('post', '/users/bookmark/:postId', ({ db, params, caller }) => {
    const user = caller();
    const postId = params.postId ?? '';
    if (!findPost(db, postId)) throw fail.postNotFound();
    if (user.bookmarks.includes(postId)) throw fail.badRequest(SERVER_ERRORS.alreadyBookmarked);
    user.bookmarks.push(postId);
    return ok({ bookmarks: [...user.bookmarks] });
  });

  r.write('post', '/users/remove-bookmark/:postId', ({ db, params, caller }) => {
    const user = caller();
    const postId = params.postId ?? '';
    // A bookmark of a post deleted since can still be removed.
    if (!user.bookmarks.includes(postId)) {
      if (!findPost(db, postId)) throw fail.postNotFound();
      throw fail.badRequest(SERVER_ERRORS.notBookmarked);
    }
    user.bookmarks = without(user.bookmarks, postId);
    return ok({ bookmarks: [...user.bookmarks] });
  });

  r.write('post', '/users/follow/:followUserId', ({ db, params, caller, render, now }) => {
    const user = caller();
    const target = findUser(db, params.followUserId ?? '');
    if (!target) throw fail.memberNotFound();
    if (target._id === user._id) throw fail.badRequest(INPUT_MESSAGES.followSelf);
    if (user.following.includes(target._id)) throw fail.badRequest(SERVER_ERRORS.alreadyFollowing);
    user.following.push(target._id);
    if (!target.followers.includes(user._id)) target.followers.push(user._id);
    user.updatedAt = now;
    target.updatedAt = now;
    return ok({ user: render.user(user), allUsers: render.users() });
  });

  r.write('post', '/users/unfollow/:followUserId', ({ db, params, caller, render, now }) => {
    const user = caller();
    const target = findUser(db, params.followUserId ?? '');
    if (!target) throw fail.memberNotFound();
    if (target._id === user._id) throw fail.badRequest(INPUT_MESSAGES.followSelf);
    if (!user.following.includes(target._id)) throw fail.badRequest(SERVER_ERRORS.notFollowing);
    user.following = without(user.following, target._id);
    target.followers = without(target.followers, user._id);
    user.updatedAt = now;
    target.updatedAt = now;
    return ok({ user: render.user(user), allUsers: render.users() });
  });
}
