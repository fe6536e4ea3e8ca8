/**
 * A count as members read it: "1 Post", "2 Posts", "0 Posts". The plural is given, not made, so
 * the names the product fixes for n ≠ 1 ("{n} Followers", shared/UI-NAMES.md) stay as written.
 */
export function countLabel(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
