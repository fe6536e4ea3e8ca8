import React from 'react';
import ReactJson from '@microlink/react-json-view';

export type ColourScheme = 'standard' | 'dark';

/** react-json-view themes per colour scheme; the box colours make each readable on either app theme. */
const THEMES = {
  standard: { theme: 'rjv-default', background: '#ffffff' },
  dark: { theme: 'monokai', background: '#272822' },
} as const;

interface Props {
  name: string;
  src: object;
  scheme: ColourScheme;
}

/** One JSON tree of the response (arrays grouped after 100 items, indent 4). */
export default function JsonTree({ name, src, scheme }: Props) {
  const { theme, background } = THEMES[scheme];
  return (
    <div className="mockman-tree" style={{ background }}>
      <ReactJson src={src} name={name} theme={theme} groupArraysAfterLength={100} indentWidth={4} style={{ background }} />
    </div>
  );
}
