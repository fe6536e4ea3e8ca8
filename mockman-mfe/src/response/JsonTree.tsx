import React from 'react';
import ReactJson, { type ThemeObject } from '@microlink/react-json-view';
import { useTheme, type Theme } from '@social/shell/bus';
import type { ColourScheme } from './schemes';

/**
 * base16 colours as react-json-view uses them: base00 background, base01/base02 the edit and
 * null-badge backgrounds, base04 item counts, base05 undefined, base07 keys and braces, base08
 * NaN, base09 strings, base0A null, base0B floats, base0C array indexes, base0D/base0E icons,
 * dates and booleans, base0F integers. Each text colour is at least 4.5:1 on base00, base01
 * and base02 (checked: the lowest is 4.98:1, light item counts on the null badge).
 */
const APP_THEMES: Record<Theme, ThemeObject> = {
  light: {
    base00: '#ffffff',
    base01: '#eef1f5',
    base02: '#e4e8ee',
    base03: '#d5dbe3',
    base04: '#536471',
    base05: '#536471',
    base06: '#14171a',
    base07: '#14171a',
    base08: '#b3261e',
    base09: '#9a3c00',
    base0A: '#6639ba',
    base0B: '#0a6b47',
    base0C: '#0b5cbf',
    base0D: '#0b5cbf',
    base0E: '#6639ba',
    base0F: '#a11d5a',
  },
  dark: {
    base00: '#16202a',
    base01: '#1f2c38',
    base02: '#2a3846',
    base03: '#2f3b47',
    base04: '#a9b5c0',
    base05: '#a9b5c0',
    base06: '#e7ecf0',
    base07: '#e7ecf0',
    base08: '#ff8a80',
    base09: '#ffb86b',
    base0A: '#d2a8ff',
    base0B: '#7ee2b8',
    base0C: '#79c0ff',
    base0D: '#79c0ff',
    base0E: '#d2a8ff',
    base0F: '#ff9bce',
  },
};

/**
 * 'standard': react-json-view's own 'rjv-default' palette on its white box, with its faint
 * colours darkened in the same hue (its item counts were rgba(0,0,0,0.3), 2.1:1; its floats and
 * booleans about 3:1). The viewer draws keys and type labels at 0.85 and 0.8 opacity: each text
 * colour is at least 4.5:1 at 0.8 on base00 and base01, and opaque on base02 (the null badge),
 * whatever the app's theme.
 */
const STANDARD_THEME: ThemeObject = {
  base00: '#ffffff',
  base01: '#f5f5f5',
  base02: '#ebebeb',
  base03: '#93a1a1',
  base04: '#4d4d4d',
  base05: '#405055',
  base06: '#073642',
  base07: '#002b36',
  base08: '#9d225e',
  base09: '#8f3510',
  base0A: '#ac1f1d',
  base0B: '#475200',
  base0C: '#40459f',
  base0D: '#405055',
  base0E: '#175853',
  base0F: '#17537e',
};

/** react-json-view themes per colour scheme, with the box's background. */
function themeOf(scheme: ColourScheme, appTheme: Theme): { theme: ThemeObject | 'monokai'; background: string } {
  if (scheme === 'standard') return { theme: STANDARD_THEME, background: STANDARD_THEME.base00 };
  if (scheme === 'dark') return { theme: 'monokai', background: '#272822' };
  const theme = APP_THEMES[appTheme];
  return { theme, background: theme.base00 };
}

/**
 * Depth from which objects and arrays start collapsed (the root is 0): the root's entries and
 * their children show; deeper levels open on a click. A long answer (GET /api/posts, with every
 * post's likes, comments and members) then draws a line per post instead of thousands of nodes.
 */
const COLLAPSED_FROM_DEPTH = 2;

interface Props {
  name: string;
  src: object;
  scheme: ColourScheme;
}

/** One JSON tree of the response (arrays grouped after 100 items, indent 4). */
export default function JsonTree({ name, src, scheme }: Props) {
  const appTheme = useTheme();
  const { theme, background } = themeOf(scheme, appTheme);
  return (
    <div className={`mockman-tree mockman-tree--${scheme}`} style={{ background }}>
      <ReactJson
        src={src}
        name={name}
        theme={theme}
        collapsed={COLLAPSED_FROM_DEPTH}
        groupArraysAfterLength={100}
        indentWidth={4}
        style={{ background }}
      />
    </div>
  );
}
