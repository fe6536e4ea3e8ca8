/**
 * Pictures: a client sends `pic` as a data: URL (as the fake backend takes it) or an http(s)
 * URL. Data URLs are checked (type, size, and that the bytes are what the type says), kept
 * as bytes in the images table and answered as `<origin>/api/images/<id>`, never inline.
 */
import { createHash } from 'node:crypto';
import { LIMITS } from '@social/mock-api/contract';
import { fail } from '@social/mock-api/errors';
import { image as checkImage, INPUT_MESSAGES } from '@social/mock-api/rules';
import { sql, type Executor } from './db';

export interface DecodedImage {
  contentType: string;
  bytes: Buffer;
}

/** What a member's or post's picture is stored as. */
export interface StoredPic {
  url: string;
  imageId: string | null;
}

/** The bytes of a data: URL (base64 or percent-encoded), with its type; null when it is not one. */
export function decodeDataUrl(value: string): DecodedImage | null {
  const match = /^data:([^,]*),(.*)$/is.exec(value.trim());
  if (!match) return null;
  const meta = match[1]!;
  const payload = match[2]!;
  let contentType = meta.split(';')[0]!.trim().toLowerCase();
  if (contentType === 'image/jpg') contentType = 'image/jpeg';
  let bytes: Buffer;
  if (/;base64$/i.test(meta)) bytes = Buffer.from(payload.replace(/\s/g, ''), 'base64');
  else {
    try {
      bytes = Buffer.from(decodeURIComponent(payload), 'utf8');
    } catch {
      return null;
    }
  }
  return { contentType, bytes };
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);

/** True when the bytes look like the type claims (so a page can't be uploaded as an "image"). */
export function bytesMatchType({ contentType, bytes }: DecodedImage): boolean {
  switch (contentType) {
    case 'image/png':
    case 'image/apng':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]);
    case 'image/jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'image/gif':
      return startsWith(bytes, [0x47, 0x49, 0x46, 0x38]);
    case 'image/webp':
      return startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8);
    case 'image/avif':
      return startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4);
    case 'image/svg+xml': {
      const head = bytes.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
      return head.startsWith('<svg') || head.startsWith('<?xml');
    }
    default:
      return false;
  }
}

export const imageId = ({ contentType, bytes }: DecodedImage): string =>
  createHash('sha256').update(contentType).update('\0').update(bytes).digest('hex');

/**
 * Checks a `pic` field and stores its bytes. undefined: field absent; '' : no picture;
 * otherwise the http(s) URL or the stored image's id. Same messages as the fake backend.
 */
export async function storePic(ex: Executor, value: unknown, field: string): Promise<StoredPic | undefined> {
  const checked = checkImage(value, field);
  if (checked === undefined) return undefined;
  if (!checked.startsWith('data:')) return { url: checked, imageId: null };
  const decoded = decodeDataUrl(checked);
  if (!decoded || decoded.bytes.length === 0 || !bytesMatchType(decoded)) throw fail.badRequest(INPUT_MESSAGES.imageType);
  if (decoded.bytes.length > LIMITS.maxImageBytes) throw fail.tooLarge(INPUT_MESSAGES.imageTooLarge);
  const id = imageId(decoded);
  await sql`insert into images (id, content_type, bytes, byte_size) values (${id}, ${decoded.contentType}, ${decoded.bytes}, ${decoded.bytes.length})
    on conflict (id) do nothing`.execute(ex);
  return { url: '', imageId: id };
}

/** The `pic` of an answer: the stored image's URL on this API's origin, the external URL, or ''. */
export const picUrl = (origin: string, url: string, imageIdValue: string | null): string =>
  imageIdValue ? `${origin}/api/images/${imageIdValue}` : url;
