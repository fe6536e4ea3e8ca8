/**
 * Writes into the query cache: each answer of a write is applied once, by id, to the entity
 * and to every loaded page that shows it, so every list on every page follows at once.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { auth$, updateAuthUser } from '@social/shell/bus';
import type {
  AuthorV2,
  CommentV2,
  CommentsPageV2,
  MeV2,
  MemberV2,
  MembersPageV2,
  NotificationV2,
  NotificationsPageV2,
  PostV2,
  PostsPageV2,
  RelationshipV2,
} from '@social/mock-api/contract-v2';
import { tagsOf } from '@social/mock-api/text';
import { queryClient as defaultClient, queryKeys } from './client';

type Pages<P> = InfiniteData<P, string | null>;

function mapPages<P extends object>(data: Pages<P> | undefined, map: (page: P) => P): Pages<P> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const next = map(page);
    if (next !== page) changed = true;
    return next;
  });
  return changed ? { ...data, pages } : data;
}

/** The list with `item` in place of the entry of the same _id (the same list when absent). */
function replaceIn<T extends { _id: string }>(items: T[], item: T): T[] {
  const at = items.findIndex((x) => x._id === item._id);
  if (at < 0) return items;
  const next = items.slice();
  // Why a list holds a post (a repost in the home feed) is the list's, not the post's: it stays.
  const reason = (items[at] as { repostedBy?: unknown }).repostedBy;
  next[at] = reason === undefined ? item : { ...item, repostedBy: reason };
  return next;
}

/** Writes each post of a page into its entity entry (the cards read them there). */
export function seedPosts(posts: readonly PostV2[], client: QueryClient = defaultClient): void {
  for (const post of posts) client.setQueryData(queryKeys.post(post._id), post);
}

/** Writes each member of a page into its entity entry. */
export function seedMembers(members: readonly MemberV2[], client: QueryClient = defaultClient): void {
  for (const member of members) client.setQueryData(queryKeys.member(member._id), member);
}

/** A write's answer for a post: the entity and every page of every post list that holds it. */
export function putPost(post: PostV2, client: QueryClient = defaultClient): void {
  client.setQueryData(queryKeys.post(post._id), post);
  client.setQueriesData<Pages<PostsPageV2>>({ queryKey: queryKeys.postLists }, (data) =>
    mapPages(data, (page) => {
      const posts = replaceIn(page.posts, post);
      return posts === page.posts ? page : { ...page, posts };
    }),
  );
  leaveOtherTags(post, client);
}

/** A post whose text changed leaves the loaded pages of the tags it no longer has (an edit, here or live). */
export function leaveOtherTags(post: { _id: string; content: string }, client: QueryClient = defaultClient): void {
  const tags = new Set(tagsOf(post.content));
  for (const [key] of client.getQueriesData({ queryKey: queryKeys.tagLists }))
    if (typeof key[2] === 'string' && !tags.has(key[2])) removePostFrom(post._id, key, client);
}

/** A post that was deleted: out of every list, its entity and comments dropped. */
export function removePost(postId: string, client: QueryClient = defaultClient): void {
  client.setQueriesData<Pages<PostsPageV2>>({ queryKey: queryKeys.postLists }, (data) =>
    mapPages(data, (page) =>
      page.posts.some((p) => p._id === postId) ? { ...page, posts: page.posts.filter((p) => p._id !== postId) } : page,
    ),
  );
  client.removeQueries({ queryKey: queryKeys.post(postId), exact: true });
  client.removeQueries({ queryKey: queryKeys.comments(postId), exact: true });
}

/** Puts a new post on top of the first page of the lists it belongs at the top of (Latest orders). */
export function prependPost(post: PostV2, listKeys: readonly (readonly unknown[])[], client: QueryClient = defaultClient): void {
  client.setQueryData(queryKeys.post(post._id), post);
  for (const key of listKeys) {
    client.setQueryData<Pages<PostsPageV2>>(key, (data) => {
      if (!data || data.pages.length === 0) return data;
      if (data.pages.some((page) => page.posts.some((p) => p._id === post._id))) return data;
      const [first, ...rest] = data.pages;
      return { ...data, pages: [{ ...first!, posts: [post, ...first!.posts] }, ...rest] };
    });
  }
}

/**
 * A post the signed-in member wrote (the create's answer, or its live event from another tab):
 * on top of the Latest feeds, of the author's tabs and of its tags' pages. Never announced
 * behind "Show N new posts": a member's own post is not news to them.
 */
