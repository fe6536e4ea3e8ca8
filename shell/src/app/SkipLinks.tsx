import React, { type MouseEvent } from 'react';
import { useRouteMatch } from '@social/shell/routes';

/** The id of every page's <main> (shell/src/app/App.tsx), the target of "Skip to main content". */
export const MAIN_ID = 'main';

/** Focuses an element, making it focusable by script first if it is not (tabindex -1). */
function focusElement(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex') && element.tabIndex < 0) element.setAttribute('tabindex', '-1');
  element.focus();
  element.scrollIntoView?.({ block: 'start' });
}

function skipTo(event: MouseEvent<HTMLAnchorElement>, find: () => HTMLElement | null): void {
  event.preventDefault();
  const target = find() ?? document.getElementById(MAIN_ID);
  if (target) focusElement(target);
}

/**
 * Links shown only when focused, first in the page's Tab order: to the page's content past the
 * navigation bar and, on the feeds, to the first post past the composer and the suggestions.
 */
export function SkipLinks() {
  const home = useRouteMatch('home');
  const explore = useRouteMatch('explore');
  const onFeed = !!home || !!explore;
  return (
    <div className="skip-links">
      <a
        className="skip-link visually-hidden--focusable"
        href={`#${MAIN_ID}`}
        onClick={(event) => skipTo(event, () => document.getElementById(MAIN_ID))}
      >
        Skip to main content
      </a>
      {onFeed && (
        <a
          className="skip-link visually-hidden--focusable"
          href={`#${MAIN_ID}`}
          onClick={(event) => skipTo(event, () => document.querySelector<HTMLElement>(`#${MAIN_ID} article`))}
        >
          Skip to posts
        </a>
      )}
    </div>
  );
}
