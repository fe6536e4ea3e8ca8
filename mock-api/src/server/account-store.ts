/**
 * The account operations' store (../core/account.ts, AccountStore) on the fake backend's data,
 * for one request. Every record it changes is looked up with findUser/findPost (or marked with
 * touch), and members and posts leave through removeUser/removePost, so the backend stores
 * exactly those records (a removed post's picture goes when nothing else shows it) and the
 * indexes follow (./indexes.ts).
 */
import type { AccountData, AccountStore, PasswordRefusal } from '../core/account';
import type { Ctx } from './request-context';
import { indexOf } from './indexes';
import { forgetNotificationsBy } from './notification-store';
import { findPost, findUser, removePost, removeUser, touch, type StoredPost, type StoredUser } from './store';
import { signToken } from './tokens';
import { muteInForce } from './safety-filters';
import { newId } from '../core/time';
import { picturesOfRecord, picturesShown } from './post-pictures-store';

const byCreation = <T extends { createdAt: string; _id: string }>(items: T[]): T[] =>
  items.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
const byText =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

export class MemoryAccountStore implements AccountStore {
  constructor(private readonly ctx: Ctx) {}

  private get db() {
    return this.ctx.db;
  }

  passwordMatches(memberId: string, password: string): boolean {
    const user = indexOf(this.db).usersById.get(memberId);
    return !!user && user.password === password;
  }

  /** Tokens carry no session record here: every token issued before the marker is refused from now on. */
  /** One request at a time: no other change can come between the check and the write. */
  replacePassword(memberId: string, currentPassword: string, newPassword: string): { encodedToken: string } | PasswordRefusal {
    if (!this.passwordMatches(memberId, currentPassword)) return { refused: 'wrong' };
    const user = findUser(this.db, memberId)!;
    user.password = newPassword;
    user.sessionsFrom = newId();
    return { encodedToken: signToken(user) };
  }

  accountData(memberId: string): AccountData | null {
    const indexes = indexOf(this.db);
    const user = indexes.usersById.get(memberId);
    if (!user) return null;
    const pic = this.ctx.picUrl;
    const data: AccountData = {
      profile: {
        _id: user._id,
        id: user.id,
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        userHandler: user.userHandler,
        pic: pic(user.pic),
        bio: user.bio,
        link: user.link,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
      },
      posts: [],
      postHistory: [],
      comments: [],
      replies: [],
      likes: [],
      dislikes: [],
      upvotes: [],
      bookmarks: user.bookmarks.filter((id) => indexes.postsById.has(id)).map((postId) => ({ postId })),
      reposts: [],
      follows: { following: this.handles(user.following), followers: this.handles(user.followers) },
      blocks: this.handles((user.blocks ?? []).map((b) => b.memberId)),
      mutes: this.mutesOf(user),
      followedTags: [...(user.followedTags ?? [])]
        .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
        .map((f) => ({ tag: f.tag, followedAt: f.at })),
    };
    for (const post of this.db.posts) {
      if (post.userId === memberId)
        data.posts.push({
          _id: post._id,
          content: post.content,
          pic: pic(post.pic),
          picAlt: post.picAlt ?? '',
          pictures: picturesShown(this.ctx, picturesOfRecord(post)),
          createdAt: post.createdAt,
          updatedAt: post.updatedAt,
        });
      if (post.likedBy.includes(memberId)) data.likes.push({ postId: post._id });
      if (post.dislikedBy.includes(memberId)) data.dislikes.push({ postId: post._id });
      const repost = post.reposts?.find((r) => r.memberId === memberId);
      if (repost) data.reposts.push({ postId: post._id, repostedAt: repost.at });
      for (const comment of post.comments) {
        if (comment.userId === memberId)
          data.comments.push({
            _id: comment._id,
            postId: post._id,
            content: comment.content,
            createdAt: comment.createdAt,
            updatedAt: comment.updatedAt,
          });
        if (comment.upvotedBy.includes(memberId)) data.upvotes.push({ commentId: comment._id, postId: post._id });
        for (const reply of comment.replies)
          if (reply.userId === memberId)
            data.replies.push({
              _id: reply._id,
              commentId: comment._id,
              postId: post._id,
              content: reply.content,
              createdAt: reply.createdAt,
              updatedAt: reply.updatedAt ?? reply.createdAt,
            });
      }
    }
    byCreation(data.posts);
    // Each post's earlier versions, oldest first, in the order of the posts.
    for (const { _id } of data.posts)
      for (const version of indexes.postsById.get(_id)?.versions ?? [])
        data.postHistory.push({
          postId: _id,
          content: version.content,
          pictures: picturesShown(this.ctx, version.pictures),
          createdAt: version.createdAt,
        });
    byCreation(data.comments);
    byCreation(data.replies);
    for (const list of [data.likes, data.dislikes, data.bookmarks]) list.sort(byText((item) => item.postId));
    data.upvotes.sort(byText((item) => item.commentId));
    const byPostId = byText((item: { postId: string }) => item.postId);
    data.reposts.sort((a, b) => Date.parse(a.repostedAt) - Date.parse(b.repostedAt) || byPostId(a, b));
    return data;
  }

