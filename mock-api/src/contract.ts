/**
 * The API contract shared by the fake backend and every app (client: ./client.ts, fake backend: ./server).
 * Type-only plus constants: importing it never pulls MirageJS into a bundle.
 */

export interface UserSummary {
  _id: string;
  firstName: string;
  lastName: string;
  userHandler: string;
  pic: string;
}

/** A member as the API returns it. `password` never leaves the server. */
export interface User extends UserSummary {
  bio: string;
  link: string;
  followers: UserSummary[];
  following: UserSummary[];
  /** Post ids. */
  bookmarks: string[];
  /** The login e-mail. */
  username: string;
  createdAt: string;
  updatedAt: string;
  /** Numeric id as text. */
  id: string;
}

export interface Reply {
  /** Client-generated unique id. */
  _id: string;
  user: UserSummary;
  content: string;
  createdAt?: string;
}

export interface Comment {
  _id: string;
  postId: string;
  content: string;
  user: UserSummary;
  votes: { upvotedBy: UserSummary[] };
  replies: Reply[];
  createdAt: string;
  updatedAt: string;
}

export interface Post {
  _id: string;
  /** Author _id. */
  userId: string;
  content: string;
  /** Image URL, inline data URL, or ''. */
  pic: string;
  /** Author's username (login e-mail). */
  username: string;
  createdAt: string;
  updatedAt: string;
  id: string;
  likes: { likeCount: number; likedBy: UserSummary[]; dislikedBy: UserSummary[] };
  comments: Comment[];
}

export interface PostDraft {
  content: string;
  pic: string;
}

