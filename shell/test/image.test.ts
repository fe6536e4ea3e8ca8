/** Photos are shrunk and re-encoded before upload; animated and vector images are kept; wrong files get a message. */
import { LIMITS } from '@social/mock-api/contract';
import {
  IMAGE_INPUT_TOO_LARGE_MESSAGE,
  IMAGE_KEPT_AS_IS_MESSAGE,
  IMAGE_MAX_SIDE,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
} from '../src/ui/image';
import { readImageFile } from '../src/ui/read-image-file';

/** A stand-in for the browser's decoder and canvas: records what was drawn and encoded. */
function fakeGraphics({
  width,
  height,
  encodedBytes,
  webp = true,
}: {
  width: number;
  height: number;
  encodedBytes: (quality: number, w: number, type: string) => number;
  webp?: boolean;
}) {
  const drawn: { w: number; h: number }[] = [];
  const encoded: { type: string; quality: number }[] = [];
  const closed = { count: 0 };
  Object.assign(globalThis, {
    createImageBitmap: jest.fn(async (blob: Blob) => {
      if (blob instanceof File && blob.name.startsWith('broken')) throw new DOMException('bad', 'InvalidStateError');
      return { width, height, close: () => (closed.count += 1) };
    }),
    OffscreenCanvas: class {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {}
      getContext() {
        return {
          drawImage: (_b: unknown, _x: number, _y: number, w: number, h: number) => drawn.push({ w, h }),
          fillRect: () => undefined,
          fillStyle: '',
          globalCompositeOperation: '',
        };
      }
      async convertToBlob({ type, quality }: { type: string; quality: number }) {
        encoded.push({ type, quality });
        const out = type === 'image/webp' && !webp ? 'image/png' : type;
        return new Blob([new Uint8Array(encodedBytes(quality, this.width, type))], { type: out });
      }
    },
  });
  return { drawn, encoded, closed };
}

afterEach(() => {
  delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
  delete (globalThis as { OffscreenCanvas?: unknown }).OffscreenCanvas;
});

const bytes = (n: number, type: string, name = 'photo') => new File([new Uint8Array(n)], name, { type });

test('a 12 MB 4000×3000 phone photo becomes a 2048×1536 JPEG (its own format) at quality 0.85, a few hundred KB', async () => {
  const g = fakeGraphics({ width: 4000, height: 3000, encodedBytes: () => 380 * 1024 });
  const result = await readImageFile(bytes(12 * 1024 * 1024, 'image/jpeg', 'IMG_0001.jpg'));
  expect(result.ok).toBe(true);
  expect(result.ok && result.dataUrl).toMatch(/^data:image\/jpeg;base64,/);
  expect(result.ok && [result.width, result.height]).toEqual([2048, 1536]);
  expect(g.drawn).toEqual([{ w: 2048, h: 1536 }]);
  expect(g.encoded).toEqual([{ type: 'image/jpeg', quality: 0.85 }]);
  expect(g.closed.count).toBe(1);
  // base64 of ~380 KB
  expect(result.ok && result.dataUrl.length).toBeLessThan(600 * 1024);
});

test('a portrait photo keeps its proportions; a PNG stays PNG when it fits', async () => {
  const g = fakeGraphics({ width: 3024, height: 4032, encodedBytes: () => 300 * 1024 });
  const result = await readImageFile(bytes(5 * 1024 * 1024, 'image/png'));
  expect(result.ok && result.dataUrl).toMatch(/^data:image\/png;base64,/);
  expect(result.ok && [result.width, result.height]).toEqual([1536, 2048]);
  expect(g.drawn).toEqual([{ w: 1536, h: 2048 }]);
  expect(g.encoded.map((e) => e.type)).toEqual(['image/png']);
});

test('a PNG too large as PNG becomes WebP; without a WebP encoder, JPEG; an AVIF (no encoder) becomes WebP', async () => {
  const g = fakeGraphics({
    width: 4000,
    height: 3000,
    encodedBytes: (_q, _w, type) => (type === 'image/png' ? LIMITS.maxImageBytes + 1 : 300 * 1024),
  });
  const webp = await readImageFile(bytes(5 * 1024 * 1024, 'image/png'));
  expect(webp.ok && webp.dataUrl).toMatch(/^data:image\/webp;base64,/);
  expect(g.encoded.map((e) => e.type)).toEqual(['image/png', 'image/webp']);

  const noWebp = fakeGraphics({ width: 4000, height: 3000, encodedBytes: () => 300 * 1024, webp: false });
  const jpeg = await readImageFile(bytes(5 * 1024 * 1024, 'image/avif'));
  expect(jpeg.ok && jpeg.dataUrl).toMatch(/^data:image\/jpeg;base64,/);
  expect(noWebp.encoded.map((e) => e.type)).toEqual(['image/webp', 'image/jpeg']);
  const avif = fakeGraphics({ width: 4000, height: 3000, encodedBytes: () => 300 * 1024 });
  const fromAvif = await readImageFile(bytes(5 * 1024 * 1024, 'image/avif'));
  expect(fromAvif.ok && fromAvif.dataUrl).toMatch(/^data:image\/webp;base64,/);
  expect(avif.encoded.map((e) => e.type)).toEqual(['image/webp']);
});

