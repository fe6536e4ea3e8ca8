/** Reads and shrinks a picked image for upload (./image.ts's readImageFile, loaded with the first picture). */
import { IMAGE_TYPES, LIMITS } from '@social/mock-api/contract';
import {
  IMAGE_INPUT_TOO_LARGE_MESSAGE,
  IMAGE_KEPT_AS_IS_MESSAGE,
  IMAGE_MAX_SIDE,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
  type ImageReadResult,
} from './image';

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

/** Formats a browser's canvas can write, kept as they are when a photo is shrunk; others (AVIF) become WebP. */
const KEPT_FORMATS = ['image/jpeg', 'image/webp', 'image/png'];

function readAsDataUrl(blob: Blob, size: { width: number; height: number }): Promise<ImageReadResult> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ ok: true, dataUrl: String(reader.result), ...size });
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
 * The formats a photo of `type` is encoded in, first choice first: its own where a canvas can
 * write it, then WebP, then JPEG (a browser without a WebP encoder; a lossless PNG too large).
 */
function formatsFor(type: string): string[] {
  const formats = KEPT_FORMATS.includes(type) ? [type] : [];
  for (const fallback of ['image/webp', 'image/jpeg']) if (!formats.includes(fallback)) formats.push(fallback);
  return formats;
}

/**
 * Draws the photo at most IMAGE_MAX_SIDE on its longest side and encodes it in its own format
 * where it can (formatsFor), lowering quality and then size until it fits. Null when the
 * browser can't decode or draw it.
 */
async function shrink(file: Blob): Promise<{ blob: Blob; width: number; height: number } | null | 'too-large'> {
  let bitmap: ImageBitmap;
  try {
    // Turned upright from the photo's EXIF orientation, as browsers show it.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const fit = Math.min(1, IMAGE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const formats = formatsFor(file.type);
    for (const [i, attempt] of ATTEMPTS.entries()) {
      const width = Math.max(1, Math.round(bitmap.width * fit * attempt.scale));
      const height = Math.max(1, Math.round(bitmap.height * fit * attempt.scale));
      const canvas = makeCanvas(width, height);
      if (!canvas) return null;
      canvas.context.drawImage(bitmap, 0, 0, width, height);
      for (const type of formats) {
        // PNG is lossless: quality changes nothing, so it is tried once, at full size.
        if (type === 'image/png' && i > 0) continue;
        if (type === 'image/jpeg') {
          // JPEG has no transparency: on white.
          canvas.context.globalCompositeOperation = 'destination-over';
          canvas.context.fillStyle = '#ffffff';
          canvas.context.fillRect(0, 0, width, height);
        }
        const blob = await canvas.encode(type, attempt.quality);
        // A browser without that encoder answers PNG instead: the next format is tried.
        if (!blob || blob.type !== type) continue;
        if (blob.size <= LIMITS.maxImageBytes) return { blob, width, height };
        // Too large: a lossless PNG goes on to WebP at this size; a lossy format to the next attempt.
        if (type !== 'image/png') break;
      }
    }
    return 'too-large';
  } finally {
    bitmap.close();
  }
}

/** The image's size in pixels: decoded as a bitmap, or (an SVG, which some browsers can't make one of) drawn by an <img>. */
async function measure(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    if (file.type !== 'image/svg+xml' || typeof Image === 'undefined' || typeof URL.createObjectURL !== 'function') return null;
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    // An SVG with no size of its own is drawn at the replaced element's default, 300 × 150.
    return { width: image.naturalWidth || 300, height: image.naturalHeight || 150 };
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function prepareImage(file: File): Promise<ImageReadResult> {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return { ok: false, message: IMAGE_TYPE_MESSAGE };
  // A browser that can't decode here: a file within the limit goes as it is, its size unknown (0 × 0).
  if (typeof createImageBitmap !== 'function')
    return file.size > LIMITS.maxImageBytes ? { ok: false, message: IMAGE_SIZE_MESSAGE } : readAsDataUrl(file, { width: 0, height: 0 });
  if (KEPT_AS_IS_TYPES.includes(file.type)) {
    if (file.size > LIMITS.maxImageBytes) return { ok: false, message: IMAGE_KEPT_AS_IS_MESSAGE };
    const size = await measure(file);
    return size ? readAsDataUrl(file, size) : { ok: false, message: IMAGE_UNREADABLE_MESSAGE };
  }
  if (file.size > INPUT_MAX_BYTES) return { ok: false, message: IMAGE_INPUT_TOO_LARGE_MESSAGE };
  if (file.size <= KEEP_AS_IS_BYTES) {
    // Small enough already; still decoded once to check it's really an image of fitting size.
    const size = await measure(file);
    if (!size) return { ok: false, message: IMAGE_UNREADABLE_MESSAGE };
    if (Math.max(size.width, size.height) <= IMAGE_MAX_SIDE) return readAsDataUrl(file, size);
  }
  const shrunk = await shrink(file);
  if (shrunk === null) return { ok: false, message: IMAGE_UNREADABLE_MESSAGE };
  if (shrunk === 'too-large') return { ok: false, message: IMAGE_SIZE_MESSAGE };
  return readAsDataUrl(shrunk.blob, { width: shrunk.width, height: shrunk.height });
}
