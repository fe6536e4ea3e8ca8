/**
 * Applies one live event (../../../../mock-api/src/contract-live.ts) to the query cache, in
 * place. Events carry the entity's absolute state, so applying one twice, or after the
 * member's own write already put the same state there, changes nothing: the member's own
 * events are never counted twice. The member's own view (reaction, bookmark, upvote) is kept
 * from the cached copy; only the private `viewer.*` events of the member's own other pages
 * change it.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { auth$, updateAuthUser } from '@social/shell/bus';
import type { LiveEvent, LiveMember, LivePost } from '@social/mock-api/contract-live';
import type { CommentV2, CommentsPageV2, MeV2, MemberV2, MembersPageV2, PostV2, PostsPageV2 } from '@social/mock-api/contract-v2';
import { queryKeys } from '../client';
import {
  appendComment,
  leaveOtherTags,
  markAllRead,
  postBy,
  prependOwnPost,
  putAuthor,
  putNotification,
  putRelationship,
  refetchAfterSafetyChange,
  removeComment,
  removeNotification,
} from '../cache';
import { markPostDeleted, POST_DELETED_NOTICE } from './deleted';
import { addNewPost, updateEveryNewPost, updateNewPost } from './new-posts';

type Pages<P> = InfiniteData<P, string | null>;

/** What applying needs besides the cache: who is signed in, whom they follow, how to say things. */
export interface LiveContext {
  client: QueryClient;
  /** The signed-in member's _id. */
  myId: string;
  /** Whether the member's home feed shows `authorId`'s posts (they follow them), or null when unknown yet. */
  inHomeFeed: (authorId: string) => boolean | null;
  /** Asks the server, then answers as `inHomeFeed` would (an author not known yet). */
  askHomeFeed: (authorId: string) => Promise<boolean>;
  /** `follow.changed` from the member: whom they follow changed. */
  followChanged: (followeeId: string, following: boolean) => void;
  /** A short polite notice (a toast). */
  notify: (message: string) => void;
}

function mapPostLists(client: QueryClient, postId: string, update: (post: PostV2) => PostV2): void {
  client.setQueriesData<Pages<PostsPageV2>>({ queryKey: queryKeys.postLists }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const at = page.posts.findIndex((p) => p._id === postId);
      if (at < 0) return page;
      const next = update(page.posts[at]!);
      if (next === page.posts[at]) return page;
      changed = true;
      const posts = page.posts.slice();
      posts[at] = next;
      return { ...page, posts };
    });
    return changed ? { ...data, pages } : data;
  });
}

/**
 * A backend answers a read some time after it read (its delay, the network), so a fetch on its
 * way when an event arrives may bring the state from before the event: it would put the old
 * state back, or there is no data yet to apply the event to. Such a fetch is replaced by a new
 * one (the event is sent after its change was committed, so the new read sees it).
 */
function refetchIfLoading(client: QueryClient, queryKey: readonly unknown[]): void {
  if (client.getQueryState(queryKey)?.fetchStatus !== 'fetching') return;
  // Cancelled first: a refetch alone would join a first fetch (no data yet) instead of replacing it.
  const filters = { queryKey, exact: true };
  client
    .cancelQueries(filters)
    .then(() => client.refetchQueries(filters))
    .catch(() => undefined);
}

/** Changes every cached copy of a post (its entry, every list, the waiting new posts); `update` answers the same object for no change. */
function updatePost(client: QueryClient, postId: string, update: (post: PostV2) => PostV2): void {
  const entry = client.getQueryData<PostV2>(queryKeys.post(postId));
  if (entry) {
    const next = update(entry);
    if (next !== entry) client.setQueryData(queryKeys.post(postId), next);
  }
  refetchIfLoading(client, queryKeys.post(postId));
  mapPostLists(client, postId, update);
  updateNewPost(postId, update);
}

/** The event's post with the member's own view kept (or none yet: a post the member has not reacted to). */
function withViewer(post: LivePost, known: PostV2 | undefined): PostV2 {
  return { ...post, viewer: known?.viewer ?? { reaction: null, bookmarked: false, reposted: false } };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function updateComments(client: QueryClient, postId: string, update: (comments: CommentV2[]) => CommentV2[]): void {
  client.setQueryData<Pages<CommentsPageV2>>(queryKeys.comments(postId), (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const comments = update(page.comments);
      if (comments === page.comments) return page;
      changed = true;
      return { ...page, comments };
    });
    return changed ? { ...data, pages } : data;
  });
}

