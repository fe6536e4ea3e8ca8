/**
 * Pictures sent as data: URLs, the same rules on both backends (api-server/src/images.ts uses
 * these): the bytes are decoded, must be what the type says (so a page can't be uploaded as an
 * "image"), and are named by the SHA-256 of type and bytes, so each image is stored once.
 * Browser-safe (no Buffer, no node:crypto): the fake backend runs in the page.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export interface DecodedImage {
  contentType: string;
  bytes: Uint8Array;
}

/** The path an answer names a stored image by (`/api/images/<id>`, as api-server serves it). */
export const IMAGE_PATH = '/api/images/';
export const IMAGE_ID_PATTERN = /^[0-9a-f]{64}$/;
/** What GET /api/images answers for an id that names no image. */
export const IMAGE_NOT_FOUND = 'The image you requested does not exist. Not Found error';

/** The bytes of a data: URL (base64 or percent-encoded), with its type; null when it is not one or can't be decoded. */
export function decodeDataUrl(value: string): DecodedImage | null {
  const match = /^data:([^,]*),(.*)$/is.exec(value.trim());
  if (!match) return null;
  const meta = match[1]!;
  const payload = match[2]!;
  let contentType = meta.split(';')[0]!.trim().toLowerCase();
  if (contentType === 'image/jpg') contentType = 'image/jpeg';
  try {
    if (/;base64$/i.test(meta)) {
      const binary = atob(payload.replace(/\s/g, ''));
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
      return { contentType, bytes };
    }
    return { contentType, bytes: utf8ToBytes(decodeURIComponent(payload)) };
  } catch {
    // A broken base64 payload or percent-escape.
    return null;
  }
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);

/** True when the bytes look like the type claims. */
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
      const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
      return head.startsWith('<svg') || head.startsWith('<?xml');
    }
    default:
      return false;
  }
}

/** The image's id: hex SHA-256 of its type, a NUL and its bytes (the same id api-server gives it). */
export function imageIdOf({ contentType, bytes }: DecodedImage): string {
  return bytesToHex(
    sha256
      .create()
      .update(utf8ToBytes(`${contentType}\0`))
      .update(bytes)
      .digest(),
  );
}
