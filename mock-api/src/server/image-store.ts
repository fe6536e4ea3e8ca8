/**
 * The fake backend's pictures. A member's or post's `pic` is stored as a reference,
 * `/api/images/<id>`, and each image once, in IndexedDB's `images` store (./idb.ts), so posts
 * stay small and a like never copies a photo.
 *
 * Answers name an image by a URL the page can show without the bytes in the answer. In the
 * product the backend runs in the service worker (../worker/), which answers `/api/images/<id>`
 * itself, so answers name the image by that path (`urls: 'path'`): one stable URL for every tab
 * and every load. Where the backend runs in the page (a remote's dev page, a browser without
 * service workers) answers name it by an object URL (`URL.createObjectURL`) of the stored Blob,
 * made the first time the image is answered and kept for the page's life.
 *
 * Two kinds stay data: URLs, stored as their text: SVGs sent by members (an object URL is of this
 * site's origin, so an SVG opened from it on its own could run script; a data: URL can't) and
 * every image where the page can't make object URLs (Jest's jsdom). The seed's own drawings
 * are object URLs.
 */
import { createSeedDb, DEFAULT_AVATAR, POST_IMAGES } from './seed';
import { decodeDataUrl, bytesMatchType, imageIdOf, IMAGE_ID_PATTERN, IMAGE_PATH, type DecodedImage } from '../core/images';
import type { Db, StoredPost, StoredUser } from './store';
import { picsOfRecord } from './post-pictures-store';

/** One stored image: a Blob, or (see above) its data: URL. */
export interface StoredImage {
  id: string;
  type: string;
  /** Bytes. */
  size: number;
  blob?: Blob;
  dataUrl?: string;
}

const imageRef = (id: string): string => `${IMAGE_PATH}${id}`;

/** The id a stored `pic` refers to, or null for '' and external URLs. */
export function refId(pic: string): string | null {
  if (!pic.startsWith(IMAGE_PATH)) return null;
  const id = pic.slice(IMAGE_PATH.length);
  return IMAGE_ID_PATTERN.test(id) ? id : null;
}

/** The ids of the stored images these records' pictures refer to (a post's every picture and its earlier versions' too). */
export function referencedIds(records: Iterable<StoredUser | StoredPost>): Set<string> {
  const ids = new Set<string>();
  for (const record of records) {
    for (const pic of 'content' in record ? picsOfRecord(record) : [record.pic]) {
      const id = refId(pic);
      if (id) ids.add(id);
    }
  }
  return ids;
}

const canMakeObjectUrls = (): boolean =>
  typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function' && typeof Blob !== 'undefined';

let seedIds: Set<string> | null = null;
/** Ids of the seed's own drawings (trusted SVGs). */
function seedImageIds(): Set<string> {
  if (!seedIds) {
    seedIds = new Set();
    const seed = createSeedDb();
    for (const url of [DEFAULT_AVATAR, ...Object.values(POST_IMAGES), ...seed.users.map((u) => u.pic), ...seed.posts.map((p) => p.pic)]) {
      const decoded = decodeDataUrl(url);
      if (decoded) seedIds.add(imageIdOf(decoded));
    }
  }
  return seedIds;
}

/** How answers name a stored image: an object URL made in the page, or its `/api/images/<id>` path. */
export type ImageUrls = 'object' | 'path';

export class ImageStore {
  constructor(private readonly urlsOf: ImageUrls = 'object') {}

  private readonly images = new Map<string, StoredImage>();
  /** Object URLs made by this page, both ways. */
  private readonly urls = new Map<string, string>();
  private readonly idsByUrl = new Map<string, string>();
  /** The same data: URL text seen again (the seed's pictures, thousands of benchmark posts) is not decoded again. */
  private readonly idsByDataUrl = new Map<string, string>();
  /** Images added by the write under way, not yet stored. */
  private pending = new Map<string, StoredImage>();

  has(id: string): boolean {
    return this.images.has(id);
  }

  get(id: string): StoredImage | undefined {
    return this.images.get(id);
  }

  /** Images read from storage. */
  addStored(images: Iterable<StoredImage>): void {
    for (const image of images) if (!this.images.has(image.id)) this.images.set(image.id, image);
  }

  /** Starts a write: images added from now on are its own (`takePending`, or `dropPending` if it fails). */
  beginWrite(): void {
    this.pending = new Map();
  }

  takePending(): StoredImage[] {
    const list = [...this.pending.values()];
    this.pending = new Map();
    return list;
  }

  dropPending(): void {
    for (const id of this.pending.keys()) this.forget(id);
    this.pending = new Map();
  }

