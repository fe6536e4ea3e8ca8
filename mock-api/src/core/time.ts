/** Timestamps and ids the fake backend generates. */

const pad = (n: number, width = 2) => String(Math.trunc(Math.abs(n))).padStart(width, '0');

/**
 * ISO 8601 with a numeric offset (`2024-05-17T10:32:00+05:30`, as in mock-api/src/server/seed/posts.ts), not `Z`:
 * the samples and the apps' date formatting expect an offset.
 * `offsetMinutes` east of UTC; defaults to the browser's own zone.
 */
export function isoWithOffset(date: Date, offsetMinutes = -date.getTimezoneOffset()): string {
  const shifted = new Date(date.getTime() + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  return (
    `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}` +
    `T${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}` +
    `${sign}${pad(offsetMinutes / 60)}:${pad(offsetMinutes % 60)}`
  );
}

export const nowIso = (): string => isoWithOffset(new Date());

let counter = 0;

/** A unique id (no crypto.randomUUID in every test environment; uniqueness is all we need). */
export function newId(): string {
  counter = (counter + 1) % 0x10000;
  const random = () =>
    Math.floor(Math.random() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  return `${Date.now().toString(16)}-${counter.toString(16).padStart(4, '0')}-${random()}${random()}`;
}
