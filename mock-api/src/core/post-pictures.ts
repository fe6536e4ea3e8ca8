/**
 * A post's pictures (up to POST_PICTURES.max, each with a description and its size) and its edit
 * history (every earlier version: text, pictures, descriptions, time). The post operations of
 * ./posts.ts call these; both backends store them through PictureStore (the fake backend inside
 * the post's record, api-server in post_pictures and post_versions).
 */
import { POST_PICTURES, V2_ERRORS, V2_TEXT_LIMITS, type PictureV2, type PostVersionV2 } from '../contract-v2';
import { fail } from './errors';
import { isObject, text } from './validate';
import { blockedFrom, type BlockReader } from './blocks';
import { LIST_TAGS } from './lists';
import { wait, type Operation, type Step } from './operation';
import { pageFrom, pageRequest, type ListKey } from './page';

/** One picture as a store keeps it: `pic` is the store's reference (what storePicture answered). */
export interface StoredPicture {
  pic: string;
  alt: string;
  /** 0 and 0 when unknown (a picture sent as `pic`, or kept from before sizes were). */
  width: number;
  height: number;
}

/** An earlier version as a store keeps it, numbered from 1 (the post as first written) up. */
export interface StoredVersion {
  n: number;
  content: string;
  pictures: StoredPicture[];
  createdAt: string;
}

/** A picture of a draft as sent: `pic` not yet checked or stored. */
export interface PictureDraft {
  pic: unknown;
  alt: string;
  width: number;
  height: number;
}

export interface PictureStore {
  /** The post's pictures in order ([] for none); a post kept from before pictures were listed answers its one `pic`. */
  postPictures(postId: string): Step<StoredPicture[]>;
  /** The post's pictures become these (the first is also its `pic` and `picAlt`, which insertPost/updatePost set). */
  setPostPictures(postId: string, pictures: StoredPicture[]): Step<void>;
  /** Keeps a version the post had before an edit; its number is one above the last. */
  addPostVersion(postId: string, version: Omit<StoredVersion, 'n'>): Step<void>;
  /** Up to `count` earlier versions numbered below `before` (all when null), newest first, pictures as answers show them. */
  readPostVersions(
    postId: string,
    before: number | null,
    count: number,
  ): Step<(Omit<PostVersionV2, 'pictures'> & { n: number; pictures: PictureV2[] })[]>;
}

const sizeOf = (value: unknown): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > POST_PICTURES.maxSide)
    throw fail.badRequest(V2_ERRORS.badPictureSize);
  return value;
};

/**
 * `postData.pictures` read and checked (not yet stored): undefined when absent. A list of at most
 * POST_PICTURES.max objects, each with `pic` (text), an optional `alt` up to V2_TEXT_LIMITS.picAlt
 * characters, and `width` and `height` in pixels.
 */
export function pictureDraftsOf(value: unknown): PictureDraft[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw fail.badRequest(V2_ERRORS.picturesList);
  if (value.length > POST_PICTURES.max) throw fail.badRequest(V2_ERRORS.tooManyPictures);
  return value.map((item: unknown, i) => {
    if (!isObject(item) || typeof item.pic !== 'string' || !item.pic.trim()) throw fail.badRequest(V2_ERRORS.picturesList);
    const alt = text(item.alt, `pictures[${i}].alt`, { required: false, allowEmpty: true, max: V2_TEXT_LIMITS.picAlt }) ?? '';
    return { pic: item.pic, alt: alt.trim(), width: sizeOf(item.width), height: sizeOf(item.height) };
  });
}

/** Whether two lists of pictures show the same (an edit that changes none of text and pictures keeps no version). */
export const samePictures = (a: readonly StoredPicture[], b: readonly StoredPicture[]): boolean =>
  a.length === b.length &&
  a.every((p, i) => p.pic === b[i]!.pic && p.alt === b[i]!.alt && p.width === b[i]!.width && p.height === b[i]!.height);

/** The list of one post's versions: newest first by number. */
export const HISTORY_LIST: ListKey = { tag: LIST_TAGS.postHistory, shape: ['int4'] };

/**
 * A page of a post's earlier versions, newest first. Public to whoever may see the post: 404 for
 * a post that does not exist or whose author blocked the viewer, as the post itself.
 */
export function* readPostHistory(
  store: PictureStore & BlockReader & { postAuthor(postId: string): Step<string | null> },
  postId: string,
  query: Record<string, unknown>,
  viewerOf: () => Step<string | null>,
): Operation<{ versions: PostVersionV2[]; nextCursor: string | null }> {
  const request = pageRequest(query, HISTORY_LIST);
  const viewerId = yield* wait(viewerOf());
  const author = yield* wait(store.postAuthor(postId));
  if (author === null || (yield* blockedFrom(store, viewerId, author))) throw fail.postNotFound();
  const before = request.after ? (request.after[0] as number) : null;
  const found = yield* wait(store.readPostVersions(postId, before, request.limit + 1));
  const page = pageFrom(found, request, (version) => [version.n]);
  return {
    versions: page.items.map(({ content, pictures, createdAt }) => ({ content, pictures: pictures.map((p) => ({ ...p })), createdAt })),
    nextCursor: page.nextCursor,
  };
}
