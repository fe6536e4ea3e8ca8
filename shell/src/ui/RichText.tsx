import React, { Fragment } from 'react';

/** The URL if it is http(s), else null: no javascript:, data: or other scheme reaches a link. */
export function safeHttpUrl(raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!/^https?:\/\//i.test(text) && (!url.hostname.includes('.') || /[\s<>"]/.test(text))) return null;
    return url.href;
  } catch {
    return null;
  }
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+|\bwww\.[^\s<>"']+/gi;
// Punctuation that ends a sentence rather than the link.
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** Text with its http(s) links made into safe links; everything else stays plain text. */
export function RichText({ text, className }: { text: string; className?: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index ?? 0;
    let raw = match[0];
    const trailing = TRAILING.exec(raw)?.[0] ?? '';
    raw = raw.slice(0, raw.length - trailing.length);
    const href = safeHttpUrl(raw);
    if (!href) continue;
    parts.push(text.slice(last, index));
    parts.push(
      <a key={index} href={href} target="_blank" rel="noopener noreferrer nofollow" onClick={(e) => e.stopPropagation()}>
        {raw}
      </a>,
    );
    last = index + raw.length;
  }
  parts.push(text.slice(last));
  return (
    <p className={className}>
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </p>
  );
}
