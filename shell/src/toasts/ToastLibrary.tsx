/**
 * react-toastify and our settings for it. Loaded by ToastHost with import() when the first toast
 * is raised, so the library is not in the shell's start-up code (no toast shows on /login until
 * the member acts). react-toastify 11 injects its own stylesheet when its container first
 * renders, so only our fades are imported here.
 */
import React, { useEffect } from 'react';
import { ToastContainer, cssTransition, toast } from 'react-toastify';
import './toasts.css';
import { LIMITS } from '@social/mock-api/contract';
import type { Theme, ToastType } from '@social/shell/bus';

/** Length of the fade in and of the fade out (the same figures as toasts.css). */
export const TOAST_ENTER_MS = 150;
export const TOAST_EXIT_MS = 150;

/**
 * react-toastify starts counting `autoClose` only when the enter animation ends, then plays
 * the exit animation (and by default pauses while the window has no focus): with its 500 ms
 * bounce in and out, a 1500 ms toast stayed about 2.5 s. Short fades, a countdown shortened by
 * both of them and no pause on focus loss make a toast gone 1500 ms after it appears
 * (hovering it still pauses the countdown).
 */
export const TOAST_COUNTDOWN_MS = LIMITS.toastAutoCloseMs - TOAST_ENTER_MS - TOAST_EXIT_MS;

const Fade = cssTransition({ enter: 'orbit-toast-enter', exit: 'orbit-toast-exit', collapse: false });

/** Shows one toast in the container below. */
export function showToast(toastType: ToastType, message: string): void {
  if (toastType === 'default') toast(message);
  else toast[toastType](message);
}

/**
 * Calls `onReady` once the container before it can take toasts. In a microtask after the
 * effect: React's development checks (StrictMode) drop the container's subscription right after
 * the effects of its first mount and make a new one, and a toast given to the first was lost
 * with it; by the microtask that is done (each mount's effect cancels the one before it).
 */
function WhenReady({ onReady }: { onReady: () => void }) {
  useEffect(() => {
    let mounted = true;
    queueMicrotask(() => {
      if (mounted) onReady();
    });
    return () => {
      mounted = false;
    };
  }, [onReady]);
  return null;
}

/** The toasts' container: bottom-right, newest on top, in the page's theme; `onReady` once it takes toasts. */
export function ToastLayer({ theme, onReady }: { theme: Theme; onReady: () => void }) {
  return (
    <>
      <ToastContainer
        position="bottom-right"
        autoClose={TOAST_COUNTDOWN_MS}
        transition={Fade}
        pauseOnFocusLoss={false}
        theme={theme}
        newestOnTop
      />
      <WhenReady onReady={onReady} />
    </>
  );
}