test('a photo that stays too large at 0.85 is tried at lower quality, then smaller, until it fits', async () => {
  const g = fakeGraphics({
    width: 8000,
    height: 6000,
    encodedBytes: (quality, w) => (quality >= 0.75 || w > 1100 ? LIMITS.maxImageBytes + 1 : 900 * 1024),
  });
  const result = await readImageFile(bytes(30 * 1024 * 1024, 'image/webp'));
  expect(result.ok).toBe(true);
  expect(g.encoded.map((e) => e.quality)).toEqual([0.85, 0.75, 0.7, 0.65]);
  expect(g.drawn.at(-1)).toEqual({ w: 1024, h: 768 });
});

test('a photo that never fits gets the size message', async () => {
  fakeGraphics({ width: 8000, height: 6000, encodedBytes: () => LIMITS.maxImageBytes + 1 });
  expect(await readImageFile(bytes(20 * 1024 * 1024, 'image/jpeg'))).toEqual({ ok: false, message: IMAGE_SIZE_MESSAGE });
});

test('a small photo within 2048 px is kept as it is; a small one larger than that is still shrunk', async () => {
  const small = fakeGraphics({ width: 800, height: 600, encodedBytes: () => 1 });
  const kept = await readImageFile(bytes(100 * 1024, 'image/jpeg'));
  expect(kept.ok && kept.dataUrl).toMatch(/^data:image\/jpeg;base64,/);
  expect(kept.ok && [kept.width, kept.height]).toEqual([800, 600]);
  expect(small.encoded).toEqual([]);
  const wide = fakeGraphics({ width: IMAGE_MAX_SIDE * 2, height: 100, encodedBytes: () => 20 * 1024 });
  const shrunk = await readImageFile(bytes(100 * 1024, 'image/png'));
  expect(shrunk.ok && shrunk.dataUrl).toMatch(/^data:image\/png;base64,/);
  expect(wide.drawn).toEqual([{ w: IMAGE_MAX_SIDE, h: 50 }]);
});

test('GIF, APNG and SVG are kept as they are, within the limit; over it they get their own message', async () => {
  const g = fakeGraphics({ width: 4000, height: 3000, encodedBytes: () => 1 });
  for (const type of ['image/gif', 'image/apng', 'image/svg+xml']) {
    const kept = await readImageFile(bytes(300 * 1024, type));
    expect(kept.ok && kept.dataUrl.startsWith(`data:${type};base64,`)).toBe(true);
    expect(kept.ok && [kept.width, kept.height]).toEqual([4000, 3000]);
    expect(await readImageFile(bytes(LIMITS.maxImageBytes + 1, type))).toEqual({ ok: false, message: IMAGE_KEPT_AS_IS_MESSAGE });
  }
  expect(g.encoded).toEqual([]);
});

test('wrong files get a clear message: not an image, a damaged image, a huge file', async () => {
  fakeGraphics({ width: 10, height: 10, encodedBytes: () => 1 });
  expect(await readImageFile(bytes(10, 'text/plain', 'notes.txt'))).toEqual({ ok: false, message: IMAGE_TYPE_MESSAGE });
  expect(await readImageFile(bytes(10, 'image/heic', 'IMG.HEIC'))).toEqual({ ok: false, message: IMAGE_TYPE_MESSAGE });
  expect(await readImageFile(new File(['broken bytes'], 'broken.jpg', { type: 'image/jpeg' }))).toEqual({
    ok: false,
    message: IMAGE_UNREADABLE_MESSAGE,
  });
  expect(await readImageFile(new File(['broken bytes'.padEnd(600 * 1024)], 'broken-big.jpg', { type: 'image/jpeg' }))).toEqual({
    ok: false,
    message: IMAGE_UNREADABLE_MESSAGE,
  });
  expect(await readImageFile(bytes(51 * 1024 * 1024, 'image/jpeg'))).toEqual({ ok: false, message: IMAGE_INPUT_TOO_LARGE_MESSAGE });
});
