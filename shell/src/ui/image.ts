import { IMAGE_TYPES, LIMITS } from '@social/mock-api/contract';

export const IMAGE_ACCEPT = [...IMAGE_TYPES, '.apng', '.avif', '.gif', '.jpeg', '.jpg', '.png', '.svg', '.webp'].join(',');
export const IMAGE_TYPE_MESSAGE = 'Only images can be added: apng, avif, gif, jpeg, jpg, png, svg or webp.';
export const IMAGE_SIZE_MESSAGE = `This image is too large to keep (the limit is ${LIMITS.maxImageBytes / (1024 * 1024)} MB). Choose a smaller one.`;
/** Animated and vector images are kept as they are (shrinking would drop the animation or the sharpness). */
export const IMAGE_KEPT_AS_IS_MESSAGE = `GIF, APNG and SVG images are kept as they are, so they must be under ${LIMITS.maxImageBytes / (1024 * 1024)} MB. Choose a smaller one or a photo (JPEG, PNG, WebP).`;
export const IMAGE_UNREADABLE_MESSAGE =
  "This image could not be read: the file may be damaged or in a format this browser can't show. Try another file.";
export const IMAGE_INPUT_TOO_LARGE_MESSAGE = 'This file is over 50 MB, too large to prepare here. Choose a smaller one.';

/** Longest side of a photo once prepared for upload. */
export const IMAGE_MAX_SIDE = 2048;
/** Photos up to this size are read and shrunk; bigger files are refused before decoding. */
const INPUT_MAX_BYTES = 50 * 1024 * 1024;
/** A photo already within the size and this many bytes is kept as it is. */
const KEEP_AS_IS_BYTES = 512 * 1024;
/** Encoding attempts: quality first, then size, until the result fits LIMITS.maxImageBytes. */
const ATTEMPTS: { quality: number; scale: number }[] = [
  { quality: 0.85, scale: 1 },
  { quality: 0.75, scale: 1 },
  { quality: 0.7, scale: 0.75 },
  { quality: 0.65, scale: 0.5 },
];
const KEPT_AS_IS_TYPES = ['image/gif', 'image/apng', 'image/svg+xml'];

export type ImageReadResult = { ok: true; dataUrl: string } | { ok: false; message: string };

function readAsDataUrl(blob: Blob): Promise<ImageReadResult> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ ok: true, dataUrl: String(reader.result) });
    reader.onerror = () => resolve({ ok: false, message: 'The image could not be read. Try another file.' });
    reader.readAsDataURL(blob);
  });
}

type Canvas2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

/** A canvas of that size and a way to encode it (OffscreenCanvas where there is one, else a <canvas>). */
function makeCanvas(
  width: number,
  height: number,
): { context: Canvas2D; encode: (type: string, quality: number) => Promise<Blob | null> } | null {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    return { context, encode: (type, quality) => canvas.convertToBlob({ type, quality }).catch(() => null) };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  return { context, encode: (type, quality) => new Promise((resolve) => canvas.toBlob(resolve, type, quality)) };
}

/**
 * Draws the photo at most IMAGE_MAX_SIDE on its longest side and encodes it as WebP (JPEG where
 * the browser can't write WebP), lowering quality and then size until it fits. Null when the
 * browser can't decode or draw it.
 */
async function shrink(file: Blob): Promise<Blob | null | 'too-large'> {
  let bitmap: ImageBitmap;
  try {
    // Turned upright from the photo's EXIF orientation, as browsers show it.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const fit = Math.min(1, IMAGE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    for (const attempt of ATTEMPTS) {
      const width = Math.max(1, Math.round(bitmap.width * fit * attempt.scale));
      const height = Math.max(1, Math.round(bitmap.height * fit * attempt.scale));
      const canvas = makeCanvas(width, height);
      if (!canvas) return null;
      canvas.context.drawImage(bitmap, 0, 0, width, height);
      let blob = await canvas.encode('image/webp', attempt.quality);
      if (!blob || blob.type !== 'image/webp') {
        // No WebP encoder (it fell back to PNG): JPEG on white, since JPEG has no transparency.
        canvas.context.globalCompositeOperation = 'destination-over';
        canvas.context.fillStyle = '#ffffff';
        canvas.context.fillRect(0, 0, width, height);
        blob = await canvas.encode('image/jpeg', attempt.quality);
      }
      if (!blob) return null;
      if (blob.size <= LIMITS.maxImageBytes) return blob;
    }
    return 'too-large';
  } finally {
    bitmap.close();
  }
}

/**
 * Checks an image the member picked and prepares it for upload (images are stored in the
 * browser): photos are shrunk to at most IMAGE_MAX_SIDE px on the longest side and re-encoded
 * (WebP or JPEG, quality 0.85), so a 12 MB phone photo becomes a few hundred KB; GIF, APNG
 * and SVG are kept as they are. Resolves with a data URL, or with a message to show.
 */
export async function readImageFile(file: File): Promise<ImageReadResult> {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return { ok: false, message: IMAGE_TYPE_MESSAGE };
  if (KEPT_AS_IS_TYPES.includes(file.type)) {
    return file.size > LIMITS.maxImageBytes ? { ok: false, message: IMAGE_KEPT_AS_IS_MESSAGE } : readAsDataUrl(file);
  }
  if (file.size > INPUT_MAX_BYTES) return { ok: false, message: IMAGE_INPUT_TOO_LARGE_MESSAGE };
  const canShrink = typeof createImageBitmap === 'function';
  if (!canShrink) return file.size > LIMITS.maxImageBytes ? { ok: false, message: IMAGE_SIZE_MESSAGE } : readAsDataUrl(file);
  if (file.size <= KEEP_AS_IS_BYTES) {
    // Small enough already; still decoded once to check it's really an image of fitting size.
    const bitmap = await createImageBitmap(file).catch(() => null);
    if (!bitmap) return { ok: false, message: IMAGE_UNREADABLE_MESSAGE };
    const fits = Math.max(bitmap.width, bitmap.height) <= IMAGE_MAX_SIDE;
    bitmap.close();
    if (fits) return readAsDataUrl(file);
  }
  const shrunk = await shrink(file);
  if (shrunk === null) return { ok: false, message: IMAGE_UNREADABLE_MESSAGE };
  if (shrunk === 'too-large') return { ok: false, message: IMAGE_SIZE_MESSAGE };
  return readAsDataUrl(shrunk);
}
