import { backendAnswers$, useSubject } from '@social/shell/bus';

/**
 * Whether the in-browser backend serves this address: the page's own origin, under /api/.
 * Before it runs (the service worker not yet in control of a page loaded without it), the
 * browser would ask the static server, which does not have it.
 */
function servedByBackend(src: string): boolean {
  if (!src || typeof window === 'undefined') return false;
  try {
    const url = new URL(src, window.location.href);
    return url.origin === window.location.origin && url.pathname.startsWith('/api/');
  } catch {
    return false;
  }
}

/**
 * The address to give an <img> now: as it is, or '' until the backend that serves it has
 * started (started by the page's API calls, not by a picture). An address elsewhere
 * (api-server's pictures, data: URLs) is never held back.
 */
export function useServedSrc(src: string): string {
  const answers = useSubject(backendAnswers$);
  return answers || !servedByBackend(src) ? src : '';
}
