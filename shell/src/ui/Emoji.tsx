import React, { Fragment, type ReactNode } from 'react';
import { EMOJI_IMAGES } from './emoji';

/**
 * An emoji of the picker drawn as its Twemoji picture (./emoji, tools/emoji/build.js), so it
 * looks the same on every system, colour emoji font or not. It stays text: the character is
 * in the page (copied with the text, read by screen readers, found by Ctrl+F), only painted
 * transparent over the picture (ui.css `.emoji`). Any other emoji is left to the system's fonts.
 */
export function Emoji({ emoji, written = emoji }: { emoji: string; /** The text as written (❤ without its U+FE0F). */ written?: string }) {
  const image = EMOJI_IMAGES[emoji];
  if (!image) return <>{written}</>;
  return (
    <span className="emoji" style={{ backgroundImage: `url("${image}")` }}>
      {written}
    </span>
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The picker's emoji in text, each with an optional U+FE0F, but not as part of a longer emoji:
 * not joined to another by U+200D (❤️‍🔥) nor followed by a skin tone (👍🏽), which the
 * system's fonts draw whole.
 */
const PICKER_EMOJI = new RegExp(
  `(?<!\\u200d)(${Object.keys(EMOJI_IMAGES)
    .map((emoji) => emoji.replace(/\uFE0F/g, ''))
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')})\\uFE0F?(?![\\uFE0F\\u200d\\u{1F3FB}-\\u{1F3FF}])`,
  'gu',
);

/** `text` with the picker's emoji as <Emoji>s (the rest as it is), for a text's React children. */
export function withEmoji(text: string): ReactNode {
  if (!text) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PICKER_EMOJI)) {
    const index = match.index ?? 0;
    const base = match[1]!;
    // The picture's key is the picker's own spelling (❤️ with its U+FE0F); the text stays as written.
    const key = EMOJI_IMAGES[base] ? base : `${base}\uFE0F`;
    if (!EMOJI_IMAGES[key]) continue;
    if (index > last) parts.push(text.slice(last, index));
    parts.push(<Emoji key={index} emoji={key} written={match[0]} />);
    last = index + match[0].length;
  }
  if (parts.length === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return parts.map((part, i) => <Fragment key={i}>{part}</Fragment>);
}
