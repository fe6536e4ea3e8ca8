/**
 * Web addresses in text: what the apps make into links, and what the tokenizer (./text.ts)
 * reads whole so that an address's `#fragment` is never a tag. Apart from ./text.ts so the
 * shell's RichText (on every page, /login included) takes this rule without the tokenizer.
 */

/**
 * An http(s) address, or one starting with www., in any case (its source, for combining into
 * other patterns). Its letters are case-insensitive by their own classes, so the patterns using
 * it take no `i` flag: with `u`, that flag has V8 fold the case of every Unicode class of the
 * tokenizer's pattern when compiling it, which doubled its first run.
 */
export const WEB_ADDRESS_SOURCE = String.raw`\b[hH][tT][tT][pP][sS]?:\/\/[^\s<>"']+|\b[wW][wW][wW]\.[^\s<>"']+`;

// Punctuation that ends a sentence rather than the address.
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** A matched address without the sentence's punctuation after it: [address, punctuation]. */
export function splitTrailing(match: string): [address: string, trailing: string] {
  const trailing = TRAILING.exec(match)?.[0] ?? '';
  return [match.slice(0, match.length - trailing.length), trailing];
}
