import { useEffect, type DependencyList } from 'react';

/**
 * useEffect for loading data: the effect gets an AbortSignal that aborts when the effect is
 * cleaned up (unmount, or its dependencies changed), so an answer that comes back later checks
 * `signal.aborted` and is dropped instead of landing on a page that moved on. The one helper
 * for what data-loading hooks used to hand-roll as `alive`/`cancelled` flags.
 */
export function useAbortableEffect(effect: (signal: AbortSignal) => void | (() => void), deps: DependencyList): void {
  useEffect(() => {
    const controller = new AbortController();
    const cleanup = effect(controller.signal);
    return () => {
      controller.abort();
      cleanup?.();
    };
    // The caller's dependency list, as with useEffect (the effect is new each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
