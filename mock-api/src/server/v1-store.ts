/**
 * The v1 reads' store (../core/v1.ts, V1Store) on the fake backend's records: they hold member
 * ids where v1 answers show members, so a row is the record with its picture's URL. Only read:
 * nothing here is tracked as changed.
 */
import type { UserSummary } from '../contract';
import { trendingScore } from '../core/posts';
import type { V1PostList, V1PostRow, V1Rows, V1Store, V1UserRow } from '../core/v1';
import { indexOf } from './indexes';
import type { Ctx } from './request-context';
import { readUser, type StoredPost, type StoredUser } from './store';

/** Parsed createdAt of each post (it never changes), so sorting thousands of posts stays cheap. */
const createdTimes = new WeakMap<StoredPost, number>();
function createdTime(post: StoredPost): number {
  let time = createdTimes.get(post);
  if (time === undefined) {
    time = Date.parse(post.createdAt);
    createdTimes.set(post, time);
  }
  return time;
}

/** A member's handle, name and picture: v1's UserSummary, v2's author of a post or comment. */
export const summaryOf = (user: StoredUser, picUrl: (stored: string) => string): UserSummary => ({
  _id: user._id,
  firstName: user.firstName,
  lastName: user.lastName,
  userHandler: user.userHandler,
  pic: picUrl(user.pic),
});

const newestFirst = (posts: readonly StoredPost[]): StoredPost[] => [...posts].sort((a, b) => createdTime(b) - createdTime(a));

export class MemoryV1Store implements V1Store {
  constructor(private readonly ctx: Pick<Ctx, 'db' | 'picUrl'>) {}

  private get db() {
    return this.ctx.db;
  }

  private readonly nameOf = (memberId: string): UserSummary | undefined => {
    const user = readUser(this.db, memberId);
    return (
      user && {
        _id: user._id,
        firstName: user.firstName,
        lastName: user.lastName,
        userHandler: user.userHandler,
        pic: this.ctx.picUrl(user.pic),
      }
    );
  };

  private byIds<T>(ids: readonly string[], byId: ReadonlyMap<string, T>): T[] {
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  v1Posts(ids?: readonly string[]): V1Rows<V1PostRow> {
    const posts = ids ? this.byIds(ids, indexOf(this.db).postsById) : newestFirst(this.db.posts);
    const rows = posts.map((post) => ({
      ...post,
      pic: this.ctx.picUrl(post.pic),
      username: readUser(this.db, post.userId)?.username ?? '',
    }));
    return { rows, nameOf: this.nameOf };
  }

  /** No password leaves: the serializer (../core/v1.ts, membersV1) takes the answer's fields only. */
  v1Users(ids?: readonly string[]): V1Rows<V1UserRow> {
    const users = ids ? this.byIds(ids, indexOf(this.db).usersById) : this.db.users;
    return { rows: users.map((user) => ({ ...user, pic: this.ctx.picUrl(user.pic) })), nameOf: this.nameOf };
  }

  v1PostIds(list: V1PostList): string[] {
    if ('authorId' in list) return newestFirst(this.db.posts.filter((post) => post.userId === list.authorId)).map((post) => post._id);
    const sorted = newestFirst(this.db.posts);
    const score = (post: StoredPost) => trendingScore({ likeCount: post.likeCount, commentCount: post.comments.length });
    // A stable sort: newest first among posts of the same score.
    if (list.sort === 'trending') sorted.sort((a, b) => score(b) - score(a));
    return sorted.slice(0, list.count).map((post) => post._id);
  }

  memberIdBy(field: 'username' | 'userHandler', value: string): string | null {
    const key = value.toLowerCase();
    return this.db.users.find((user: StoredUser) => user[field].toLowerCase() === key)?._id ?? null;
  }

  bookmarkIds(memberId: string): string[] {
    return [...(readUser(this.db, memberId)?.bookmarks ?? [])];
  }
}
