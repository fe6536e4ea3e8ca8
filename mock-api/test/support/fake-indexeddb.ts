/**
 * IndexedDB for Jest: fake-indexeddb in place of the browser's. jsdom's window has no
 * structuredClone, which fake-indexeddb uses to copy values; Node's v8 serializer is the
 * same algorithm, except that it can't copy jsdom's Blobs. A Blob is immutable, so a copy may
 * be the same Blob: they are set aside before serialising and put back after.
 */
import { deserialize, serialize } from 'v8';
import 'fake-indexeddb/auto';

const BLOB_MARK = '__fakeIndexedDbBlob';
/** A plain object of any realm (v8's deserialize makes Node's objects, not jsdom's). */
const isPlain = (item: unknown): item is Record<string, unknown> => {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return false;
  const proto: unknown = Object.getPrototypeOf(item);
  return proto === null || Object.getPrototypeOf(proto) === null;
};

function cloneWithBlobs<T>(value: T): T {
  const blobs: Blob[] = [];
  const strip = (item: unknown): unknown => {
    if (typeof Blob !== 'undefined' && item instanceof Blob) {
      blobs.push(item);
      return { [BLOB_MARK]: blobs.length - 1 };
    }
    if (Array.isArray(item)) return item.map(strip);
    if (isPlain(item)) {
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, strip(inner)]));
    }
    return item;
  };
  const restore = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(restore);
    if (isPlain(item)) {
      const record = item;
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