  private forget(id: string): void {
    this.images.delete(id);
    for (const [text, known] of this.idsByDataUrl) if (known === id) this.idsByDataUrl.delete(text);
    // A write that was not stored: the object URL its answer would have named is let go.
    const url = this.urls.get(id);
    if (url !== undefined) {
      this.urls.delete(id);
      this.idsByUrl.delete(url);
      URL.revokeObjectURL?.(url);
    }
  }

  /**
   * Stores a checked data: URL's image (once per content) and returns its reference. With
   * `verify`, bytes that are not what the type says are refused (null).
   */
  addDataUrl(dataUrl: string, verify: boolean): string | null {
    const known = this.idsByDataUrl.get(dataUrl);
    if (known && this.images.has(known)) return imageRef(known);
    const decoded = decodeDataUrl(dataUrl);
    if (!decoded || decoded.bytes.length === 0 || (verify && !bytesMatchType(decoded))) return null;
    const id = imageIdOf(decoded);
    this.idsByDataUrl.set(dataUrl, id);
    if (!this.images.has(id)) {
      const image = this.make(id, decoded, dataUrl);
      this.images.set(id, image);
      this.pending.set(id, image);
    }
    return imageRef(id);
  }

  private make(id: string, decoded: DecodedImage, dataUrl: string): StoredImage {
    const base = { id, type: decoded.contentType, size: decoded.bytes.length };
    const canKeepBlobs = this.urlsOf === 'path' ? typeof Blob !== 'undefined' : canMakeObjectUrls();
    const inline = !canKeepBlobs || (decoded.contentType === 'image/svg+xml' && !seedImageIds().has(id));
    if (inline) return { ...base, dataUrl };
    // A copy, so the Blob does not keep the decoding buffer's view alive.
    return { ...base, blob: new Blob([decoded.bytes.slice()], { type: decoded.contentType }) };
  }

  /** Moves every inline data: URL picture of `db` into the store; returns the records it changed. */
  extract(db: Db): { users: Db['users']; posts: Db['posts'] } {
    const changed: { users: Db['users']; posts: Db['posts'] } = { users: [], posts: [] };
    for (const user of db.users) {
      if (!user.pic.startsWith('data:')) continue;
      // Stored data was checked when it was sent; an unreadable picture becomes no picture rather than a broken one.
      user.pic = this.addDataUrl(user.pic, false) ?? '';
      changed.users.push(user);
    }
    for (const post of db.posts) {
      if (!post.pic.startsWith('data:')) continue;
      post.pic = this.addDataUrl(post.pic, false) ?? '';
      changed.posts.push(post);
    }
    return changed;
  }

  /** The images `db` refers to that this page knows (what a full store of `db` writes). */
  referencedBy(db: Db): StoredImage[] {
    return [...referencedIds([...db.users, ...db.posts])].flatMap((id) => this.images.get(id) ?? []);
  }

  /** What an answer shows for a stored `pic`: an object URL, a data: URL, or the value itself ('' or an external URL). */
  display(pic: string): string {
    const id = refId(pic);
    if (!id) return pic;
    const image = this.images.get(id);
    if (!image) return pic;
    if (image.dataUrl) return image.dataUrl;
    if (this.urlsOf === 'path') return pic;
    let url = this.urls.get(id);
    if (url === undefined) {
      if (!image.blob || !canMakeObjectUrls()) return pic;
      url = URL.createObjectURL(image.blob);
      this.urls.set(id, url);
      this.idsByUrl.set(url, id);
    }
    return url;
  }

  /**
   * The reference of a URL this backend answered (an object URL of this page, or
   * `/api/images/<id>` with or without this origin), so an edit that sends the shown picture
   * back keeps it; null for anything else.
   */
  refOfUrl(value: string): string | null {
    const byUrl = this.idsByUrl.get(value);
    if (byUrl) return imageRef(byUrl);
    let path = value;
    if (typeof location !== 'undefined' && value.startsWith(`${location.origin}/`)) path = value.slice(location.origin.length);
    const id = refId(path);
    return id && this.images.has(id) ? imageRef(id) : null;
  }

  /** The image's bytes as a Blob (GET /api/images/<id>). */
  blobOf(id: string): Blob | null {
    const image = this.images.get(id);
    if (!image) return null;
    if (image.blob) return image.blob;
    const decoded = image.dataUrl ? decodeDataUrl(image.dataUrl) : null;
    return decoded ? new Blob([decoded.bytes.slice()], { type: image.type }) : null;
  }
}
