/**
 * The calls of the product's own API (`/api/v2`, types in ./contract-v2.ts), on the request
 * function of ./client.ts (same token header, same ApiError). Reads send the token when there
 * is one, so answers carry the caller's `viewer` fields. Creating calls (signup, post, comment)
 * send an Idempotency-Key, so the client's one retry after a lost answer creates nothing twice.
 */
import type { LoginInput, SignupInput, UserEdit } from './contract';
import type {
  AccountExportV2,
  AddedCommentAnswerV2,
  BlockAnswerV2,
  MemberV2,
  MetaAnswerV2,
  RelationshipAnswerV2,
  ReportAnswerV2,
  ReportDraftV2,
  ReportSentAnswerV2,
  ReportsPageV2,
  RolesAnswerV2,
  CommentAnswerV2,
  CommentsPageV2,
  DeletedCommentAnswerV2,
  DeletedPostAnswerV2,
  FeedQuery,
  FollowAnswerV2,
  MeAnswerV2,
  MemberAnswerV2,
  MembersPageV2,
  NotificationsPageV2,
  PageQuery,
  PasswordChangeV2,
  PasswordChangedAnswerV2,
  PostAnswerV2,
  PostDraftV2,
  PostHistoryPageV2,
  PostsPageV2,
  RepostersPageV2,
  SessionAnswerV2,
  TagAnswerV2,
  TagsPageV2,
  TrendingTagsAnswerV2,
  UnreadCountV2,
} from './contract-v2';

import { LIVE_TICKET_PATH, type LiveTicketAnswer } from './contract-live';

type Method = 'GET' | 'POST' | 'DELETE';

/** How ./client.ts's request function sends a call. */
export interface RequestOptions {
  auth?: boolean;
  body?: unknown;
  idempotent?: boolean;
  /**
   * The account of a call that checks its password (a login, a password change, a deletion): its
   * device token is sent, so guesses from elsewhere do not lock its owner out, and the one the
   * answer carries is kept.
   */
  device?: string;
}

export type RequestFn = <T>(method: Method, path: string, options?: RequestOptions) => Promise<T>;