function updateMember(client: QueryClient, memberId: string, update: (member: MemberV2) => MemberV2): void {
  const entry = client.getQueryData<MemberV2>(queryKeys.member(memberId));
  if (entry) {
    const next = update(entry);
    if (next !== entry) client.setQueryData(queryKeys.member(memberId), next);
  }
  const inList = (members: MemberV2[]): MemberV2[] => {
    const at = members.findIndex((m) => m._id === memberId);
    if (at < 0) return members;
    const next = update(members[at]!);
    if (next === members[at]) return members;
    const copy = members.slice();
    copy[at] = next;
    return copy;
  };
  client.setQueriesData<Pages<MembersPageV2> | MemberV2[]>({ queryKey: queryKeys.memberLists }, (data) => {
    if (!data) return data;
    if (Array.isArray(data)) return inList(data);
    let changed = false;
    const pages = data.pages.map((page) => {
      const members = inList(page.members);
      if (members === page.members) return page;
      changed = true;
      return { ...page, members };
    });
    return changed ? { ...data, pages } : data;
  });
}

function mergeMember(live: LiveMember) {
  return (member: MemberV2): MemberV2 => {
    const next: MemberV2 = { ...live, viewerFollows: member.viewerFollows, followsViewer: member.followsViewer };
    if (member.viewerFollows === undefined) delete next.viewerFollows;
    if (member.followsViewer === undefined) delete next.followsViewer;
    // A member who blocked this viewer: the event's count is everyone's, the viewer is shown none of their posts.
    if (member.blocksViewer) Object.assign(next, { blocksViewer: true, postCount: 0 });
    return sameJson(next, member) ? member : next;
  };
}

/** Whether the Latest list of `mode` is loaded (new posts then wait for it; else its first fetch brings them). */
function feedLoaded(client: QueryClient, mode: 'home' | 'explore'): boolean {
  return !!client.getQueryData<Pages<PostsPageV2>>(queryKeys.feed(mode, 'latest'))?.pages.length;
}

function holdsPost(client: QueryClient, mode: 'home' | 'explore', postId: string): boolean {
  return !!client
    .getQueryData<Pages<PostsPageV2>>(queryKeys.feed(mode, 'latest'))
    ?.pages.some((page) => page.posts.some((p) => p._id === postId));
}

/**
 * A live comment without edit marks (the in-browser backend's events leave them out) keeps the
 * ones the page already had, for the comment and for each reply it still has.
 */
function keepEditMarks(next: CommentV2, old: CommentV2): CommentV2 {
  if (next.edited !== undefined) return next;
  const known = new Map(old.replies.map((reply) => [reply._id, reply.edited]));
  return {
    ...next,
    edited: old.edited,
    replies: next.replies.map((reply) => (reply.edited !== undefined ? reply : { ...reply, edited: known.get(reply._id) })),
  };
}