export interface SignupInput {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface LoginInput {
  username: string;
  password: string;
}

export interface UserEdit {
  pic?: string;
  bio?: string;
  link?: string;
  firstName?: string;
  lastName?: string;
}

export interface CommentEdit {
  content: string;
  replies?: Reply[];
}

// ---- Answers (one per endpoint of ./client.ts) ----
export interface LoginAnswer {
  foundUser: User;
  encodedToken: string;
}
export interface SignupAnswer {
  createdUser: User;
  encodedToken: string;
}
export interface UsersAnswer {
  users: User[];
}
export interface UserAnswer {
  user: User;
}
export interface BookmarksAnswer {
  bookmarks: string[];
}
export interface FollowAnswer {
  user: User;
  allUsers: User[];
}
export interface PostsAnswer {
  posts: Post[];
}
export interface PostAnswer {
  post: Post;
}
export interface CommentsAnswer {
  comments: Comment[];
}
export interface TodosAnswer {
  todos: { _id: string; title: string; done: boolean }[];
}

/**
 * Every v1 call (SPEC §7) by name: [method, path under /api]. Both backends register exactly
 * these (the bindings: ./core/v1-routes.ts) and ./client.ts calls them.
 */
export const V1_ROUTES = {
  login: ['POST', '/auth/login'],
  signup: ['POST', '/auth/signup'],
  logout: ['POST', '/auth/logout'],
  users: ['GET', '/users'],
  userById: ['GET', '/users/id/:userId'],
  userByHandle: ['GET', '/users/handler/:userHandler'],
  editUser: ['POST', '/users/edit'],
  bookmarks: ['GET', '/users/bookmark'],
  bookmark: ['POST', '/users/bookmark/:postId'],
  removeBookmark: ['POST', '/users/remove-bookmark/:postId'],
  follow: ['POST', '/users/follow/:followUserId'],
  unfollow: ['POST', '/users/unfollow/:followUserId'],
  posts: ['GET', '/posts'],
  postsPage: ['GET', '/posts/:limit/:page'],
  post: ['GET', '/posts/:postId'],
  postsByUser: ['GET', '/posts/user/:username'],
  createPost: ['POST', '/posts'],
  editPost: ['POST', '/posts/edit/:postId'],
  deletePost: ['DELETE', '/posts/:postId'],
  like: ['POST', '/posts/like/:postId'],
  dislike: ['POST', '/posts/dislike/:postId'],
  comments: ['GET', '/comments/:postId'],
  addComment: ['POST', '/comments/add/:postId'],
  editComment: ['POST', '/comments/edit/:postId/:commentId'],
  deleteComment: ['POST', '/comments/delete/:postId/:commentId'],
  upvoteComment: ['POST', '/comments/upvote/:postId/:commentId'],
} as const;

export type V1RouteName = keyof typeof V1_ROUTES;

/** A route's path with its `:params` filled in order, each percent-encoded. */
export function routePath(path: string, params: readonly string[] = []): string {
  let next = 0;
  return path.replace(/:\w+/g, () => encodeURIComponent(params[next++] ?? ''));
}

/** What a token carries (both backends sign it as HS256, JWT-shaped; revocation is by `jti`). */
export interface TokenPayload {
  _id: string;
  username: string;
  /** Issued at, seconds since 1970. */
  iat: number;
  /** Expires at, seconds since 1970 (LIMITS.tokenLifetimeMs after iat). */
  exp: number;
  /** Token id, unique per token: two logins in the same second still get different ones. */
  jti: string;
}

/** The body of every error answer: `errors` is a list of messages. */
export interface ErrorBody {
  errors: string[];
}

/** Exact server messages (including the ownership and input refusals). */
export const SERVER_ERRORS = {
  usernameExists: 'Unprocessable Entity. Username Already Exists.',
  userNotFound: 'The username you entered is not Registered. Not Found error',
  badCredentials: 'The credentials you entered are invalid. Unauthorized access error.',
  badToken: 'The token is invalid. Unauthorized access error.',
  alreadyLiked: 'Cannot like a post that is already liked. ',
  alreadyDisliked: 'Cannot dislike a post that is already disliked. ',
  deleteNotOwner: "Cannot delete a Post doesn't belong to the logged in User.",
  editNotOwner: "Cannot edit a Post doesn't belong to the logged in User.",
  commentEditNotOwner: "Cannot edit a Comment doesn't belong to the logged in User.",
  commentDeleteNotAllowed: 'Only the comment author or the post author can delete this Comment.',
  alreadyBookmarked: 'This Post is already bookmarked',
  notBookmarked: 'Post not bookmarked yet',
  alreadyFollowing: 'User Already following',
  notFollowing: 'User already not following',
  postNotFound: 'The post you requested does not exist. Not Found error',
  commentNotFound: 'The comment you requested does not exist. Not Found error',
  memberNotFound: 'The member you requested does not exist. Not Found error',
  storageFull: 'The browser storage is full, so this change was not saved.',
  /** 405, with an `Allow` header naming the methods the path takes. */
  methodNotAllowed: 'This method is not allowed on this path. Method Not Allowed error',
  /** 400 for a path that cannot be decoded (a broken percent-escape). */
  malformedPath: 'The request path is malformed. Bad Request error',
  /** 500 from api-server for a call that changes something (POST, DELETE): its transaction was rolled back. */
  unexpectedChange: 'Unexpected server error. The change was not saved; try again.',
  /** 500 from api-server for a read (GET, HEAD, OPTIONS): nothing was to be saved, so it says nothing of a change. */
  unexpectedRead: 'Unexpected server error. This could not be loaded; try again.',
  /** 403: a password change whose current password is wrong (nothing changed). */
  wrongCurrentPassword: 'The current password is not correct. Your password was not changed.',
  /** 400: a password change whose new password is the current one (nothing changed). */
  samePassword: 'The new password is the same as the current one. Choose a different password.',
  /** 409: a password change that lost to another one made at the same time (another tab): nothing changed. */
  passwordChangedMeanwhile: 'Your password was just changed from another tab or device, so this change was not made. Use the new password.',
  /** 403: an account deletion confirmed with a wrong password (nothing deleted). */
  wrongDeletePassword: 'The password is not correct. Your account was not deleted.',
  /** 403: the member acted on someone who blocked them (follow, like, dislike, comment, reply, upvote). */
  blockedByMember: "You can't interact with this member's posts, comments or profile. Forbidden error",
  /** 403: the member acted on someone they blocked. */
  youBlockedMember: 'You have blocked this member. Unblock them to do this. Forbidden error',
  /** 403: a call only moderators may make (reading or deciding reports). */
  notModerator: 'Only moderators can see or decide reports. Forbidden error',
} as const;

/** Client messages (form checks and toasts). */
export const CLIENT_MESSAGES = {
  emailFormat: 'Email should be in correct format',
  emptyField: (field: string) => `${field} shouldn't be empty`,
  emptyName: "Firstname or lastname can't be empty",
  passwordRule: 'Password should be in 8 to 20 chars and should have one digit',
  loginFailed: 'username or password is incorrect',
  signupFailed: 'Email already exist',
  userUpdateFailed: 'There is some error while updating user',
  emptyComment: 'Pls Write something in comment box',
  emptyEditComment: 'Pls Write something in edit comment box',
  emptyReply: 'Pls Write something in reply comment box',
  bookmarkAdded: 'Bookmark added successfully',
  bookmarkRemoved: 'Removed successfully',
  postCreated: 'Post created successfully',
  postUpdated: 'Post updated successfully',
  postDeleted: 'Post deleted successfully',
  linkCopied: 'Link Copied',
  jsonError: 'Error in JSON format',
  responseUndefined: 'Response is undefined.',
  noUsers: 'No user to show',
  emptyFeed: 'No posts yet. You can go Explore Feed',
} as const;

/** The spec's password rule (SPEC §5): 8 to 20 characters with at least one digit (message: CLIENT_MESSAGES.passwordRule). */
export const PASSWORD_RULE = { min: 8, max: 20 } as const;

/** Whether a new password follows PASSWORD_RULE: signup's form, and both backends' password change. */
export function isValidPassword(value: string): boolean {
  return value.length >= PASSWORD_RULE.min && value.length <= PASSWORD_RULE.max && /\d/.test(value);
}

/** Business constants. */
export const LIMITS = {
  toastAutoCloseMs: 1500,
  searchDebounceMs: 500,
  explorePageSize: 2,
  pageChangeSpinnerMs: 500,
  emojiCount: 20,
  /** Largest image (bytes, before base64) the product keeps: it is stored in the browser. */
  maxImageBytes: 1024 * 1024,
  /** Largest JSON body either backend accepts: a post's four pictures at maxImageBytes as data: URLs (base64: 4/3), and its text. */
  maxBodyBytes: 6 * 1024 * 1024,
  defaultDelayMs: 400,
  /** A token is valid this long after login or signup (7 days); logout revokes it sooner. */
  tokenLifetimeMs: 7 * 24 * 60 * 60 * 1000,
  /** Most replies one comment holds (v1 and v2): other members cannot grow it, or its live events, without bound. */
  maxRepliesPerComment: 50,
  /** Most replies one v1 comment edit adds (the caller's own reply). */
  maxRepliesAddedPerEdit: 1,
  /** Deepest nesting of arrays and objects a JSON body may have: checked before it is read further. */
  maxJsonDepth: 32,
} as const;

/**
 * Longest text of each field the backends accept (so one request cannot fill the storage with a
 * huge string). The forms use the same numbers as their maxLength, so nothing typed is refused after the fact.
 */
export const TEXT_LIMITS = { name: 100, username: 254, password: 200, bio: 500, link: 500, post: 5000, comment: 2000 } as const;

/** The orders the explore feed pages in: newest first, or by likes plus comments. */
export const POST_SORTS = ['latest', 'trending'] as const;
export type PostSort = (typeof POST_SORTS)[number];

export const IMAGE_TYPES = [
  'image/apng',
  'image/avif',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/svg+xml',
  'image/jpg',
  'image/webp',
] as const;

/**
 * Fired on `window` by the in-browser backend when another tab changed the data (posts,
 * members, likes, comments, follows, profiles): the shell's bus reloads its lists.
 */
export const BACKEND_CHANGE_EVENT = 'social-mock-api:changed';

/** localStorage keys used across apps. */
export const STORAGE_KEYS = {
  loginItems: 'login-items',
  theme: 'theme',
  database: 'social-mock-api-db',
  mockmanRequest: 'mockman-last-request',
  /** Home as the member last saw it (shell/src/data/snapshot.ts). */
  homeSnapshot: 'orbit-home-snapshot',
} as const;

/** The four test credential sets offered on the login page (users 1 to 4 of the seed). */
export const TEST_CREDENTIALS: readonly LoginInput[] = [
  { username: 'adarsh@socialmfe.dev', password: 'adarsh123' },
  { username: 'meera@socialmfe.dev', password: 'meera1234' },
  { username: 'kabir@socialmfe.dev', password: 'kabir1234' },
  { username: 'sara@socialmfe.dev', password: 'sara12345' },
];
