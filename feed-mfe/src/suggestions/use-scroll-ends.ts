import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface ScrollEnds {
  /** More to see on the start side (scrolled away from the start). */
  before: boolean;
  /** More to see on the end side. */
  after: boolean;
}

/** Within a pixel of an end counts as at it (fractional scroll positions on zoomed pages). */
const SLACK_PX = 1;

/**
 * Whether a sideways-scrolling element has more to show on either side, kept up to date as it
 * scrolls, resizes or its content (`contentKey`) changes.
 */
export function useScrollEnds(ref: RefObject<HTMLElement | null>, contentKey: unknown): ScrollEnds {
  const [ends, setEnds] = useState<ScrollEnds>({ before: false, after: false });
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const before = element.scrollLeft > SLACK_PX;
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - SLACK_PX;
    setEnds((old) => (old.before === before && old.after === after ? old : { before, after }));
  }, [ref]);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(element);
    // A card that leaves (a member followed) changes what there is to scroll, not the box's size.
    const children = new MutationObserver(measure);
    children.observe(element, { childList: true });
    return () => {
      element.removeEventListener('scroll', measure);
      resize?.disconnect();
      children.disconnect();
    };
  }, [ref, measure, contentKey]);
  return ends;
}
