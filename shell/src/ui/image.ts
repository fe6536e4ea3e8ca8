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

/** A picture ready to upload, with its size in pixels (0 × 0 where this browser can't decode it). */
export type ImageReadResult = { ok: true; dataUrl: string; width: number; height: number } | { ok: false; message: string };
