/**
 * Post, comment and reply text as tokens: plain text, web addresses, #tags and @mentions. The
 * backends take a post's tags from it (./posts.ts), the apps draw text with it (shell's RichText),
 * so a tag is the same thing everywhere. The apps bundle it alone (`@social/mock-api/text`):
 * it imports constants only.
 *
 * The rules (docs/api.md, "Tags"):
 * - A tag is `#` and then letters, digits and `_`: Unicode letters (`\p{L}`, with the combining
 *   marks that belong to them, `\p{M}`), decimal digits (`\p{Nd}`) and `_`. It holds at least one
 *   letter and is at most TAG_MAX_LENGTH characters (code points, once normalised); a longer run
 *   or one without a letter (`#1`, `#_`) is plain text. The run ends at the first other
 *   character: `#orbit.` is the tag `orbit` then '.'.
 * - A `#` starts a tag only at the start of the text or after a character that cannot be part
 *   of a word or an address: not after a letter, digit, `_`, `#`, `&` or `/` (`a#b`, `##x`,
 *   `&#39;` and `/#x` hold no tag). A web address is read first, whole, so its `#fragment` is
 *   never a tag.
 * - Tags match case-insensitively and are stored normalised: lower case, then Unicode NFC
 *   (`#Café` written with a combining accent or a precomposed é is the tag `café`).
 * - A mention is `@` and a handle (letters, digits, `_`, and `.`, `-`, `+` inside it, as handles
 *   taken from e-mail addresses have), not after a word character or `@` (`ada@x.dev` is no
 *   mention). Whether the member exists is for the backend to say; until it does, the apps show
 *   a mention as plain text.
 */

import { V2_TEXT_LIMITS } from '../contract-v2';
import { splitTrailing, WEB_ADDRESS_SOURCE } from './web-address';

export const TAG_MAX_LENGTH = V2_TEXT_LIMITS.tag;

export type TextToken =
  | { kind: 'text'; text: string }
  /** An http(s) or www. address as written (the apps check it before linking it). */
  | { kind: 'url'; text: string }
  /** `text` as written (`#Orbit`), `tag` normalised (`orbit`). */
  | { kind: 'tag'; text: string; tag: string }
  /** `text` as written (`@Ada`), `handle` without the `@`, as written. */
  | { kind: 'mention'; text: string; handle: string };

const TAG_SOURCE = String.raw`(?<![\p{L}\p{M}\p{N}_#&\/])#([\p{L}\p{M}\p{Nd}_]+)`;
const MENTION_SOURCE = String.raw`(?<![\p{L}\p{M}\p{N}_@])@([\p{L}\p{M}\p{N}_](?:[\p{L}\p{M}\p{N}_.+-]*[\p{L}\p{M}\p{N}_])?)`;
// One pass, leftmost match first: an address starting earlier swallows a `#` inside it.
const TOKENS = new RegExp(`(${WEB_ADDRESS_SOURCE})|${TAG_SOURCE}|${MENTION_SOURCE}`, 'gu');
const TAG_BODY = /^[\p{L}\p{M}\p{Nd}_]+$/u;
const LETTER = /\p{L}/u;

/** The tag as stored and matched: lower case, NFC; null when it is not a tag by the rules above. */
export function normaliseTag(raw: string): string | null {
  const tag = raw.toLowerCase().normalize('NFC');
  if (!TAG_BODY.test(tag) || !LETTER.test(tag) || [...tag].length > TAG_MAX_LENGTH) return null;
  return tag;
}

/** The text as tokens, in order; joining their `text` gives the text back exactly. */
export function tokenize(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  let plain = '';
  const flush = () => {
    if (plain) tokens.push({ kind: 'text', text: plain });
    plain = '';
  };
  let last = 0;
  for (const match of text.matchAll(TOKENS)) {
    const at = match.index ?? 0;
    plain += text.slice(last, at);
    const [whole, url, tagBody, handle] = match;
    last = at + whole.length;
    if (url !== undefined) {
      const [address, trailing] = splitTrailing(url);
      if (address) {
        flush();
        tokens.push({ kind: 'url', text: address });
      }
      plain += address ? trailing : url;
    } else if (tagBody !== undefined) {
      const tag = normaliseTag(tagBody);
      if (tag === null) plain += whole;
      else {
        flush();
        tokens.push({ kind: 'tag', text: whole, tag });
      }
    } else if (handle !== undefined) {
      flush();
      tokens.push({ kind: 'mention', text: whole, handle });
    }
  }
  plain += text.slice(last);
  flush();
  return tokens;
}

/** How many tags one post is listed under: its first MAX_TAGS distinct ones (later #tags are still drawn as tags). */
export const MAX_TAGS = 10;

/** The text's tags, normalised, each once, in the order they first appear: the first MAX_TAGS. */
export function tagsOf(text: string): string[] {
  const tags = new Set<string>();
  for (const token of tokenize(text)) {
    if (token.kind !== 'tag') continue;
    tags.add(token.tag);
    if (tags.size === MAX_TAGS) break;
  }
  return [...tags];
}
