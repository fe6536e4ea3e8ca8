/**
 * The fake backend's side of ../core/post-pictures.ts (PictureStore): a post's pictures and its
 * earlier versions live inside its record (`pictures`, `versions`), so they go with it when it
 * is deleted, and its pictures' images stay stored while any of them shows one (./image-store.ts).
 */
import type { PictureV2 } from '../contract-v2';
import type { StoredPicture, StoredVersion } from '../core/post-pictures';
import { indexOf } from './indexes';
import type { Ctx } from './request-context';
import { findPost, type StoredPost } from './store';

/** The pictures of a stored post: its list, or (older data) its one `pic`. */
export const picturesOfRecord = (post: StoredPost): StoredPicture[] =>
  post.pictures ?? (post.pic ? [{ pic: post.pic, alt: post.picAlt ?? '', width: 0, height: 0 }] : []);

/** The pictures as answers show them. */
export const picturesShown = (ctx: Pick<Ctx, 'picUrl'>, pictures: readonly StoredPicture[]): PictureV2[] =>
  pictures.map((p) => ({ url: ctx.picUrl(p.pic), alt: p.alt, width: p.width, height: p.height }));

/** Every stored picture a post's record refers to, its earlier versions' included. */
export function picsOfRecord(post: StoredPost): string[] {
  const pics = [post.pic];
  for (const picture of post.pictures ?? []) pics.push(picture.pic);
  for (const version of post.versions ?? []) for (const picture of version.pictures) pics.push(picture.pic);
  return pics;
}

export class MemoryPictureStore {
  constructor(private readonly ctx: Ctx) {}

  postPictures(postId: string): StoredPicture[] {
    const post = indexOf(this.ctx.db).postsById.get(postId);
    return post ? picturesOfRecord(post).map((p) => ({ ...p })) : [];
  }

  setPostPictures(postId: string, pictures: StoredPicture[]): void {
    const post = findPost(this.ctx.db, postId);
    if (post) post.pictures = pictures.map((p) => ({ ...p }));
  }

  addPostVersion(postId: string, version: Omit<StoredVersion, 'n'>): void {
    const post = findPost(this.ctx.db, postId);
    if (!post) return;
    const versions = post.versions ?? [];
    post.versions = [...versions, { ...version, n: (versions[versions.length - 1]?.n ?? 0) + 1 }];
  }

  readPostVersions(postId: string, before: number | null, count: number) {
    const post = indexOf(this.ctx.db).postsById.get(postId);
    return [...(post?.versions ?? [])]
      .reverse()
      .filter((version) => before === null || version.n < before)
      .slice(0, count)
      .map((version) => ({
        n: version.n,
        content: version.content,
        createdAt: version.createdAt,
        pictures: picturesShown(this.ctx, version.pictures),
      }));
  }
}
