import React, { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { LIMITS } from '@social/mock-api/contract';
import { events$, useTheme } from '@social/shell/bus';

/** Shows the bus's toast events: bottom-right, closing after 1500 ms (LIMITS in mock-api/src/contract.ts). */
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
  return <ToastContainer position="bottom-right" autoClose={LIMITS.toastAutoCloseMs} theme={theme} newestOnTop />;
}
