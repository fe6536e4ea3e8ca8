/**
 * IndexedDB for Jest: fake-indexeddb in place of the browser's. jsdom's window has no
 * structuredClone, which fake-indexeddb uses to copy values; Node's v8 serializer is the
 * same algorithm, except that it can't copy jsdom's Blobs. A Blob is immutable, so a copy may
 * be the same Blob: they are set aside before serialising and put back after.
 */
import { deserialize, serialize } from 'v8';
import 'fake-indexeddb/auto';

const BLOB_MARK = '__fakeIndexedDbBlob';

function cloneWithBlobs<T>(value: T): T {
  const blobs: Blob[] = [];
  const strip = (item: unknown): unknown => {
    if (typeof Blob !== 'undefined' && item instanceof Blob) {
      blobs.push(item);
      return { [BLOB_MARK]: blobs.length - 1 };
    }
    if (Array.isArray(item)) return item.map(strip);
    if (item && typeof item === 'object' && Object.getPrototypeOf(item) === Object.prototype) {
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, strip(inner)]));
    }
    return item;
  };
  const restore = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(restore);
    if (item && typeof item === 'object' && Object.getPrototypeOf(item) === Object.prototype) {
      const record = item as Record<string, unknown>;
      if (typeof record[BLOB_MARK] === 'number' && Object.keys(record).length === 1) return blobs[record[BLOB_MARK]];
      return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, restore(inner)]));
    }
    return item;
  };
  const copy = deserialize(serialize(strip(value)));
  return (blobs.length > 0 ? restore(copy) : copy) as T;
}

if (typeof globalThis.structuredClone !== 'function') {
  Object.assign(globalThis, { structuredClone: cloneWithBlobs });
}
