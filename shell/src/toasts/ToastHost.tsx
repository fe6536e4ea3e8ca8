import React, { useEffect } from 'react';
import { ToastContainer, cssTransition, toast } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import './toasts.css';
import { LIMITS } from '@social/mock-api/contract';
import { events$, useTheme } from '@social/shell/bus';

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

/** Shows the bus's toast events: bottom-right, gone 1500 ms after they appear. */
export function ToastHost() {
  const theme = useTheme();
  useEffect(() => {
    const subscription = events$.subscribe((event) => {
      if (event.type !== 'toast') return;
      if (event.toastType === 'default') toast(event.message);
      else toast[event.toastType](event.message);
    });
    return () => subscription.unsubscribe();
  }, []);
  return (
    <ToastContainer
      position="bottom-right"
      autoClose={TOAST_COUNTDOWN_MS}
      transition={Fade}
      pauseOnFocusLoss={false}
      theme={theme}
      newestOnTop
    />
  );
}
