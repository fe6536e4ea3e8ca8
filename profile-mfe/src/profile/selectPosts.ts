/**
 * Which posts each profile tab shows. Pure functions over the shared posts list, so the
 * tabs follow every post change (every write answers with the whole list: mock-api/src/server/routes/posts.ts).
 */
import type { Post } from '@social/mock-api/contract';

const time = (iso: string | undefined): number => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? 0 : t;
};

/** The post's own last change: updatedAt, else createdAt. */
const postTime = (post: Post): number => Math.max(time(post.updatedAt), time(post.createdAt));

/** POSTS tab: what the member wrote, newest first. */
export function postsBy(posts: readonly Post[], userId: string): Post[] {
  return posts.filter((post) => post.userId === userId).sort((a, b) => time(b.createdAt) - time(a.createdAt));
}

/** BOOKMARKED tab: bookmarked posts in bookmark order, newest bookmark first (ids of deleted posts are skipped). */
export function bookmarkedPosts(posts: readonly Post[], bookmarks: readonly string[]): Post[] {
  const byId = new Map(posts.map((post) => [post._id, post]));
  const out: Post[] = [];
  const seen = new Set<string>();
  // The server appends each new bookmark, so the list read backwards is newest first.
  for (let i = bookmarks.length - 1; i >= 0; i -= 1) {
    const id = bookmarks[i]!;
    const post = byId.get(id);
    if (post && !seen.has(id)) {
      seen.add(id);
      out.push(post);
    }
  }
  return out;
}

/**
 * When the member last touched the post, or null if they never did: wrote, liked,
 * disliked, commented or replied. Likes carry no time, so they count as the post's own
 * last change; comments and replies count with their own times when known.
 */
export function activityTime(post: Post, userId: string): number | null {
  let involved = post.userId === userId || post.likes.likedBy.some((u) => u._id === userId) || post.likes.dislikedBy.some((u) => u._id === userId);
  let latest = involved ? postTime(post) : 0;
  for (const comment of post.comments) {
    if (comment.user._id === userId) {
      involved = true;
      latest = Math.max(latest, time(comment.updatedAt), time(comment.createdAt));
    }
    for (const reply of comment.replies) {
      if (reply.user._id === userId) {
        involved = true;
        // Older replies may have no time: fall back to the comment's.
        latest = Math.max(latest, time(reply.createdAt) || time(comment.updatedAt));
      }
    }
  }
  return involved ? latest : null;
}

/** ACTIVITIES tab: every post the member wrote or reacted to, each once, most recent activity first. */
export function activityPosts(posts: readonly Post[], userId: string): Post[] {
  return posts
    .map((post) => ({ post, at: activityTime(post, userId) }))
    .filter((entry): entry is { post: Post; at: number } => entry.at !== null)
    .sort((a, b) => b.at - a.at)
    .map((entry) => entry.post);
}