export function prependOwnPost(post: PostV2, client: QueryClient = defaultClient): void {
  prependPost(
    post,
    [
      queryKeys.feed('home', 'latest'),
      queryKeys.feed('explore', 'latest'),
      queryKeys.memberPosts(post.userId, 'posts'),
      queryKeys.memberPosts(post.userId, 'activities'),
      ...tagsOf(post.content).map(queryKeys.tagPosts),
    ],
    client,
  );
}

/** Takes one post out of one list (a bookmark removed: out of the bookmarks tab). */
export function removePostFrom(postId: string, listKey: readonly unknown[], client: QueryClient = defaultClient): void {
  client.setQueryData<Pages<PostsPageV2>>(listKey, (data) =>
    mapPages(data, (page) =>
      page.posts.some((p) => p._id === postId) ? { ...page, posts: page.posts.filter((p) => p._id !== postId) } : page,
    ),
  );
}

/** A write's answer for a member: the entity, every member list that holds them, and every place that shows them as an author. */
export function putMember(member: MemberV2, client: QueryClient = defaultClient): void {
  client.setQueryData(queryKeys.member(member._id), member);
  putAuthor(member, client);
  // Member lists are pages (follow lists) or one plain list (suggestions, search results).
  client.setQueriesData<Pages<MembersPageV2> | MemberV2[]>({ queryKey: queryKeys.memberLists }, (data) =>
    Array.isArray(data)
      ? replaceIn(data, member)
      : mapPages(data, (page) => {
          const members = replaceIn(page.members, member);
          return members === page.members ? page : { ...page, members };
        }),
  );
}

/** The fields of a member that posts, comments, replies and notifications carry with them. */
const AUTHOR_FIELDS = ['firstName', 'lastName', 'userHandler', 'pic'] as const;

/** `copy` with the member's current author fields (the same object when they already are). */
function withAuthor<T extends AuthorV2>(copy: T, author: AuthorV2): T {
  if (copy._id !== author._id || AUTHOR_FIELDS.every((field) => copy[field] === author[field])) return copy;
  const next = { ...copy };
  for (const field of AUTHOR_FIELDS) next[field] = author[field];
  return next;
}

/** The list with each item passed through `update` (the same list when none changed). */
function mapItems<T>(items: T[], update: (item: T) => T): T[] {
  let changed = false;
  const next = items.map((item) => {
    const updated = update(item);
    if (updated !== item) changed = true;
    return updated;
  });
  return changed ? next : items;
}

/** A post with the member's author fields when they wrote it (the same post otherwise, or when they are already there). */
export const postBy = (author: AuthorV2) => (post: PostV2) => {
  const postAuthor = withAuthor(post.author, author);
  return postAuthor === post.author ? post : { ...post, author: postAuthor };
};

/** A comment with the member's author fields on it and on each of its replies. */
const commentBy = (author: AuthorV2) => (comment: CommentV2) => {
  const user = withAuthor(comment.user, author);
  const replies = mapItems(comment.replies, (reply) => {
    const replyUser = withAuthor(reply.user, author);
    return replyUser === reply.user ? reply : { ...reply, user: replyUser };
  });
  return user === comment.user && replies === comment.replies ? comment : { ...comment, user, replies };
};

/**
 * A member's name, handle or picture changed (their own edit, or a live `member.changed`): every
 * cached post, comment, reply and notification that shows them as its author or actor follows,
 * as the member's entry does. Only the objects that name the member change, so only their cards
 * re-render.
 */
export function putAuthor(member: AuthorV2, client: QueryClient = defaultClient): void {
  const author: AuthorV2 = {
    _id: member._id,
    firstName: member.firstName,
    lastName: member.lastName,
    userHandler: member.userHandler,
    pic: member.pic,
  };
  const post = postBy(author);
  const comment = commentBy(author);
  for (const [key, entry] of client.getQueriesData<PostV2>({ queryKey: ['post'] })) {
    const next = entry && post(entry);
    if (next && next !== entry) client.setQueryData(key, next);
  }
  client.setQueriesData<Pages<PostsPageV2>>({ queryKey: queryKeys.postLists }, (data) =>
    mapPages(data, (page) => {
      const posts = mapItems(page.posts, post);
      return posts === page.posts ? page : { ...page, posts };
    }),
  );
  client.setQueriesData<Pages<CommentsPageV2>>({ queryKey: ['comments'] }, (data) =>
    mapPages(data, (page) => {
      const comments = mapItems(page.comments, comment);
      return comments === page.comments ? page : { ...page, comments };
    }),
  );
  updateNotifications(client, (pages) =>
    mapItems(pages, (page) => {
      const notifications = mapItems(page.notifications, (n) => {
        const actor = withAuthor(n.actor, author);
        return actor === n.actor ? n : { ...n, actor };
      });
      return notifications === page.notifications ? page : { ...page, notifications };
    }),
  );
}

