/**
 * The one primitive behind every toggle (like/dislike, upvote, bookmark, follow): the view
 * follows the member's LAST click at once, however fast they click and however slow the server.
 *
 * - `set(value)` records what the member wants now; nothing is dropped.
 * - At most one request is under way per toggle. When it settles and what the member wants
 *   differs from what the server now holds, the next request goes out; when they agree, the
 *   view falls back to the server's state (the shared list the answer updated).
 * - A failure drops the wish (the view rolls back to the server's state) and calls `onError`.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** A toggle's state: compared with Object.is, so a primitive (boolean, a choice's name). */
export type ToggleValue = string | number | boolean | null;

export interface DesiredStateOptions<T extends ToggleValue> {
  /** What the server holds, as the shared state shows it now. */
  server: T;
  /**
   * Sends ONE request moving the server from `from` to `to`, updates the shared state with the
   * answer, and returns what the server holds afterwards.
   */
  send: (to: T, from: T) => Promise<T>;
  /** Called after the view rolled back from a failed request. */
  onError: (error: unknown) => void;
  /** Called once the server holds the member's last choice, when it changed (not after a failure). */
  onSettled?: (value: T, before: T) => void;
}

export interface DesiredState<T extends ToggleValue> {
  /** What to show: the member's last choice while it is on its way, else the server's state. */
  value: T;
  /** A request is under way (for aria-busy; never a reason to ignore a click). */
  pending: boolean;
  set: (value: T) => void;
}

export function useDesiredState<T extends ToggleValue>({ server, send, onError, onSettled }: DesiredStateOptions<T>): DesiredState<T> {
  // The view of the wish (state) and the loop's copy of it (ref, read between two requests).
  const [shown, setShown] = useState<{ value: T } | null>(null);
  const [pending, setPending] = useState(false);
  const wish = useRef<{ value: T } | null>(null);
  const running = useRef(false);
  // The latest props, for a loop that outlives the render that started it.
  const latest = useRef({ server, send, onError, onSettled });
  useLayoutEffect(() => {
    latest.current = { server, send, onError, onSettled };
  });

  const run = useCallback(async () => {
    running.current = true;
    setPending(true);
    const before = latest.current.server;
    let held = before;
    try {
      while (wish.current && !Object.is(wish.current.value, held)) {
        held = await latest.current.send(wish.current.value, held);
      }
      wish.current = null;
      setShown(null);
      if (!Object.is(held, before)) latest.current.onSettled?.(held, before);
    } catch (error) {
      wish.current = null;
      setShown(null);
      latest.current.onError(error);
    } finally {
      // Also after unmount (React ignores the updates): the member's last click was still sent.
      running.current = false;
      setPending(false);
    }
  }, []);

  const set = useCallback(
    (value: T) => {
      wish.current = { value };
      setShown({ value });
      if (!running.current) void run();
    },
    [run],
  );

  return { value: shown ? shown.value : server, pending, set };
}
