/**
 * One load shared by every caller, for code split off the start-up chunks (Floating UI in
 * ./Popover.tsx, react-toastify in shell/src/toasts/ToastHost.tsx): the first call starts it,
 * later calls get the same promise, and a failed load is forgotten so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
