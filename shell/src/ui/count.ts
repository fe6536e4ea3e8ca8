/**
 * A count as members read it: "1 Post", "2 Posts", "0 Posts". Only for counts that are text:
 * the count buttons' names are fixed by the product for every n ("{n} Followers",
 * shared/UI-NAMES.md) and are not passed through here.
 */
export function countLabel(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
