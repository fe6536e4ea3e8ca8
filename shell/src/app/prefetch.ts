import { filter, take } from 'rxjs';
import { auth$ } from '@social/shell/bus';
import { loadRemoteModule } from '@social/shell/federation';
import { matchPath } from '@social/shell/routes';

/** Resolves once the browser is idle after the next frame: the page on screen comes first. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 500 });
      else setTimeout(resolve, 0);
    });
  });
}

/**
 * While a signed-out member is on /login or /signup, load what the home feed needs: its code
 * (feed page, post cards, the composer above them, and the data module with TanStack Query; a
 * remote that fails shows its Retry when the feed opens). Its data needs the member's token, so
 * the first home page is asked for the moment the member is signed in, while the route changes
 * and the feed's code starts.
 */
export function prefetchWhileSignedOut(): void {
  if (auth$.value) return;
  const page = matchPath('signup', window.location.pathname) ? ('auth/SignupPage' as const) : ('auth/LoginPage' as const);
  loadRemoteModule(page)
    .then(afterPaint)
    .then(() => {
      const path = window.location.pathname;
      if (auth$.value || !(matchPath('login', path) || matchPath('signup', path))) return;
      // Loaded, not only downloaded: after the click the feed renders without waiting for a remote.
      for (const id of ['feed/FeedPage', 'post/PostCard', 'post/PostComposer'] as const) loadRemoteModule(id).catch(() => undefined);
      import('@social/shell/data')
        .then((data) => {
          auth$.pipe(filter(Boolean), take(1)).subscribe(() => {
            data.prefetchFeed('home', 'latest').catch(() => undefined);
          });
        })
        .catch(() => undefined);
    })
    .catch(() => undefined); // The page itself shows a failed remote with Retry.
}
