/**
 * Keeps the data across page reloads: the whole database is saved in localStorage
 * (STORAGE_KEYS.database) after every successful write and read back at start.
 */
import { STORAGE_KEYS } from '../contract';
import { DB_VERSION, type Db } from './store';

/** The browser refused to store the data (quota exceeded or storage disabled). */
export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super('The browser storage refused the data.', { cause });
    this.name = 'StorageFullError';
  }
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    // Some privacy modes throw on the mere access.
    return null;
  }
}

export const storageAvailable = (): boolean => storage() !== null;

function looksLikeDb(value: unknown): value is Db {
  if (!value || typeof value !== 'object') return false;
  const db = value as Partial<Db>;
  return db.version === DB_VERSION && typeof db.nextId === 'number' && Array.isArray(db.users) && Array.isArray(db.posts);
}

/** The stored database, or null when there is none or it can't be read (then the caller seeds). */
export function loadDb(): { db: Db; json: string } | null {
  try {
    const json = storage()?.getItem(STORAGE_KEYS.database);
    if (!json) return null;
    const parsed: unknown = JSON.parse(json);
    if (!looksLikeDb(parsed)) return null;
    if (!Array.isArray(parsed.revoked)) parsed.revoked = [];
    return { db: parsed, json };
  } catch {
    return null;
  }
}

/** Stores the serialized database; throws StorageFullError when the browser refuses (the old value stays). */
export function saveDb(json: string): void {
  const store = storage();
  if (!store) throw new StorageFullError(new Error('localStorage is not available'));
  try {
    store.setItem(STORAGE_KEYS.database, json);
  } catch (error) {
    throw new StorageFullError(error);
  }
}

export function clearStoredDb(): void {
  try {
    storage()?.removeItem(STORAGE_KEYS.database);
  } catch {
    // Nothing stored or no storage: nothing to clear.
  }
}
