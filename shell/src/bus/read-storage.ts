/**
 * A JSON value kept in localStorage, or null when it is absent, does not parse, fails `isValid`,
 * or storage is blocked: what the bus reads its session from and the data module Home's snapshot.
 */
export function readStorage<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}
