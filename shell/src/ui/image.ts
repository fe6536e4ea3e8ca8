import { IMAGE_TYPES, LIMITS } from '@social/mock-api/contract';

export const IMAGE_ACCEPT = [...IMAGE_TYPES, '.apng', '.avif', '.gif', '.jpeg', '.jpg', '.png', '.svg', '.webp'].join(',');
export const IMAGE_TYPE_MESSAGE = 'Only images can be added: apng, avif, gif, jpeg, jpg, png, svg or webp.';
export const IMAGE_SIZE_MESSAGE = `This image is too large to keep (the limit is ${LIMITS.maxImageBytes / (1024 * 1024)} MB). Choose a smaller one.`;

export type ImageReadResult = { ok: true; dataUrl: string } | { ok: false; message: string };

/** Checks type and size, then reads the file as a data URL (images are stored in the browser). */
export function readImageFile(file: File): Promise<ImageReadResult> {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return Promise.resolve({ ok: false, message: IMAGE_TYPE_MESSAGE });
  if (file.size > LIMITS.maxImageBytes) return Promise.resolve({ ok: false, message: IMAGE_SIZE_MESSAGE });
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ ok: true, dataUrl: String(reader.result) });
    reader.onerror = () => resolve({ ok: false, message: 'The image could not be read. Try another file.' });
    reader.readAsDataURL(file);
  });
}
