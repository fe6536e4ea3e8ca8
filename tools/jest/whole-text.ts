import type { MatcherFunction } from '@testing-library/react';

/**
 * A text matcher for the innermost element whose whole text, its children's included, is
 * `text`. For text the UI splits into elements, as the picker's emoji are drawn
 * (shell/src/ui/Emoji.tsx): `getByText('Big milestone 👏')` finds nothing there, since the
 * default matcher reads an element's own text nodes only.
 */
export function wholeText(text: string): MatcherFunction {
  return (_content, element) =>
    !!element && element.textContent === text && ![...element.children].some((child) => child.textContent === text);
}
