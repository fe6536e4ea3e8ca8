import type { ImageReadResult } from './image';

/**
 * Checks an image the member picked and prepares it for upload: photos larger than
 * IMAGE_MAX_SIDE px on the longest side, or over 512 KB, are shrunk and re-encoded in
 * their own format where the browser can write it (JPEG, WebP, PNG; else WebP or JPEG), so a
 * 12-megapixel phone photo becomes a few hundred KB; GIF, APNG and SVG are kept as they are.
 * Resolves with a data URL and the picture's size in pixels, or with a message to show.
 */
export async function readImageFile(file: File): Promise<ImageReadResult> {
  // The decoding and shrinking code loads with the first picture, not with every page (/login).
  const { prepareImage } = await import('./image-prepare');
  return prepareImage(file);
}