/** `?limit=&cursor=&…` from the given values (undefined and null left out). */
function queryString(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createV2Calls(request: RequestFn) {
  const id = encodeURIComponent;
  const v2 = '/v2';
  const page = ({ limit, cursor }: PageQuery = {}) => ({ limit, cursor });
  const read = <T>(path: string) => request<T>('GET', `${v2}${path}`, { auth: true });
  const write = <T>(path: string, body: unknown = {}) => request<T>('POST', `${v2}${path}`, { auth: true, body });
  const remove = <T>(path: string) => request<T>('DELETE', `${v2}${path}`, { auth: true });

  return {
    /** What the backend is (no token sent): `demo`, whether the login page's test credentials are members there. */
    meta: () => request<MetaAnswerV2>('GET', `${v2}/meta`),
    auth: {
      login: (input: LoginInput) => request<SessionAnswerV2>('POST', `${v2}/auth/login`, { body: input, device: input.username }),
      signup: (input: SignupInput) => request<SessionAnswerV2>('POST', `${v2}/auth/signup`, { body: input, idempotent: true }),
      logout: () => write<Record<string, never>>('/auth/logout'),
    },
    me: {
      get: () => read<MeAnswerV2>('/me'),
      edit: (userData: UserEdit) => write<MeAnswerV2>('/me', { userData }),
      bookmarks: (query?: PageQuery) => read<PostsPageV2>(`/me/bookmarks${queryString(page(query))}`),
      /**
       * Every session ends, this one too: use the answer's token from now on. `account`: the
       * member's e-mail, whose device token goes with it (docs/account.md, "Rate limits").
       */
      changePassword: (input: PasswordChangeV2, account?: string) =>
        request<PasswordChangedAnswerV2>('POST', `${v2}/me/password`, { auth: true, body: input, device: account }),
      exportData: () => read<AccountExportV2>('/me/export'),
      /** Deletes the account and everything that is theirs; the token stops working. `account`: as for changePassword. */
      deleteAccount: (password: string, account?: string) =>
        request<Record<string, never>>('POST', `${v2}/me/delete`, { auth: true, body: { password }, device: account }),
      /** Whether the member moderates (the "Moderation" link). */
      roles: () => read<RolesAnswerV2>('/me/roles'),
      /** Members the caller blocked, most recent first. */
      blocks: (query?: PageQuery) => read<MembersPageV2>(`/me/blocks${queryString(page(query))}`),
      /** Members the caller mutes now, most recent first, each with the mute's end. */
      mutes: (query?: PageQuery) =>
        read<{ mutes: { member: MemberV2; until: string | null }[]; nextCursor: string | null }>(`/me/mutes${queryString(page(query))}`),
    },
    feed: {
      home: ({ sort, ...query }: FeedQuery = {}) => read<PostsPageV2>(`/feed/home${queryString({ sort, ...page(query) })}`),
      explore: ({ sort, ...query }: FeedQuery = {}) => read<PostsPageV2>(`/feed/explore${queryString({ sort, ...page(query) })}`),
    },
    members: {
      search: (q: string, query?: PageQuery) => read<MembersPageV2>(`/members/search${queryString({ q, ...page(query) })}`),
      suggested: (query?: PageQuery) => read<MembersPageV2>(`/members/suggested${queryString(page(query))}`),
      byHandle: (userHandler: string) => read<MemberAnswerV2>(`/members/handle/${id(userHandler)}`),
      byId: (memberId: string) => read<MemberAnswerV2>(`/members/${id(memberId)}`),
      posts: (memberId: string, query?: PageQuery) => read<PostsPageV2>(`/members/${id(memberId)}/posts${queryString(page(query))}`),
      activities: (memberId: string, query?: PageQuery) =>
        read<PostsPageV2>(`/members/${id(memberId)}/activities${queryString(page(query))}`),
      followers: (memberId: string, query?: PageQuery) =>
        read<MembersPageV2>(`/members/${id(memberId)}/followers${queryString(page(query))}`),
      following: (memberId: string, query?: PageQuery) =>
        read<MembersPageV2>(`/members/${id(memberId)}/following${queryString(page(query))}`),
      follow: (memberId: string) => write<FollowAnswerV2>(`/members/follow/${id(memberId)}`),
      unfollow: (memberId: string) => write<FollowAnswerV2>(`/members/unfollow/${id(memberId)}`),
      relationship: (memberId: string) => read<RelationshipAnswerV2>(`/members/${id(memberId)}/relationship`),
      block: (memberId: string) => write<BlockAnswerV2>(`/members/block/${id(memberId)}`),
      unblock: (memberId: string) => write<BlockAnswerV2>(`/members/unblock/${id(memberId)}`),
      /** `duration` in seconds (MUTE_DURATIONS); 0: until unmuted. */
      mute: (memberId: string, duration: number) => write<RelationshipAnswerV2>(`/members/mute/${id(memberId)}`, { duration }),
      unmute: (memberId: string) => write<RelationshipAnswerV2>(`/members/unmute/${id(memberId)}`),
      report: (memberId: string, draft: ReportDraftV2) => write<ReportSentAnswerV2>(`/members/${id(memberId)}/report`, draft),
    },
    tags: {
      /** `tag` with or without capitals, without the '#'. */
      posts: (tag: string, query?: PageQuery) => read<PostsPageV2>(`/tags/${id(tag)}/posts${queryString(page(query))}`),
      /** The tag as the server names it, with `viewerFollows`. */
      get: (tag: string) => read<TagAnswerV2>(`/tags/${id(tag)}`),
      follow: (tag: string) => write<TagAnswerV2>(`/tags/follow/${id(tag)}`),
      unfollow: (tag: string) => write<TagAnswerV2>(`/tags/unfollow/${id(tag)}`),
      /** The caller's followed tags, most recently followed first. */
      followed: (query?: PageQuery) => read<TagsPageV2>(`/me/tags${queryString(page(query))}`),
      /** The tags in the most posts of the last 24 hours (TRENDING_TAGS), each member's posts counted once. */
      trending: () => read<TrendingTagsAnswerV2>('/trends/tags'),
    },
    search: {
      /** Posts matching every word of `q` (with `#tag` and `from:@handle`), best matches first, then newest. */
      posts: (q: string, query?: PageQuery) => read<PostsPageV2>(`/search/posts${queryString({ q, ...page(query) })}`),
    },
    posts: {
      byId: (postId: string) => read<PostAnswerV2>(`/posts/${id(postId)}`),
      create: (postData: PostDraftV2) => request<PostAnswerV2>('POST', `${v2}/posts`, { auth: true, body: { postData }, idempotent: true }),
      edit: (postId: string, postData: PostDraftV2) => write<PostAnswerV2>(`/posts/edit/${id(postId)}`, { postData }),
      remove: (postId: string) => remove<DeletedPostAnswerV2>(`/posts/${id(postId)}`),
      like: (postId: string) => write<PostAnswerV2>(`/posts/like/${id(postId)}`),
      dislike: (postId: string) => write<PostAnswerV2>(`/posts/dislike/${id(postId)}`),
      bookmark: (postId: string) => write<PostAnswerV2>(`/posts/bookmark/${id(postId)}`),
      removeBookmark: (postId: string) => write<PostAnswerV2>(`/posts/remove-bookmark/${id(postId)}`),
      repost: (postId: string) => write<PostAnswerV2>(`/posts/repost/${id(postId)}`),
      undoRepost: (postId: string) => write<PostAnswerV2>(`/posts/undo-repost/${id(postId)}`),
      reposters: (postId: string, query?: PageQuery) => read<RepostersPageV2>(`/posts/${id(postId)}/reposters${queryString(page(query))}`),
      report: (postId: string, draft: ReportDraftV2) => write<ReportSentAnswerV2>(`/posts/${id(postId)}/report`, draft),
      /** The post's earlier versions, newest first. */
      history: (postId: string, query?: PageQuery) => read<PostHistoryPageV2>(`/posts/${id(postId)}/history${queryString(page(query))}`),
      /** Members who liked the post, newest first (less those the caller's lists hide). */
      likers: (postId: string, query?: PageQuery) => read<MembersPageV2>(`/posts/${id(postId)}/likers${queryString(page(query))}`),
    },
    moderation: {
      /** Open reports, oldest first (moderators only). */
      reports: (query?: PageQuery) => read<ReportsPageV2>(`/moderation/reports${queryString(page(query))}`),
      removePost: (reportId: string) => write<ReportAnswerV2>(`/moderation/reports/${id(reportId)}/remove`),
      dismiss: (reportId: string) => write<ReportAnswerV2>(`/moderation/reports/${id(reportId)}/dismiss`),
    },
    comments: {
      ofPost: (postId: string, query?: PageQuery) => read<CommentsPageV2>(`/posts/${id(postId)}/comments${queryString(page(query))}`),
      add: (postId: string, content: string) =>
        request<AddedCommentAnswerV2>('POST', `${v2}/posts/${id(postId)}/comments`, {
          auth: true,
          body: { commentData: { content } },
          idempotent: true,
        }),
      edit: (commentId: string, content: string) => write<CommentAnswerV2>(`/comments/edit/${id(commentId)}`, { commentData: { content } }),
      remove: (commentId: string) => remove<DeletedCommentAnswerV2>(`/comments/${id(commentId)}`),
      upvote: (commentId: string) => write<CommentAnswerV2>(`/comments/upvote/${id(commentId)}`),
      reply: (commentId: string, content: string) =>
        write<CommentAnswerV2>(`/comments/${id(commentId)}/replies`, { replyData: { content } }),
      editReply: (commentId: string, replyId: string, content: string) =>
        write<CommentAnswerV2>(`/comments/${id(commentId)}/replies/edit/${id(replyId)}`, { replyData: { content } }),
      removeReply: (commentId: string, replyId: string) => remove<CommentAnswerV2>(`/comments/${id(commentId)}/replies/${id(replyId)}`),
    },
    notifications: {
      /** The caller's own, newest first. */
      list: (query?: PageQuery) => read<NotificationsPageV2>(`/notifications${queryString(page(query))}`),
      unreadCount: () => read<UnreadCountV2>('/notifications/unread-count'),
      /** Every notification of the caller's becomes read. */
      markRead: () => write<UnreadCountV2>('/notifications/read'),
    },
    live: {
      /** api-server's one-time ticket for the member's live stream (./contract-live.ts; the in-browser backend has no stream). */
      ticket: () => write<LiveTicketAnswer>(LIVE_TICKET_PATH),
    },
  };
}
