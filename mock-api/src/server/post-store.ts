/**
 * The post operations' store (../core/posts.ts, PostStore) on the fake backend's data: the
 * records in memory and their indexes (./indexes.ts), for one request. Every record it changes
 * is looked up through findPost/findUser or marked with touch (./store.ts), so the backend
 * stores exactly those records, or puts them back when the request fails.
 */
import type { LiveMember } from '../contract-live';
import type { MemberV2 } from '../contract-v2';
import type { BlockSide } from '../core/blocks';
import type { Change, PostKey, PostList, PostRow, PostStore, Reaction } from '../core/posts';
import type { Ctx } from './request-context';
import { indexOf, SortedList, type Key, type RepostEntry } from './indexes';
import { homeWithReposts, memberWithReposts } from './repost-lists';
import { addPost, findPost, findUser, removePost, takeNumericId, touch, type StoredPost } from './store';
import { blockSideOf, hiddenFrom } from './safety-filters';
import { MemoryNotificationStore } from './notification-store';
import { newId } from '../core/time';
import type { StoredPicture, StoredVersion } from '../core/post-pictures';
import { MemoryPictureStore } from './post-pictures-store';
import { followedTagLists } from './followed-tags';
import { pageOfList, pageOfMerged, V2Renderer } from './v2/common';

/** A post list's sort key as the indexes keep it: times in ms (./indexes.ts, latestKey and trendingKey). */
function indexKey(after: PostKey | null): Key | null {
  if (!after) return null;
  return after.length === 2 ? [Date.parse(after[0]), after[1]] : [after[0], Date.parse(after[1]), after[2]];
}

const EMPTY_LIST = new SortedList<StoredPost>(() => null);

export class MemoryPostStore implements PostStore {
  protected readonly v2: V2Renderer;
  readonly notifications: MemoryNotificationStore;
  private readonly pictures: MemoryPictureStore;

  constructor(protected readonly ctx: Ctx) {
    this.v2 = new V2Renderer(ctx, null);
    this.notifications = new MemoryNotificationStore(ctx, this.v2);
    this.pictures = new MemoryPictureStore(ctx);
  }

  private get db() {
    return this.ctx.db;
  }

  blockBetween(memberId: string, otherId: string): BlockSide {
    return blockSideOf(this.db, memberId, otherId);
  }

  hiddenFrom(viewerId: string, now: string): string[] {
    return [...hiddenFrom(this.db, viewerId, now).hidden];
  }

  postAuthor(postId: string): string | null {
    return indexOf(this.db).postsById.get(postId)?.userId ?? null;
  }

  postPictures(postId: string): StoredPicture[] {
    return this.pictures.postPictures(postId);
  }

  setPostPictures(postId: string, pictures: StoredPicture[]): void {
    this.pictures.setPostPictures(postId, pictures);
  }

  addPostVersion(postId: string, version: Omit<StoredVersion, 'n'>): void {
    this.pictures.addPostVersion(postId, version);
  }

  readPostVersions(postId: string, before: number | null, count: number) {
    return this.pictures.readPostVersions(postId, before, count);
  }

  storePicture(value: unknown, field: string): string | undefined {
    return this.ctx.storablePic(value, field);
  }

  /** `tags` are not stored: the indexes take them from the content with the same rule (./indexes.ts, byTag). */
  insertPost(post: {
    authorId: string;
    content: string;
    pic: string;
    picAlt: string;
    tags: string[];
    now: string;
    quoteOf: string | null;
  }): string {
    const stored = addPost(this.db, {
      _id: newId(),
      id: takeNumericId(this.db),
      userId: post.authorId,
      content: post.content,
      pic: post.pic,
      picAlt: post.picAlt,
      likeCount: 0,
      likedBy: [],
      dislikedBy: [],
      comments: [],
      createdAt: post.now,
      updatedAt: post.now,
      ...(post.quoteOf === null ? {} : { quoteOf: post.quoteOf }),
    });
    return stored._id;
  }

  updatePost(postId: string, changes: { content: string; pic: string; picAlt: string; tags: string[]; now: string }): void {
    const post = findPost(this.db, postId);
    if (!post) return;
    post.content = changes.content;
    post.pic = changes.pic;
    post.picAlt = changes.picAlt;
    post.updatedAt = changes.now;
  }

  /** Its comments and reactions are inside the record; nobody keeps a bookmark of a post that is gone. */
  deletePost(postId: string): void {
    const post = findPost(this.db, postId);
    if (!post) return;
    removePost(this.db, post);
    for (const user of this.db.users)
      if (user.bookmarks.includes(postId)) touch(this.db, user).bookmarks = user.bookmarks.filter((id) => id !== postId);
  }