  /** Members to the export's {memberId, userHandler}, in id order (a vanished id is left out). */
  private handles(ids: readonly string[]): { memberId: string; userHandler: string }[] {
    const users = indexOf(this.db).usersById;
    return ids
      .map((id) => users.get(id))
      .filter((u): u is StoredUser => !!u)
      .map((u) => ({ memberId: u._id, userHandler: u.userHandler }))
      .sort(byText((item) => item.memberId));
  }

  /** The member's mutes in force, in id order, each with its end. */
  private mutesOf(user: StoredUser): AccountData['mutes'] {
    const until = new Map((user.mutes ?? []).filter((m) => muteInForce(m, this.ctx.now)).map((m) => [m.memberId, m.until]));
    return this.handles([...until.keys()]).map((h) => ({ ...h, until: until.get(h.memberId) ?? null }));
  }

  deleteMember(memberId: string): void {
    const member = findUser(this.db, memberId);
    if (!member) return;
    const own = new Set<StoredPost>();
    // Their comments on other members' posts: the notifications about them go too.
    const comments = new Set<string>();
    for (const post of this.db.posts) {
      if (post.userId === memberId) own.add(post);
      else {
        for (const comment of post.comments) if (comment.userId === memberId) comments.add(comment._id);
        this.takeOutOf(post, memberId);
      }
    }
    for (const post of own) removePost(this.db, post);
    // Bookmarks of their posts, follows both ways, blocks and mutes of them, reports about them
    // (their reports go with their record), and their name on the reports they decided.
    const ownIds = new Set([...own].map((post) => post._id));
    for (const user of this.db.users) {
      if (user === member) continue;
      const bookmarks = user.bookmarks.filter((id) => !ownIds.has(id));
      const followers = user.followers.filter((id) => id !== memberId);
      const following = user.following.filter((id) => id !== memberId);
      const blocks = user.blocks?.filter((b) => b.memberId !== memberId);
      const mutes = user.mutes?.filter((m) => m.memberId !== memberId);
      const reports = user.reports
        ?.filter((r) => r.memberId !== memberId)
        .map((r) => (r.decidedBy === memberId ? { ...r, decidedBy: null } : r));
      const unchanged =
        bookmarks.length === user.bookmarks.length &&
        followers.length === user.followers.length &&
        following.length === user.following.length &&
        blocks?.length === user.blocks?.length &&
        mutes?.length === user.mutes?.length &&
        !user.reports?.some((r) => r.memberId === memberId || r.decidedBy === memberId);
      if (unchanged) continue;
      Object.assign(touch(this.db, user), { bookmarks, followers, following });
      if (blocks) user.blocks = blocks;
      if (mutes) user.mutes = mutes;
      if (reports) user.reports = reports;
    }
    forgetNotificationsBy(this.db, memberId, ownIds, comments);
    this.db.retiredHandles.push(member.userHandler.toLowerCase());
    removeUser(this.db, member);
  }

  /** The member's reactions, comments (with the replies under them), replies and upvotes out of someone else's post. */
  private takeOutOf(stored: StoredPost, memberId: string): void {
    const theirs = (id: string) => id === memberId;
    const touches =
      stored.likedBy.some(theirs) ||
      stored.dislikedBy.some(theirs) ||
      (stored.reposts ?? []).some((r) => theirs(r.memberId)) ||
      stored.comments.some((c) => theirs(c.userId) || c.upvotedBy.some(theirs) || c.replies.some((r) => theirs(r.userId)));
    if (!touches) return;
    const post = findPost(this.db, stored._id)!;
    post.likedBy = post.likedBy.filter((id) => !theirs(id));
    post.dislikedBy = post.dislikedBy.filter((id) => !theirs(id));
    post.likeCount = post.likedBy.length;
    if (post.reposts) post.reposts = post.reposts.filter((r) => !theirs(r.memberId));
    post.comments = post.comments.filter((comment) => !theirs(comment.userId));
    for (const comment of post.comments) {
      comment.upvotedBy = comment.upvotedBy.filter((id) => !theirs(id));
      comment.replies = comment.replies.filter((reply) => !theirs(reply.userId));
    }
  }
}