/** The signed-in member's own answer: the session's user (the bus), 'me', and their public entity. */
export function putMe(me: MeV2, client: QueryClient = defaultClient): void {
  client.setQueryData(queryKeys.me, me);
  if (auth$.value?.user._id === me._id) updateAuthUser(me);
  const { username: _username, bookmarkCount: _bookmarks, ...rest } = me;
  const known = client.getQueryData<MemberV2>(queryKeys.member(me._id));
  putMember({ ...known, ...rest }, client);
}

/** A write's answer for a comment (edit, upvote, a reply added, edited or removed). */
export function putComment(comment: CommentV2, client: QueryClient = defaultClient): void {
  client.setQueryData<Pages<CommentsPageV2>>(queryKeys.comments(comment.postId), (data) =>
    mapPages(data, (page) => {
      const comments = replaceIn(page.comments, comment);
      return comments === page.comments ? page : { ...page, comments };
    }),
  );
}

/** A new comment: after the last loaded one (comments are oldest first). */
export function appendComment(comment: CommentV2, client: QueryClient = defaultClient): void {
  client.setQueryData<Pages<CommentsPageV2>>(queryKeys.comments(comment.postId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.comments.some((c) => c._id === comment._id))) return data;
    const pages = data.pages.slice();
    const last = pages[pages.length - 1]!;
    pages[pages.length - 1] = { ...last, comments: [...last.comments, comment] };
    return { ...data, pages };
  });
}

/** A deleted comment: out of its post's pages. */
export function removeComment(postId: string, commentId: string, client: QueryClient = defaultClient): void {
  client.setQueryData<Pages<CommentsPageV2>>(queryKeys.comments(postId), (data) =>
    mapPages(data, (page) =>
      page.comments.some((c) => c._id === commentId) ? { ...page, comments: page.comments.filter((c) => c._id !== commentId) } : page,
    ),
  );
}

/**
 * After the member blocked, unblocked, muted or unmuted someone (docs/safety.md): every post
 * list, comment list and member list may now show more or less, so each is read again.
 */
export function refetchAfterSafetyChange(client: QueryClient = defaultClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.postLists });
  void client.invalidateQueries({ queryKey: queryKeys.memberLists });
  void client.invalidateQueries({ queryKey: ['comments'] });
}

/** How the member now stands with `memberId` (an answer of block, mute and their undoing, or a live event). */
export function putRelationship(memberId: string, relationship: RelationshipV2, client: QueryClient = defaultClient): void {
  client.setQueryData(queryKeys.relationship(memberId), relationship);
}

/** Changes the cached notifications list (every loaded page), when there is one. */
function updateNotifications(client: QueryClient, update: (pages: NotificationsPageV2[]) => NotificationsPageV2[]): void {
  client.setQueryData<Pages<NotificationsPageV2>>(queryKeys.notifications, (data) => {
    if (!data) return data;
    const pages = update(data.pages);
    return pages === data.pages ? data : { ...data, pages };
  });
}

/** A notification new or changed (a new member in its group): it leaves its place and goes to the top. */
export function putNotification(notification: NotificationV2, client: QueryClient = defaultClient): void {
  updateNotifications(client, (pages) =>
    pages.map((page, i) => {
      const others = page.notifications.filter((n) => n._id !== notification._id);
      return { ...page, notifications: i === 0 ? [notification, ...others] : others };
    }),
  );
}

export function removeNotification(notificationId: string, client: QueryClient = defaultClient): void {
  updateNotifications(client, (pages) =>
    pages.map((page) => ({ ...page, notifications: page.notifications.filter((n) => n._id !== notificationId) })),
  );
}

/** Every cached notification read. */
export function markAllRead(client: QueryClient = defaultClient): void {
  updateNotifications(client, (pages) =>
    pages.map((page) =>
      page.notifications.every((n) => n.read) ? page : { ...page, notifications: page.notifications.map((n) => ({ ...n, read: true })) },
    ),
  );
}
