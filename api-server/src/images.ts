/**
 * Pictures: a client sends `pic` as a data: URL (as the fake backend takes it) or an http(s)
 * URL. Data URLs are checked (type, size, and that the bytes are what the type says), kept
 * as bytes in the images table and answered as `<origin>/api/images/<id>`, never inline.
 */
import { createHash } from 'node:crypto';
import { LIMITS } from '@social/mock-api/contract';
import { fail } from '@social/mock-api/errors';
import { bytesMatchType, decodeDataUrl, IMAGE_ID_PATTERN, type DecodedImage } from '@social/mock-api/images';
import { image as checkImage, INPUT_MESSAGES } from '@social/mock-api/rules';
import { sql, type Executor } from './db';

/** What a member's or post's picture is stored as. */
export interface StoredPic {
  url: string;
  imageId: string | null;
}

/**
 * The same id as the fake backend's imageIdOf (mock-api/src/core/images.ts), with Node's native
 * hash: uploads are hashed on the server's request path.
 */
export const imageId = ({ contentType, bytes }: DecodedImage): string =>
  createHash('sha256').update(contentType).update('\0').update(bytes).digest('hex');

/** The id in a stored picture's URL as answered (`<origin>/api/images/<id>`, whatever the origin). */
const STORED_PIC_URL = /^https?:\/\/[^/?#]+\/api\/images\/([^/?#]+)$/;

/**
 * Checks a `pic` field and stores its bytes. undefined: field absent; '' : no picture;
 * otherwise the http(s) URL or the stored image's id. Same messages as the fake backend.
 * A URL of a picture stored here (an editor sends the current picture back to keep it) stays
 * that stored picture, not an outside link to it: else the picture would count as unused and
 * be deleted (image-cleanup.ts), and the member's or post's picture would answer 404.
 */
export async function storePic(ex: Executor, value: unknown, field: string): Promise<StoredPic | undefined> {
  const checked = checkImage(value, field);
  if (checked === undefined) return undefined;
  if (!checked.startsWith('data:')) {
    const id = STORED_PIC_URL.exec(checked)?.[1];
    if (id && IMAGE_ID_PATTERN.test(id) && (await sql`select 1 as found from images where id = ${id}`.execute(ex)).rows.length > 0)
      return { url: '', imageId: id };
    return { url: checked, imageId: null };
  }
  // Decoded and checked as the fake backend does it.
  const decoded = decodeDataUrl(checked);
  if (!decoded || decoded.bytes.length === 0 || !bytesMatchType(decoded)) throw fail.badRequest(INPUT_MESSAGES.imageType);
  if (decoded.bytes.length > LIMITS.maxImageBytes) throw fail.tooLarge(INPUT_MESSAGES.imageTooLarge);
  const id = imageId(decoded);
  await sql`insert into images (id, content_type, bytes, byte_size) values (${id}, ${decoded.contentType}, ${Buffer.from(decoded.bytes.buffer, decoded.bytes.byteOffset, decoded.bytes.byteLength)}, ${decoded.bytes.length})
    on conflict (id) do nothing`.execute(ex);
  return { url: '', imageId: id };
}

/** The `pic` of an answer: the stored image's URL on this API's origin, the external URL, or ''. */
export const picUrl = (origin: string, url: string, imageIdValue: string | null): string =>
  imageIdValue ? `${origin}/api/images/${imageIdValue}` : url;

/**
 * A stored picture as the core's operations compare it (mock-api/src/core): `image:<id>` for a
 * stored image, else its URL ('' for none). Two references are equal exactly when answers show
 * the same picture.
 */
const IMAGE_REF = 'image:';
export const pictureRef = (url: string, imageIdValue: string | null): string => (imageIdValue ? `${IMAGE_REF}${imageIdValue}` : url);
export const pictureColumns = (ref: string): StoredPic =>
  ref.startsWith(IMAGE_REF) ? { url: '', imageId: ref.slice(IMAGE_REF.length) } : { url: ref, imageId: null };
