import { auth$, refreshPosts, refreshUsers } from '@social/shell/bus';
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
 * (feed page, post cards, the composer above them; a remote that fails shows its Retry when the
 * feed opens) and its data (posts and members are public reads). After the click only the login
 * call remains; the feed refreshes both once it is shown (FeedPage, AppFrame).
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
      refreshPosts().catch(() => undefined);
      refreshUsers().catch(() => undefined);
    })
    .catch(() => undefined); // The page itself shows a failed remote with Retry.
}
