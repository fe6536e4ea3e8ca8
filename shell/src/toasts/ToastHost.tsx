import React, { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { LIMITS } from '@social/mock-api/contract';
import { events$, useTheme, type ToastType } from '@social/shell/bus';
import { loadOnce } from '@social/shell/ui';

type ToastLibrary = typeof import('./ToastLibrary');
interface RaisedToast {
  toastType: ToastType;
  message: string;
}

/**
 * react-toastify (about 14 KB gzip) is not needed until a toast is raised, and none is on /login
 * until the member acts: it is its own chunk, loaded on the first toast (not preloaded by
 * tools/webpack.factory.js, which lists only the start-up chunks). A failed load is forgotten,
 * so the next host to ask tries again.
 */
const loadToastLibrary = loadOnce<ToastLibrary>(() => import(/* webpackChunkName: "toasts" */ './ToastLibrary'));

/** Where the fallback messages show (the theme's colours, bottom-right like the library's). */
const fallbackRegion: CSSProperties = {
  position: 'fixed',
  right: 16,
  bottom: 16,
  zIndex: 9999,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  maxWidth: 'calc(100vw - 32px)',
  width: 320,
};
const fallbackToast: CSSProperties = {
  margin: 0,
  padding: '12px 16px',
  borderRadius: 8,
  background: 'var(--surface)',
  color: 'var(--text)',
  border: '1px solid var(--border)',
  boxShadow: 'var(--shadow)',
};

/** One message of the fallback, gone LIMITS.toastAutoCloseMs after it appears. */
function FallbackToast({ toast, onDone }: { toast: RaisedToast; onDone: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onDone, LIMITS.toastAutoCloseMs);
    return () => clearTimeout(timer);
  }, [onDone]);
  const accent = toast.toastType === 'error' ? 'var(--danger)' : toast.toastType === 'success' ? 'var(--success)' : 'var(--primary)';
  return <p style={{ ...fallbackToast, borderLeft: `4px solid ${accent}` }}>{toast.message}</p>;
}

/**
 * Shows the bus's toast events: bottom-right, gone 1500 ms after they appear (./ToastLibrary).
 * Toasts raised while the library is loading wait in order and show once it has arrived; if it
 * cannot be loaded, they (and every later one) are shown in a plain live region instead, so no
 * message is lost.
 */
export function ToastHost() {
  const theme = useTheme();
  const [library, setLibrary] = useState<ToastLibrary | 'failed' | null>(null);
  const [fallback, setFallback] = useState<{ id: number; toast: RaisedToast; done: () => void }[]>([]);
  // Toasts raised before anything can show them, in order; then how to show one at once.
  const waiting = useRef<RaisedToast[]>([]);
  const show = useRef<((toast: RaisedToast) => void) | null>(null);
  const nextFallbackId = useRef(0);

  useEffect(() => {
    let active = true;
    const subscription = events$.subscribe((event) => {
      if (event.type !== 'toast') return;
      const raised = { toastType: event.toastType, message: event.message };
      if (show.current) return show.current(raised);
      waiting.current.push(raised);
      loadToastLibrary().then(
        (loaded) => active && setLibrary(loaded),
        () => active && setLibrary('failed'),
      );
    });
    return () => {
      active = false;
      subscription.unsubscribe();
    };
  }, []);

  // From now on toasts show at once; those raised before, in order.
  const ready = useCallback((showOne: (toast: RaisedToast) => void) => {
    show.current = showOne;
    for (const toast of waiting.current.splice(0)) showOne(toast);
  }, []);
  // The library's container says when it takes toasts (ToastLayer's onReady).
  const libraryReady = useCallback(() => {
    if (library && library !== 'failed') ready((toast) => library.showToast(toast.toastType, toast.message));
  }, [library, ready]);
  // The fallback region is there once it renders.
  useEffect(() => {
    if (library !== 'failed') return;
    ready((toast) => {
      const id = nextFallbackId.current++;
      const done = () => setFallback((shown) => shown.filter((item) => item.id !== id));
      setFallback((shown) => [{ id, toast, done }, ...shown]);
    });
  }, [library, ready]);

  if (library === 'failed') {
    return (
      <div role="status" aria-label="Notifications" style={fallbackRegion}>
        {fallback.map((item) => (
          <FallbackToast key={item.id} toast={item.toast} onDone={item.done} />
        ))}
      </div>
    );
  }
  return library ? <library.ToastLayer theme={theme} onReady={libraryReady} /> : null;
}