  setReaction(memberId: string, postId: string, kind: Reaction): Change {
    const post = findPost(this.db, postId);
    if (!post) return 'missing';
    const [mine, other] = kind === 'like' ? (['likedBy', 'dislikedBy'] as const) : (['dislikedBy', 'likedBy'] as const);
    if (post[mine].includes(memberId)) return 'same';
    post[other] = post[other].filter((id) => id !== memberId);
    post[mine].push(memberId);
    post.likeCount = post.likedBy.length;
    return 'changed';
  }

  setBookmark(memberId: string, postId: string, bookmarked: boolean): Change {
    const member = findUser(this.db, memberId);
    if (!member || !indexOf(this.db).postsById.has(postId)) return 'missing';
    if (member.bookmarks.includes(postId) === bookmarked) return 'same';
    member.bookmarks = bookmarked ? [...member.bookmarks, postId] : member.bookmarks.filter((id) => id !== postId);
    return 'changed';
  }

  private rowOf(post: StoredPost, viewerId: string | null, repost: RepostEntry | null = null): PostRow {
    const row = this.v2.postRow(post, viewerId === null ? null : (indexOf(this.db).usersById.get(viewerId) ?? null));
    return repost ? { ...row, repostedBy: { member: this.v2.author(repost.memberId), at: repost.at } } : row;
  }

  readPost(postId: string, viewerId: string | null): PostRow | null {
    const post = indexOf(this.db).postsById.get(postId);
    return post ? this.rowOf(post, viewerId) : null;
  }

  readPosts(list: PostList, after: PostKey | null, count: number, viewerId: string | null): PostRow[] {
    const indexes = indexOf(this.db);
    const key = indexKey(after);
    // What safety hides from the viewer (docs/safety.md) is skipped while the page is read, so a page stays full.
    const { hidden, blockedBy } = hiddenFrom(this.db, viewerId, this.ctx.now);
    const shown = hidden.size === 0 ? undefined : (post: StoredPost) => !hidden.has(post.userId);
    let found: StoredPost[];
    switch (list.kind) {
      case 'explore':
        found = pageOfList(indexes.all[list.sort], key, count, shown).items;
        break;
      case 'home': {
        if (list.sort === 'latest')
          return homeWithReposts(this.db, list.memberId, hidden, key, count).map((item) => this.rowOf(item.post, viewerId, item.repost));
        // Trending: me, my followers and the people I follow (SPEC §2): their lists merged, by the same keys.
        const me = indexes.usersById.get(list.memberId);
        const circle = new Set([list.memberId, ...(me?.followers ?? []), ...(me?.following ?? [])]);
        const lists = [...circle].filter((id) => !hidden.has(id)).flatMap((id) => indexes.byAuthor.get(id)?.[list.sort] ?? []);
        // And the posts of the tags I follow (./followed-tags.ts): a post there twice shows once.
        lists.push(...followedTagLists(indexes, me, list.sort));
        found = pageOfMerged(lists, key, count, shown).items;
        break;
      }
      case 'member':
        if (blockedBy.has(list.memberId)) return [];
        return memberWithReposts(this.db, list.memberId, hidden, key, count).map((item) => this.rowOf(item.post, viewerId, item.repost));
      case 'activities':
        found = blockedBy.has(list.memberId) ? [] : pageOfList(indexes.activityOf(list.memberId), key, count, shown).items;
        break;
      case 'tag':
        found = pageOfList(indexes.byTag.get(list.tag) ?? EMPTY_LIST, key, count, shown).items;
        break;
    }
    return found.map((post) => this.rowOf(post, viewerId));
  }

  readMember(memberId: string): LiveMember | null {
    const user = indexOf(this.db).usersById.get(memberId);
    return user ? this.v2.member(user) : null;
  }

  /** `likedBy` is in the order of the likes: its place is the position; the cursor's member, if still there, says where to go on. */
  readLikers(postId: string, after: readonly [number, string] | null, count: number, viewer: { memberId: string | null; now: string }) {
    const ids = indexOf(this.db).postsById.get(postId)?.likedBy ?? [];
    const users = indexOf(this.db).usersById;
    const { hidden } = hiddenFrom(this.db, viewer.memberId, viewer.now);
    const render = new V2Renderer(this.ctx, viewer.memberId === null ? null : (users.get(viewer.memberId) ?? null));
    let end = ids.length;
    if (after) {
      const at = ids.indexOf(after[1]);
      end = at >= 0 ? at : Math.min(after[0], ids.length);
    }
    const found: { position: number; member: MemberV2 }[] = [];
    for (let i = end - 1; i >= 0 && found.length < count; i -= 1) {
      const user = users.get(ids[i]!);
      if (user && !hidden.has(user._id)) found.push({ position: i, member: render.member(user) });
    }
    return found;
  }
}
