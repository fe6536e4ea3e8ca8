/**
 * IndexedDB for Jest: fake-indexeddb in place of the browser's. jsdom's window has no
 * structuredClone, which fake-indexeddb uses to copy values; Node's v8 serializer is the
 * same algorithm.
 */
import { deserialize, serialize } from 'v8';
import 'fake-indexeddb/auto';

if (typeof globalThis.structuredClone !== 'function') {
  Object.assign(globalThis, { structuredClone: <T>(value: T): T => deserialize(serialize(value)) as T });
}