/** Applies one event; a promise only for a new post whose author's place in the home feed must be asked. */
export function applyLiveEvent(event: LiveEvent, ctx: LiveContext): void | Promise<void> {
  const { client } = ctx;
  switch (event.kind) {
    case 'post.counts': {
      const { postId, likeCount, dislikeCount, commentCount, repostCount } = event.data;
      updatePost(client, postId, (post) =>
        post.likeCount === likeCount &&
        post.dislikeCount === dislikeCount &&
        post.commentCount === commentCount &&
        post.repostCount === repostCount
          ? post
          : { ...post, likeCount, dislikeCount, commentCount, repostCount },
      );
      return;
    }
    case 'post.edited': {
      const live = event.data.post;
      updatePost(client, live._id, (post) => {
        const next = withViewer(live, post);
        return sameJson(next, post) ? post : next;
      });
      leaveOtherTags(live, client);
      return;
    }
    case 'post.created': {
      const post = withViewer(event.data.post, undefined);
      // The member's own (from another tab, or before this tab's create has its answer): in place, never announced.
      if (post.userId === ctx.myId) return prependOwnPost(post, client);
      if (feedLoaded(client, 'explore') && !holdsPost(client, 'explore', post._id)) addNewPost('explore', post);
      if (!feedLoaded(client, 'home') || holdsPost(client, 'home', post._id)) return;
      const known = ctx.inHomeFeed(post.userId);
      if (known === true) addNewPost('home', post);
      if (known !== null) return;
      return ctx.askHomeFeed(post.userId).then((yes) => {
        if (yes && !holdsPost(client, 'home', post._id)) addNewPost('home', post);
      });
    }
    case 'post.deleted': {
      const { postId } = event.data;
      const authorId = client.getQueryData<PostV2>(queryKeys.post(postId))?.userId;
      const shown = markPostDeleted(postId, client);
      // The member's own deletion has its own success toast.
      if (shown && authorId !== ctx.myId) ctx.notify(POST_DELETED_NOTICE);
      return;
    }
    case 'comment.added':
      appendComment({ ...event.data.comment, viewerUpvoted: false }, client);
      refetchIfLoading(client, queryKeys.comments(event.data.comment.postId));
      return;
    case 'comment.edited': {
      const live = event.data.comment;
      updateComments(client, live.postId, (comments) => {
        const at = comments.findIndex((c) => c._id === live._id);
        if (at < 0) return comments;
        const old = comments[at]!;
        const next: CommentV2 = keepEditMarks({ ...live, viewerUpvoted: old.viewerUpvoted }, old);
        if (old.viewerUpvoted === undefined) delete next.viewerUpvoted;
        if (sameJson(next, old)) return comments;
        const copy = comments.slice();
        copy[at] = next;
        return copy;
      });
      refetchIfLoading(client, queryKeys.comments(live.postId));
      return;
    }
    case 'comment.deleted':
      removeComment(event.data.postId, event.data.commentId, client);
      refetchIfLoading(client, queryKeys.comments(event.data.postId));
      return;
    case 'member.changed': {
      const live = event.data.member;
      updateMember(client, live._id, mergeMember(live));
      // Their cards, comments, replies and notifications show the new name and picture too.
      putAuthor(live, client);
      updateEveryNewPost(postBy(live));
      if (live._id === ctx.myId) {
        client.setQueryData<MeV2>(queryKeys.me, (me) => {
          if (!me) return me;
          const next = { ...me, ...live };
          return sameJson(next, me) ? me : next;
        });
        // The nav bar's avatar and name: the session's stored user.
        const session = auth$.value?.user;
        if (session?._id === live._id) updateAuthUser({ ...session, ...live });
      }
      return;
    }
    case 'follow.changed': {
      const { followerId, followeeId, following } = event.data;
      if (followerId === ctx.myId) {
        ctx.followChanged(followeeId, following);
        updateMember(client, followeeId, (m) => (m.viewerFollows === following ? m : { ...m, viewerFollows: following }));
      }
      if (followeeId === ctx.myId)
        updateMember(client, followerId, (m) => (m.followsViewer === following ? m : { ...m, followsViewer: following }));
      return;
    }
    case 'reset':
      // Stale beyond repair: what is on screen is read again.
      void client.invalidateQueries();
      return;
    case 'viewer.post': {
      const { memberId, postId, viewer } = event.data;
      if (memberId !== ctx.myId) return;
      let bookmarkMoved = false;
      updatePost(client, postId, (post) => {
        if (
          post.viewer?.reaction === viewer.reaction &&
          post.viewer.bookmarked === viewer.bookmarked &&
          post.viewer.reposted === viewer.reposted
        )
          return post;
        bookmarkMoved ||= post.viewer?.bookmarked !== viewer.bookmarked;
        return { ...post, viewer };
      });
      // The bookmarks tab lists them in the order they were made: read again, not patched.
      if (bookmarkMoved || !client.getQueryData(queryKeys.post(postId)))
        void client.invalidateQueries({ queryKey: queryKeys.memberPosts(memberId, 'bookmarks') });
      return;
    }
    case 'viewer.comment': {
      const { memberId, postId, commentId, upvoted } = event.data;
      if (memberId !== ctx.myId) return;
      updateComments(client, postId, (comments) => {
        const at = comments.findIndex((c) => c._id === commentId);
        if (at < 0 || comments[at]!.viewerUpvoted === upvoted) return comments;
        const copy = comments.slice();
        copy[at] = { ...comments[at]!, viewerUpvoted: upvoted };
        return copy;
      });
      return;
    }
    case 'viewer.relationship':
      // Blocked, unblocked, muted or unmuted on another page: every list safety filters is read again.
      if (event.data.memberId !== ctx.myId) return;
      putRelationship(event.data.otherId, event.data.relationship, client);
      refetchAfterSafetyChange(client);
      return;
    // The member's own notifications: the list and the badge's stored count, as the server has them.
    case 'notification.changed':
      if (event.data.memberId !== ctx.myId) return;
      putNotification(event.data.notification, client);
      client.setQueryData(queryKeys.unreadNotifications, event.data.unreadCount);
      return;
    case 'notification.removed':
      if (event.data.memberId !== ctx.myId) return;
      removeNotification(event.data.notificationId, client);
      client.setQueryData(queryKeys.unreadNotifications, event.data.unreadCount);
      return;
    case 'notification.read':
      if (event.data.memberId !== ctx.myId) return;
      markAllRead(client);
      client.setQueryData(queryKeys.unreadNotifications, event.data.unreadCount);
      return;
  }
}
