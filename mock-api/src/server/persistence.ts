/**
 * The data as earlier versions kept it: the whole database as one JSON string in localStorage
 * (STORAGE_KEYS.database). Only read once, to move it into IndexedDB (./idb.ts), then removed.
 */
import { STORAGE_KEYS } from '../contract';
import { DB_VERSION, type Db } from './store';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    // Some privacy modes throw on the mere access.
    return null;
  }
}

function looksLikeDb(value: unknown): value is Db {
  if (!value || typeof value !== 'object') return false;
  const db = value as Partial<Db>;
  return db.version === DB_VERSION && typeof db.nextId === 'number' && Array.isArray(db.users) && Array.isArray(db.posts);
}

/** The stored database, or null when there is none or it can't be read (then the caller seeds). */
export function loadLegacyDb(): { db: Db; json: string } | null {
  try {
    const json = storage()?.getItem(STORAGE_KEYS.database);
    if (!json) return null;
    const parsed: unknown = JSON.parse(json);
    if (!looksLikeDb(parsed)) return null;
    if (!Array.isArray(parsed.revoked)) parsed.revoked = [];
    if (!Array.isArray(parsed.retiredHandles)) parsed.retiredHandles = [];
    return { db: parsed, json };
  } catch {
    return null;
  }
}

/** Removes the localStorage copy (after it moved to IndexedDB, or on a reset). */
export function clearLegacyDb(): void {
  try {
    storage()?.removeItem(STORAGE_KEYS.database);
  } catch {
    // Nothing stored or no storage: nothing to clear.
  }
}
