import { useCallback, useRef, useState } from 'react';

/**
 * Runs one call at a time. `busy` drives the disabled button and the spinner; the ref
 * refuses a second start in the same tick, before React has re-rendered the button as disabled.
 */
export function useSingleSubmit(): { busy: boolean; run: (task: () => Promise<void>) => Promise<void> } {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (task: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
