import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `onVisible` when the sentinel element comes near the viewport. The observer is
 * rebuilt whenever `enabled` or `resetKey` changes; a fresh observer reports the current
 * state at once, so if the sentinel is still on screen after a load, loading continues.
 * Returns false when the browser has no IntersectionObserver (the caller offers a button).
 */
export function useSentinel(
  ref: RefObject<Element | null>,
  onVisible: () => void,
  { enabled, resetKey = 0, rootMargin = '600px 0px' }: { enabled: boolean; resetKey?: number; rootMargin?: string },
): boolean {
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);

  const supported = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || !supported) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref, enabled, resetKey, rootMargin, supported]);
  return supported;
}
