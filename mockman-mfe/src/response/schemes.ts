/**
 * The response view's colour schemes (kept apart from ./JsonTree, so the page's first chunk
 * does not take the tree viewer). 'app', the default, follows the app's theme with colours that
 * pass WCAG AA contrast in both themes; 'standard' (react-json-view's white box, SPEC §2, its
 * faint colours darkened to AA) and 'dark' (monokai) stay selectable.
 */
export type ColourScheme = 'app' | 'standard' | 'dark';

export const DEFAULT_SCHEME: ColourScheme = 'app';

export const COLOUR_SCHEMES: readonly { value: ColourScheme; label: string }[] = [
  { value: 'app', label: 'app theme' },
  { value: 'standard', label: 'standard' },
  { value: 'dark', label: 'dark' },
];
