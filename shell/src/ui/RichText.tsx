import React, { Fragment } from 'react';
import { splitTrailing, WEB_ADDRESS_SOURCE } from '@social/mock-api/web-address';

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

const URL_PATTERN = new RegExp(WEB_ADDRESS_SOURCE, 'g');

/** An address made into a link that opens in a new tab (and only that, inside a clickable card). */
export function WebLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" onClick={(e) => e.stopPropagation()}>
      {children}
    </a>
  );
}

/** Text with its http(s) links made into safe links; everything else stays plain text. */
export function RichText({ text, className }: { text: string; className?: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index ?? 0;
    const [raw] = splitTrailing(match[0]);
    const href = safeHttpUrl(raw);
    if (!href) continue;
    parts.push(text.slice(last, index));
    parts.push(
      <WebLink key={index} href={href}>
        {raw}
      </WebLink>,
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
